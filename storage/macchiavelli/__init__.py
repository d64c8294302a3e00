"""What only Macchiavelli stores: its kind, a deal's lines (each player's points left in hand,
the closer flagged ``CLOSED``: ``hand_results``) and the deal's card lists as JSON
(``hands.detail``). Its rules are JSON in ``games.options`` (``storage.games``). Plain
values: Macchiavelli's engine is run by ``play``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from storage.snapshots import StoredLine

#: ``games.kind`` of a Macchiavelli game.
MACCHIAVELLI = "macchiavelli"
#: A line's flag (``hand_results.flags``, and the snapshot's): the player closed the deal.
CLOSED = 4


@dataclass(frozen=True)
class DealLine:
    """A player's line of a deal: the points left in hand (0: they closed)."""

    player: str
    points: int
    closed: bool = False

    def stored(self, player_id: int) -> StoredLine:
        """The line as a game's snapshot keeps it."""
        return StoredLine(player_id, self.points, CLOSED if self.closed else 0)

    def row(self, hand_id: int, player_id: int, position: int) -> dict[str, object]:
        """The line as ``hand_results`` keeps it (the closer marked out)."""
        return {
            "hand_id": hand_id,
            "player_id": player_id,
            "position": position,
            "value": self.points,
            "flags": CLOSED if self.closed else 0,
            "points": self.points,
        }


def detail_text(points: Mapping[str, int], cards: Mapping[str, str]) -> str:
    """A deal's detail as ``hands.detail`` keeps it: ``{"points": {player: points}, "cards":
    {player: "K,A,7"}}`` (cards only for the players whose cards were typed)."""
    return json.dumps(
        {"points": dict(points), "cards": dict(cards)}, ensure_ascii=False, separators=(",", ":")
    )


def detail_of(text: str | None) -> dict[str, str]:
    """The card lists a deal's detail keeps, by player (none: totals only)."""
    if not text:
        return {}
    cards: dict[str, str] = json.loads(text).get("cards", {})
    return cards
