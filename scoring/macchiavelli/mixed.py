"""``movimento=misto``: a seating per round chosen to repeat as few meetings as it can.

Beyond the seed (issue 25, "Meetings that repeat"): the Nava movement seats the same players
together again with 3, 4, 6 or 8 tables. This one keeps round 1 as drawn and every table's
size (so each table of 3 has its one BYE, and BYEs never meet), and searches the later rounds
by simulated annealing over swaps of two players between tables of one round, a few times over
from the Nava plan, moving first a player who meets someone again. It returns the best plan
seen, Nava's included, so it never repeats more meetings than Nava. Deterministic given
``rng``: a fixed number of steps, no clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations

from scoring.macchiavelli.movement import nava_plan
from scoring.macchiavelli.seating import SEATS, Seating

#: Steps in all, over ``RESTARTS`` runs: 64 players × 5 rounds reach no repeated meeting in
#: tens of milliseconds; a field that cannot reach the floor spends them all (≈ 0.3 s).
STEPS = 60_000
RESTARTS = 3
#: Draws of a round and a player looking for one who meets someone again, before taking any.
_TRIES = 8
_START_HEAT = 1.0
_END_HEAT = 0.1


def mixed_plan(
    first: Seating, rounds: int, rng: random.Random, *, steps: int = STEPS
) -> tuple[Seating, ...]:
    """``rounds`` seatings, round 1 being ``first``, with as few repeated meetings as found."""
    start = nava_plan(first, rounds)
    if rounds < 2:
        return start
    nava_search = best = _Search(start)
    for _ in range(RESTARTS):
        if best.best <= best.floor:
            break
        search = _Search(start)
        search.anneal(rng, steps // RESTARTS)
        best = min(best, search, key=lambda s: s.best)  # the first of equals: Nava on a tie
    return start if best is nava_search else (first, *best.later_rounds())


class _Search:
    """The plan as tables of player numbers, with how often each pair meets."""

    def __init__(self, plan: Sequence[Seating]) -> None:
        self.names = list(plan[0].players)
        number = {name: index for index, name in enumerate(self.names)}
        self.n = n = len(self.names)
        self.rounds = [
            [[number[p] for p in table if p is not None] for table in seating.tables]
            for seating in plan
        ]
        self.table_of = [[0] * n for _ in plan]
        self.count = [0] * (n * n)
        for r, tables in enumerate(self.rounds):
            for t, table in enumerate(tables):
                for p in table:
                    self.table_of[r][p] = t
                for a, b in combinations(table, 2):
                    self.count[a * n + b] += 1
                    self.count[b * n + a] += 1
        self.cost = sum(max(0, c - 1) for c in self.count) // 2
        meetings = sum(len(t) * (len(t) - 1) // 2 for tables in self.rounds for t in tables)
        # Every meeting beyond the n(n−1)/2 pairs there are repeats one: nothing can do better.
        self.floor = max(0, meetings - n * (n - 1) // 2)
        self.best = self.cost
        self.best_rounds = [[list(t) for t in tables] for tables in self.rounds]

    def anneal(self, rng: random.Random, steps: int) -> None:
        n, count, later = self.n, self.count, len(self.rounds) - 1
        cooling = (_END_HEAT / _START_HEAT) ** (1 / max(1, steps))
        heat = _START_HEAT
        for _ in range(steps):
            if self.best <= self.floor:
                return
            heat *= cooling
            for _ in range(_TRIES):
                r = 1 + rng.randrange(later)
                a = rng.randrange(n)
                where, tables = self.table_of[r], self.rounds[r]
                table_a = tables[where[a]]
                if any(x != a and count[a * n + x] >= 2 for x in table_a):
                    break
            b = rng.randrange(n)
            ta, tb = where[a], where[b]
            if ta == tb:
                continue
            table_b = tables[tb]
            delta = 0
            for x in table_a:
                if x != a:
                    delta += (count[b * n + x] >= 1) - (count[a * n + x] >= 2)
            for y in table_b:
                if y != b:
                    delta += (count[a * n + y] >= 1) - (count[b * n + y] >= 2)
            if delta > 0 and rng.random() >= math.exp(-delta / heat):
                continue
            self._swap(r, a, b, ta, tb)
            self.cost += delta
            if self.cost < self.best:
                self.best = self.cost
                self.best_rounds = [[list(t) for t in tables] for tables in self.rounds]

    def _swap(self, r: int, a: int, b: int, ta: int, tb: int) -> None:
        n, count = self.n, self.count
        table_a, table_b = self.rounds[r][ta], self.rounds[r][tb]
        for x in table_a:
            if x != a:
                count[a * n + x] -= 1
                count[x * n + a] -= 1
                count[b * n + x] += 1
                count[x * n + b] += 1
        for y in table_b:
            if y != b:
                count[b * n + y] -= 1
                count[y * n + b] -= 1
                count[a * n + y] += 1
                count[y * n + a] += 1
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        self.table_of[r][a], self.table_of[r][b] = tb, ta

    def later_rounds(self) -> tuple[Seating, ...]:
        """The best rounds found after the first, as seatings: each table's players in
        round-1 order from North, the BYEs last (West at a table of 3)."""
        return tuple(
            Seating(
                tuple(
                    tuple(self.names[p] for p in sorted(table))
                    + (None,) * (len(SEATS) - len(table))
                    for table in tables
                )
            )
            for tables in self.best_rounds[1:]
        )
