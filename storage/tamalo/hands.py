"""Tamalo's games and hands as stored: its rules are its games' options (JSON, as every game's)
and its scoring mode their ``variant``; a hand's lines (``hand_results``) carry each player's
total and points (a copy of the engine's, kept for statistics in SQL), and Tamalo's flags:
who called, who counter-called, who was out, whose call won."""

from __future__ import annotations

from dataclasses import dataclass

from storage.snapshots import StoredLine

#: ``games.kind`` of a Tamalo game.
TAMALO = "tamalo"
#: A line's flags (``hand_results.flags``, and the snapshot's): who called Tamalo, who called
#: ControTamalo, who was out (got rid of every card), whose call won.
CALLER, COUNTER, OUT, WON = 1, 2, 4, 8


def flags_of(caller: bool, counter_caller: bool, out: bool, won: bool | None = None) -> int:
    return (
        (CALLER if caller else 0)
        | (COUNTER if counter_caller else 0)
        | (OUT if out else 0)
        | (WON if won else 0)
    )


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

    @property
    def flags(self) -> int:
        return flags_of(self.caller, self.counter_caller, self.out, self.call_won)

    def stored(self, player_id: int) -> StoredLine:
        """The line as a game's snapshot keeps it."""
        return StoredLine(player_id, self.total, self.flags)

    def row(self, hand_id: int, player_id: int, position: int) -> dict[str, object]:
        """The line as ``hand_results`` keeps it."""
        return {
            "hand_id": hand_id,
            "player_id": player_id,
            "position": position,
            "value": self.total,
            "flags": self.flags,
            "points": self.points,
        }
