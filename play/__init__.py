"""What each action does to a chat's games, with no Telegram: record a hand, fix it, undo it,
join, leave, end, reopen, vote, start a tournament…

Each action is a function that takes a unit of work (``storage.UnitOfWork``, already holding
the chat's lock and the message's claim) and plain values, and returns a frozen outcome that
says what happened (a hand recorded, a game ended with its winners, a final started…). The
bot renders the outcome in the chat's language (``bot.texts``); nothing here writes a word
the chat reads. An action that cannot be done as asked raises a ``play.errors.Refused`` (or a
rule of the game, ``scoring.RuleBroken``): the unit of work rolls back and the bot says why.
"""
