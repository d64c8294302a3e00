"""Which hand ``/correggi`` fixes, in any game: its number, then the hand as ``/mano`` reads it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.games.tamalo import texts
from bot.refusals import UserError


def parse_fix(text: str, hands_played: int, players: Sequence[str] = ()) -> tuple[int, str]:
    """``3 Anna 5 Bruno 7`` → hand 3, and the rest to read as ``/mano`` (``players``: who
    is at the table, for the example)."""
    number, _, rest = text.strip().partition(" ")
    if not re.fullmatch(r"[0-9]+", number):
        raise UserError(texts.setup.fix_empty(hands_played, players))
    if not 1 <= int(number) <= hands_played:
        raise UserError(texts.setup.no_such_hand(number, hands_played))
    return int(number), rest
