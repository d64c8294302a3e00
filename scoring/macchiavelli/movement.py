"""How players move between rounds: the Nava movement, the Danese seating by standings, and
the meetings a plan of rounds makes. RULES-macchiavelli.md, "The Nava movement", "Danese"."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.macchiavelli.seating import SEATS, Seat, Seating

#: Tables moved by each seat letter after a round, wrapping around 1…t.
NAVA_STEPS: dict[Seat, int] = {Seat.NORTH: 1, Seat.SOUTH: -1, Seat.EAST: 2, Seat.WEST: -2}

Pair = tuple[str, str]


def nava_table(table: int, tables: int, seat: Seat) -> int:
    """Where the player at ``table`` (1…``tables``) in ``seat`` sits next round: N ``k+1``,
    S ``k−1``, E ``k+2``, W ``k−2``, modulo the number of tables."""
    return (table - 1 + NAVA_STEPS[seat]) % tables + 1


def nava(seating: Seating) -> Seating:
    """The next round by the Nava movement: everyone (BYEs too) keeps their seat letter.

    Each letter moves every table by the same step, so each table again has one occupant per
    seat; the BYEs, all West, move together and never meet.
    """
    count = len(seating.tables)
    tables: list[list[str | None]] = [[None] * len(SEATS) for _ in range(count)]
    for number, table in enumerate(seating.tables, start=1):
        for index, (seat, player) in enumerate(zip(SEATS, table, strict=True)):
            tables[nava_table(number, count, seat) - 1][index] = player
    return Seating(tuple(tuple(t) for t in tables))


def nava_plan(first: Seating, rounds: int) -> tuple[Seating, ...]:
    """``rounds`` seatings, the first one given, each next one by the Nava movement."""
    plan = [first]
    while len(plan) < rounds:
        plan.append(nava(plan[-1]))
    return tuple(plan)


def danese(ranked: Sequence[str], sizes: Sequence[int]) -> Seating:
    """The Danese round: seated by the standings, table 1 the first four (N, S, E, W in
    order), table 2 the next ones, the tables keeping ``sizes`` (largest first, so the tables
    of 3 are the last)."""
    return Seating.filled(ranked, sorted(sizes, reverse=True))


def meetings(plan: Sequence[Seating]) -> dict[Pair, int]:
    """How many rounds each pair of players shares a table, for pairs that meet at all.

    A pair is ordered as the players first sit (round 1, table by table, seat by seat).
    """
    order = {player: index for index, player in enumerate(_everyone(plan))}
    counts: Counter[Pair] = Counter()
    for seating in plan:
        for table in seating.tables:
            seated = sorted((p for p in table if p is not None), key=order.__getitem__)
            counts.update(itertools.combinations(seated, 2))
    return dict(counts)


def repeated_meetings(plan: Sequence[Seating]) -> int:
    """Meetings beyond each pair's first: a pair together in 3 rounds counts 2."""
    return sum(count - 1 for count in meetings(plan).values())


def always_together(plan: Sequence[Seating]) -> tuple[Pair, ...]:
    """The pairs who share a table in every round of ``plan`` (none for a single round)."""
    if len(plan) < 2:
        return ()
    return tuple(pair for pair, count in meetings(plan).items() if count == len(plan))


@dataclass(frozen=True)
class Move:
    """Where a player goes between two rounds: ``Anna: tavolo 2 → 3 (N)``."""

    player: str
    before: int
    after: int
    seat: Seat


def moves(before: Seating, after: Seating) -> tuple[Move, ...]:
    """Each player seated in both rounds, in the order they sit in ``before``."""
    staying = set(after.players)
    return tuple(
        Move(p, before.where(p)[0], *after.where(p)) for p in before.players if p in staying
    )


def _everyone(plan: Sequence[Seating]) -> list[str]:
    seen: dict[str, None] = {}
    for seating in plan:
        seen.update(dict.fromkeys(seating.players))
    return list(seen)
