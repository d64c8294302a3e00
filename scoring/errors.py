"""What every game's rules share: the error a change the rules do not allow raises.

Each game's own refusals subclass it (``scoring.tamalo.errors``, ``scoring.macchiavelli.errors``,
``scoring.tago.errors``); the bot answers each kind in words of its own (``bot.refusals``).
"""

from __future__ import annotations


class RuleBroken(ValueError):
    """A change to a game that the rules do not allow."""
