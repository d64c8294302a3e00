"""``movimento=misto`` (issue 25, "Meetings that repeat"): fewer repeated meetings than the
Nava movement, with the same tables, deterministic given its random source."""

import random

from scoring.macchiavelli import Seating, draw_seating, mixed_plan, nava_plan, repeated_meetings
from scoring.macchiavelli.mixed import STEPS, _Search


def field(count: int, seed: int = 1) -> Seating:
    return draw_seating([f"P{n:02}" for n in range(count)], random.Random(seed))


class CountingRandom(random.Random):
    """A random source that counts the draws asked of it."""

    draws = 0

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        self.draws += 1
        return super().randrange(*args)


def test_sixty_four_players_over_five_rounds_never_meet_twice() -> None:
    first = field(64)
    assert repeated_meetings(nava_plan(first, 5)) > 0
    rng = CountingRandom(2)
    plan = mixed_plan(first, 5, rng)
    assert repeated_meetings(plan) == 0
    # It stops once nothing can be better, long before its steps run out.
    assert rng.draws < STEPS  # a whole run draws at least twice a step


def test_two_rounds_of_three_tables_of_four_repeat_what_they_must() -> None:
    # Each table of 4 in round 2 takes two of some round-1 table (pigeonhole): 3 at least.
    first = field(12)
    assert repeated_meetings(nava_plan(first, 2)) == 6
    assert repeated_meetings(mixed_plan(first, 2, random.Random(0))) == 3


def test_the_same_random_source_gives_the_same_plan() -> None:
    first = field(15)
    assert mixed_plan(first, 5, random.Random(9)) == mixed_plan(first, 5, random.Random(9))


def test_nava_is_kept_when_nothing_better_is_found() -> None:
    first = field(20)
    assert repeated_meetings(nava_plan(first, 5)) == 0
    assert mixed_plan(first, 5, random.Random(0)) == nava_plan(first, 5)
    assert mixed_plan(first, 1, random.Random(0)) == (first,)


def test_the_search_keeps_its_count_of_repeats_true() -> None:
    """The running count the search decides by is the count of the rounds it holds."""
    for count, seed in [(13, 1), (15, 2), (24, 3)]:
        search = _Search(nava_plan(field(count, seed), 5))
        search.anneal(random.Random(seed), 5_000)
        assert _Search(seatings(search, search.rounds)).cost == search.cost
        assert _Search(seatings(search, search.best_rounds)).cost == search.best


def seatings(search: _Search, rounds: list[list[list[int]]]) -> tuple[Seating, ...]:
    return tuple(
        Seating(tuple(tuple(search.names[p] for p in t) + (None,) * (4 - len(t)) for t in tables))
        for tables in rounds
    )
