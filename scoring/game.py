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
    """Seats in order (late joiners appended), when each joined, and the hands played."""

    players: tuple[str, ...]
    rules: Rules = field(default_factory=Rules)
    hands: tuple[ScoredHand, ...] = ()
    #: Hands already played when a late joiner sat down; absent means from the start.
    joined_after: Mapping[str, int] = field(default_factory=dict)

    def seated_for(self, number: int) -> tuple[str, ...]:
        """Who plays hand ``number`` (1-based): everyone who joined before it."""
        return tuple(p for p in self.players if self.joined_after.get(p, 0) < number)

    @property
    def next_players(self) -> tuple[str, ...]:
        """Who must be reported in the next hand."""
        return self.seated_for(len(self.hands) + 1)

    def with_hand(self, hand: Hand) -> Game:
        """The game after one more hand; every player seated for it must be reported."""
        if sorted(hand.players) != sorted(self.next_players):
            raise ValueError(f"hand reports {hand.players}, seated {self.next_players}")
        return replace(self, hands=(*self.hands, score_hand(hand, self.rules)))

    def with_player(self, name: str) -> Game:
        """A late joiner, who plays from the next hand on."""
        if name in self.players:
            raise ValueError(f"{name!r} is already playing")
        joined = {**self.joined_after, name: len(self.hands)} if self.hands else self.joined_after
        return replace(self, players=(*self.players, name), joined_after=joined)

    def without_last_hand(self) -> Game:
        return replace(self, hands=self.hands[:-1])

    def waiting(self) -> tuple[str, ...]:
        """Late joiners whose first hand is not the next one (a hand before it was undone)."""
        return tuple(p for p in self.players if self.joined_after.get(p, 0) > len(self.hands))

    def running_totals(self) -> list[dict[str, int]]:
        """Every player's total after each hand.

        Before each hand, whoever sits down for it enters at the entry total of that moment:
        the first seats at 0, a late joiner at the highest total (RULES.md, "Late joiners").
        """
        totals: dict[str, int] = {}
        history = []
        for number, scored in enumerate(self.hands, start=1):
            start = entry_total(totals.values())
            for player in self.seated_for(number):
                totals.setdefault(player, start)
            for player, points in scored.points.items():
                totals[player] += points
            history.append(dict(totals))
        return history

    def totals(self) -> dict[str, int]:
        """Each seated player's total now; who has not played yet stands at the entry total."""
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
