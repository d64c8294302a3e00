"""Who is who: ``/sonoio``."""

from __future__ import annotations

from dataclasses import dataclass

from bot import texts
from bot.parsing.words import tokens
from bot.refusals import UserError

#: ``/sonoio no``: the person is no longer the player they said.
UNDO_WORDS = frozenset({"no", "not"})


@dataclass(frozen=True)
class Claim:
    """What ``/sonoio`` asks: who the sender is (``undo``: is no longer), of which player
    (``None``: the sender's own)."""

    undo: bool
    player: str | None


def parse_iam(text: str) -> Claim:
    """``Anna`` → I am Anna; ``no`` → I am nobody any more; ``no Anna`` → nobody is Anna."""
    words = tokens(text)
    undo = bool(words) and words[0].casefold() in UNDO_WORDS
    if undo:
        words = words[1:]
    if len(words) > 1:
        raise UserError(texts.people.iam_one_name())
    return Claim(undo, words[0] if words else None)
