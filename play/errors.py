"""What an action refuses to do, one error each, carrying what the answer needs to say.

Like the rules of the game (``scoring.RuleBroken``), each is answered by the bot in words of
its own (``bot.rule_texts``); raising one rolls the unit of work back.
"""

from __future__ import annotations


class Refused(Exception):
    """An action that cannot be done as asked; nothing changes."""


class NoRunningGame(Refused):
    """The chat has no game running."""
