"""A vote of the players to annul the running game, as the chat sees it: one message with a
button for each player and one to close it (the rules of the vote: ``play.vote``). A game
puts its games to a vote with a ``bot.table.Poll`` (``Game.poll``): what is voted on, in its
words; ``/tresei`` (``/voto``) is its turn, and ``bot.commands.vote`` the buttons' handler."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatType

from bot.handling import is_admin
from bot.table import Poll, Reply, Turn, VoteWords
from bot.texts import vote as texts
from play import vote as play
from play.vote import Ballot
from storage import StoredGame

#: Every button of a vote (old ones too, answered as closed).
PATTERN = r"^tresei:"


#: Player buttons in a row: names stay readable on a phone.
PER_ROW = 3


def shown(ballot: Ballot, words: VoteWords) -> str:
    """The vote as it stands: the question, the rule, who agrees, how it ended."""
    vote, voters = ballot.vote, ballot.voters
    head = texts.standing(ballot.agreeing, len(voters.players), ballot.needed)
    head = f"{words.question(voters.whole)}\n{head}"
    if vote.outcome == play.ANNULLED:
        return f"{head}\n\n{words.annulled(voters.whole)}"
    if vote.outcome == play.REJECTED:
        return f"{head}\n\n{words.rejected()}"
    return f"{head}\n{texts.how_to_mark()}"


def buttons(ballot: Ballot, words: VoteWords) -> InlineKeyboardMarkup | None:
    """A button per player, ✅ on who agrees (pressed again, it takes the mark back), and one
    to close the vote; none once it is over. ``tresei:<vote>:<player>:<1 agrees | 0 no
    longer>``, or ``tresei:<vote>:fine``: well under Telegram's 64 bytes."""
    vote = ballot.vote
    if vote.outcome is not None:
        return None
    names = [
        InlineKeyboardButton(f"✅ {name}", callback_data=f"tresei:{vote.id}:{player}:0")
        if player in vote.agreeing
        else InlineKeyboardButton(name, callback_data=f"tresei:{vote.id}:{player}:1")
        for name, player in ballot.voters.players.items()
    ]
    rows = [names[start : start + PER_ROW] for start in range(0, len(names), PER_ROW)]
    close = InlineKeyboardButton(texts.vote_goes_on(), callback_data=f"tresei:{vote.id}:fine")
    return InlineKeyboardMarkup([*rows, [close]])


async def opened(turn: Turn, poll: Poll, game: StoredGame) -> Reply:
    """``/tresei``: the vote on ``game`` opened (or shown again, now held by this phone),
    marked from the sender's phone. A group admin may open it whatever the games say."""
    private = turn.message.chat.type == ChatType.PRIVATE
    admin = private or await is_admin(turn.update, turn.context)
    ballot = await play.open_vote(turn.work, poll.voting, game, turn.sender, admin=admin)
    return turn.say(shown(ballot, poll.words), buttons(ballot, poll.words))
