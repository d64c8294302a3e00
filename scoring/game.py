"""A game as a sequence of scored hands: totals, standings, the end and the winners.

RULES.md, "End of the game" and "Late joiners".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from scoring.classic import call_won, score_classic
from scoring.model import Hand, Mode, Rules


@dataclass(frozen=True)
class ScoredHand:
    """A reported hand with the points each player scored in it."""

    hand: Hand
    points: Mapping[str, int]
    call_won: bool | None = None


@dataclass(frozen=True)
class Standing:
    """A player's place: equal totals share a rank (1, 1, 3)."""

    rank: int
    player: str
    total: int


def score_hand(hand: Hand, rules: Rules) -> ScoredHand:
    """Score one hand under the game's mode."""
    match rules.mode:
        case Mode.CLASSIC:
            return ScoredHand(hand, score_classic(hand, rules), call_won(hand, rules))


def entry_total(totals: Iterable[int]) -> int:
    """A late joiner starts level with the last in the standings: the highest total, or 0."""
    return max(totals, default=0)


@dataclass(frozen=True)
class Game:
    """Seats in order (late joiners appended) and the hands played so far."""

    players: tuple[str, ...]
    rules: Rules = field(default_factory=Rules)
    hands: tuple[ScoredHand, ...] = ()

    def with_hand(self, hand: Hand) -> Game:
        """The game after one more hand; every seated player must be reported."""
        if sorted(hand.players) != sorted(self.players):
            raise ValueError(f"hand reports {hand.players}, game seats {self.players}")
        return replace(self, hands=(*self.hands, score_hand(hand, self.rules)))

    def with_player(self, name: str) -> Game:
        if name in self.players:
            raise ValueError(f"{name!r} is already playing")
        return replace(self, players=(*self.players, name))

    def without_last_hand(self) -> Game:
        return replace(self, hands=self.hands[:-1])

    @property
    def last_hand(self) -> ScoredHand | None:
        return self.hands[-1] if self.hands else None

    def running_totals(self) -> list[dict[str, int]]:
        """Every player's total after each hand.

        A player enters the sums just before the first hand they play, at the entry total of
        that moment: so the first seats start at 0 and a late joiner at the highest total.
        """
        totals: dict[str, int] = {}
        history = []
        for scored in self.hands:
            start = entry_total(totals.values())
            for player in scored.points:
                totals.setdefault(player, start)
            for player, points in scored.points.items():
                totals[player] += points
            history.append(dict(totals))
        return history

    def totals(self) -> dict[str, int]:
        """Each seated player's total now, late joiners who have not played yet included."""
        played = self.running_totals()[-1] if self.hands else {}
        start = entry_total(played.values())
        return {player: played.get(player, start) for player in self.players}

    def standings(self) -> tuple[Standing, ...]:
        """Players from lowest to highest total; ties keep seat order and share a rank."""
        totals = self.totals()
        ordered = sorted(self.players, key=lambda p: totals[p])  # stable: seat order on ties
        standings: list[Standing] = []
        for position, player in enumerate(ordered, start=1):
            tied = standings and standings[-1].total == totals[player]
            rank = standings[-1].rank if tied else position
            standings.append(Standing(rank, player, totals[player]))
        return tuple(standings)

    def is_over(self) -> bool:
        """After a hand, someone at or above the target ends the game."""
        return bool(self.hands) and any(t >= self.rules.target for t in self.totals().values())

    def winners(self) -> tuple[str, ...]:
        """The lowest total wins; equal lowest totals win together; no hands, no winner."""
        if not self.hands:
            return ()
        return tuple(s.player for s in self.standings() if s.rank == 1)
