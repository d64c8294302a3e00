"""A points game being played: its sides, its rounds, its totals and its end.

A side is a player or a team (``Anna+Carla``); a round gives each side playing it its points
(negative ones too: Burraco). The game ends once a side reaches the target, or after the
rounds declared, and only if one side alone leads: a tie for the win is played on, unless the
rules share it. A side that left stays in the standings, after those still playing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from scoring.match import Place
from scoring.punti.errors import (
    GameOver,
    MissingSides,
    NoSuchRound,
    NotPlaying,
    PlayerTwice,
    TooFewSides,
)
from scoring.punti.rules import Rules

#: A round: each side playing it (by its name) and its points.
Round = Mapping[str, int]


@dataclass(frozen=True)
class Side:
    """A player, or a team (its members in seat order); it plays from round
    ``joined_after + 1`` on, and no round after ``left_after``."""

    members: tuple[str, ...]
    joined_after: int = 0
    left_after: int | None = None

    @property
    def name(self) -> str:
        return "+".join(self.members)

    def plays(self, number: int) -> bool:
        """Whether it plays round ``number`` (from 1)."""
        return self.joined_after < number and (self.left_after is None or number <= self.left_after)


@dataclass(frozen=True)
class Standing:
    """A side's place now: 1 is best, equal totals share a rank."""

    side: Side
    rank: int
    total: int

    @property
    def player(self) -> str:
        return self.side.name


@dataclass(frozen=True)
class Match:
    """A points game: its sides in seat order, its rules and the rounds played."""

    sides: tuple[Side, ...]
    rules: Rules
    rounds: tuple[Round, ...] = ()

    @classmethod
    def start(cls, sides: Sequence[Sequence[str]], rules: Rules) -> Match:
        """A new game of these sides (each a player, or a team's members)."""
        seen: set[str] = set()
        for member in (member for side in sides for member in side):
            if member.casefold() in seen:
                raise PlayerTwice(member)
            seen.add(member.casefold())
        if len(sides) < 2:
            raise TooFewSides
        return cls(tuple(Side(tuple(side)) for side in sides), rules)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(member for side in self.sides for member in side.members)

    @property
    def deals(self) -> tuple[Round, ...]:
        return self.rounds

    @property
    def teams(self) -> bool:
        return any(len(side.members) > 1 for side in self.sides)

    def side_of(self, name: str) -> Side | None:
        """The side a player (or a team's name) is on, whatever its case."""
        folded = name.casefold()
        for side in self.sides:
            if folded == side.name.casefold() or folded in (m.casefold() for m in side.members):
                return side
        return None

    def playing(self, number: int) -> tuple[Side, ...]:
        """The sides that play round ``number`` (from 1), in seat order."""
        return tuple(side for side in self.sides if side.plays(number))

    def still_in(self) -> tuple[Side, ...]:
        """The sides that have not left: those that contend for the win."""
        return tuple(side for side in self.sides if side.left_after is None)

    def with_round(self, points: Round) -> Match:
        """The next round played; every side playing it has its points."""
        if self.is_over():
            raise GameOver
        self._check(len(self.rounds) + 1, points)
        return replace(self, rounds=(*self.rounds, dict(points)))

    def with_round_fixed(self, number: int, points: Round) -> Match:
        """Round ``number`` (from 1) reported again."""
        if not 1 <= number <= len(self.rounds):
            raise NoSuchRound(number, len(self.rounds))
        self._check(number, points)
        rounds = list(self.rounds)
        rounds[number - 1] = dict(points)
        return replace(self, rounds=tuple(rounds))

    def without_last_round(self) -> Match:
        if not self.rounds:
            raise NoSuchRound(0, 0)
        return replace(self, rounds=self.rounds[:-1])

    def with_side(self, members: Sequence[str]) -> Match:
        """A side sits down: it plays from the next round on, from 0 points."""
        known = {member.casefold() for member in self.players}
        for member in members:
            if member.casefold() in known:
                raise PlayerTwice(member)
        side = Side(tuple(members), joined_after=len(self.rounds))
        return replace(self, sides=(*self.sides, side))

    def without_side(self, side: Side) -> Match:
        """A side leaves: it plays no round after those played; two must stay."""
        if len(self.still_in()) <= 2:
            raise TooFewSides
        left = replace(side, left_after=len(self.rounds))
        return replace(self, sides=tuple(left if s == side else s for s in self.sides))

    def _check(self, number: int, points: Round) -> None:
        playing = self.playing(number)
        names = {side.name for side in playing}
        for name in points:
            if name not in names:
                raise NotPlaying(name)
        if missing := tuple(side.name for side in playing if side.name not in points):
            raise MissingSides(missing)

    def side_totals(self) -> dict[str, int]:
        """Each side's total, by its name."""
        rounds = self.rounds
        return {s.name: sum(points.get(s.name, 0) for points in rounds) for s in self.sides}

    def totals(self) -> dict[str, int]:
        """Each player's total: their side's."""
        sides = self.side_totals()
        return {member: sides[side.name] for side in self.sides for member in side.members}

    def _better(self, a: int, b: int) -> bool:
        return a < b if self.rules.lowest else a > b

    def _ranked(
        self, among: Iterable[Side], totals: Mapping[str, int], after: int
    ) -> list[Standing]:
        sides = list(among)
        ordered = sorted(sides, key=lambda s: totals[s.name], reverse=not self.rules.lowest)
        return [
            Standing(
                side,
                after + 1 + sum(self._better(totals[o.name], totals[side.name]) for o in sides),
                totals[side.name],
            )
            for side in ordered
        ]

    def side_standings(self) -> tuple[Standing, ...]:
        """Every side, best first; those that left after those still in."""
        totals = self.side_totals()
        contenders = self.still_in() or self.sides
        gone = [side for side in self.sides if side not in contenders]
        first = self._ranked(contenders, totals, 0)
        return (*first, *self._ranked(gone, totals, len(first)))

    def leaders(self) -> tuple[Side, ...]:
        """The sides that would win now."""
        return tuple(s.side for s in self.side_standings() if s.rank == 1)

    def end_reached(self) -> bool:
        """Whether the target or the last round is reached (a tie may still play on)."""
        if not self.rounds:
            return False
        rules = self.rules
        if rules.rounds is not None and len(self.rounds) >= rules.rounds:
            return True
        totals = self.side_totals()
        return rules.target is not None and any(
            totals[side.name] >= rules.target for side in self.still_in() or self.sides
        )

    def tied_at_the_end(self) -> bool:
        """The end is reached, and a tie for the win plays another round."""
        return self.end_reached() and not self.rules.shared and len(self.leaders()) > 1

    def is_over(self) -> bool:
        return self.end_reached() and not self.tied_at_the_end()

    def standings(self) -> tuple[Place, ...]:
        """Every player's place now (their side's), best first."""
        return self.places()

    def winners(self) -> tuple[str, ...]:
        """The players of the sides that won (none before the end)."""
        if not self.is_over():
            return ()
        return tuple(member for side in self.leaders() for member in side.members)

    def places(self, *, closed: bool = False) -> tuple[Place, ...]:
        """Every player's place, best first, as the ladder reads it; a game ``closed`` before
        its end is won by those leading then."""
        leaders = (m for side in self.leaders() for m in side.members)
        winners = set(leaders if closed and self.rounds else self.winners())
        return tuple(
            Place(member, standing.rank, standing.total, member in winners)
            for standing in self.side_standings()
            for member in standing.side.members
        )
