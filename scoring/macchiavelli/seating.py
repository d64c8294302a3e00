"""Tournament tables and seats: how many tables of 4 and of 3, who sits where, the first
round's draw. RULES-macchiavelli.md, "Tournament", "Players and tables"."""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cached_property

from scoring.macchiavelli.errors import TooFewPlayers

MIN_PLAYERS = 9


class Seat(enum.StrEnum):
    """A table's four seats, in the order a table is listed; the value is the letter shown
    (Italian: West is "Ovest")."""

    NORTH = "N"
    SOUTH = "S"
    EAST = "E"
    WEST = "O"


SEATS = tuple(Seat)
#: A table's occupants in seat order (N, S, E, W); ``None`` is a BYE, an empty seat.
Table = tuple[str | None, ...]


def table_sizes(count: int) -> tuple[int, ...]:
    """How many play at each table: as many tables of 4 as possible, the rest of 3, the
    tables of 4 first (``b = (4 − n mod 4) mod 4`` tables of 3: 13 → 4, 3, 3, 3)."""
    if count < MIN_PLAYERS:
        raise TooFewPlayers(count, MIN_PLAYERS)
    threes = (4 - count % 4) % 4
    return (4,) * ((count - 3 * threes) // 4) + (3,) * threes


@dataclass(frozen=True)
class Seating:
    """A round's tables 1…t, each with its four seats."""

    tables: tuple[Table, ...]

    def __post_init__(self) -> None:
        if any(len(table) != len(SEATS) for table in self.tables):
            raise ValueError(f"a table has {len(SEATS)} seats: {self.tables}")
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"a player is seated twice: {self.players}")

    @classmethod
    def filled(cls, players: Sequence[str], sizes: Sequence[int]) -> Seating:
        """``players`` seated in order, table 1 first, each table from North; a table's seats
        beyond its size are BYEs (West at a table of 3)."""
        if sum(sizes) != len(players) or not all(0 <= s <= len(SEATS) for s in sizes):
            raise ValueError(f"{len(players)} players do not fill tables of {tuple(sizes)}")
        tables: list[Table] = []
        start = 0
        for size in sizes:
            seated = tuple(players[start : start + size])
            tables.append(seated + (None,) * (len(SEATS) - size))
            start += size
        return cls(tuple(tables))

    @cached_property
    def players(self) -> tuple[str, ...]:
        """Everyone seated, table by table, in seat order."""
        return tuple(p for table in self.tables for p in table if p is not None)

    @cached_property
    def _where(self) -> dict[str, tuple[int, Seat]]:
        return {
            player: (number, seat)
            for number, table in enumerate(self.tables, start=1)
            for seat, player in zip(SEATS, table, strict=True)
            if player is not None
        }

    def where(self, player: str) -> tuple[int, Seat]:
        """The table (1-based) and seat of ``player``; ``KeyError`` if not seated."""
        return self._where[player]

    def players_at(self, table: int) -> tuple[str, ...]:
        return tuple(p for p in self.tables[table - 1] if p is not None)

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many players sit at each table."""
        return tuple(sum(p is not None for p in table) for table in self.tables)

    def without(self, players: Collection[str]) -> Seating:
        """The same seats, ``players`` turned into BYEs."""
        return Seating(
            tuple(tuple(None if p in players else p for p in table) for table in self.tables)
        )


def draw_seating(players: Sequence[str], rng: random.Random) -> Seating:
    """The first round: seats drawn at random from ``rng``, the tables of 4 first."""
    sizes = table_sizes(len(players))
    drawn = list(players)
    rng.shuffle(drawn)
    return Seating.filled(drawn, sizes)
