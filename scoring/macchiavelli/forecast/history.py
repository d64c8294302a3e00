"""What a group's past deals say about its players, as plain counts: the forecast's evidence.

Storage will fill these from its stored deals (one count per player and points); tests and
the bench build them from deals with ``DealHistory.from_deals``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scoring.macchiavelli.deal import Deal


@dataclass(frozen=True)
class PlayerDeals:
    """One player's deals: ``points`` → how many deals they ended with them (0: they
    closed); ``share``, the closes a fair share would have made (the sum over their deals of
    one over the players at the table: a player of 4 closes a quarter of the deals)."""

    points: Mapping[int, int] = field(default_factory=dict)
    share: float = 0.0

    @property
    def deals(self) -> int:
        return sum(self.points.values())

    @property
    def closed(self) -> int:
        return self.points.get(0, 0)

    def __add__(self, other: PlayerDeals) -> PlayerDeals:
        return PlayerDeals(Counter(self.points) + Counter(other.points), self.share + other.share)


@dataclass(frozen=True)
class DealHistory:
    """A group's deals: each player's, how many deals there were and how many had a closer
    (the others ended with the stock run out: RULES-macchiavelli.md, "Reading — no
    closer")."""

    players: Mapping[str, PlayerDeals] = field(default_factory=dict)
    deals: int = 0
    closed: int = 0

    def of(self, player: str) -> PlayerDeals:
        return self.players.get(player, PlayerDeals())

    @classmethod
    def from_deals(cls, deals: Iterable[Deal]) -> DealHistory:
        """Count deals as reported (the counts storage will make with SQL)."""
        points: dict[str, Counter[int]] = {}
        share: dict[str, float] = {}
        count = closed = 0
        for deal in deals:
            count += 1
            closed += deal.closer is not None
            for report in deal.reports:
                points.setdefault(report.player, Counter())[report.points] += 1
                share[report.player] = share.get(report.player, 0.0) + 1 / len(deal.reports)
        players = {name: PlayerDeals(dict(row), share[name]) for name, row in points.items()}
        return cls(players, count, closed)
