"""Tamalo's games and hands as stored: its rules are columns of ``games``, and a hand's
lines (``hand_results``) carry who called, who counter-called, who was out, and the points
each scored (a copy of the engine's, kept for statistics in SQL)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from storage.snapshots import StoredLine, flags_of

#: ``games.kind`` of a Tamalo game.
TAMALO = "tamalo"
#: Tamalo's rules, as columns of ``games`` named as the engine's ``Rules`` fields.
RULES_COLUMNS = (
    "mode",
    "target",
    "tie_beats_caller",
    "jokers",
    "quadri",
    "six_cards",
    "dealer_tiebreak",
)


def options_of(row: Any) -> tuple[tuple[str, object], ...]:
    """A Tamalo game's rules as its row keeps them: (column, value) pairs, hashable."""
    return tuple((column, getattr(row, column)) for column in RULES_COLUMNS)


def rules_columns(options: Mapping[str, object]) -> dict[str, object]:
    """The ``games`` columns of Tamalo's rules, from the rules' plain values."""
    return {column: options[column] for column in RULES_COLUMNS}


@dataclass(frozen=True)
class HandLine:
    """A player's line of a Tamalo hand, as scored by the engine (``play`` scores it)."""

    player: str
    total: int
    points: int
    caller: bool = False
    counter_caller: bool = False
    out: bool = False
    #: Whether their call (or counter-call) won; ``None`` if they made none.
    call_won: bool | None = None

    def stored(self, player_id: int) -> StoredLine:
        """The line as a game's snapshot keeps it."""
        return StoredLine(
            player_id, self.total, flags_of(self.caller, self.counter_caller, self.out)
        )

    def row(self, hand_id: int, player_id: int, position: int) -> dict[str, object]:
        """The line as ``hand_results`` keeps it."""
        return {
            "hand_id": hand_id,
            "player_id": player_id,
            "position": position,
            "reported_total": self.total,
            "is_caller": self.caller,
            "is_counter_caller": self.counter_caller,
            "is_out": self.out,
            "points": self.points,
            "call_won": self.call_won,
        }
