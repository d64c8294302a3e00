"""The mixed movement's search at its boundaries (found by make mutate): what it reaches on
fields that cannot meet nobody twice, as measured when it was tuned (a change that does worse
fails here; one that does better updates the figures), and how it seats a table."""

import random

import pytest

from scoring.macchiavelli import Seating, draw_seating, mixed_plan, nava_plan, repeated_meetings


def field(count: int, seed: int) -> Seating:
    return draw_seating([f"P{n:02}" for n in range(count)], random.Random(seed))


@pytest.mark.parametrize(
    ("count", "rounds", "seed", "repeats", "by_nava"),
    [
        (12, 4, 1, 13, 30),
        (14, 5, 1, 3, 32),
        (10, 4, 1, 3, 20),
        (13, 5, 2, 3, 26),
        (16, 5, 1, 0, 44),
    ],
)
def test_the_search_reaches_what_it_reached_when_tuned(
    count: int, rounds: int, seed: int, repeats: int, by_nava: int
) -> None:
    first = field(count, seed)

    plan = mixed_plan(first, rounds, random.Random(seed))

    assert (repeated_meetings(plan), repeated_meetings(nava_plan(first, rounds))) == (
        repeats,
        by_nava,
    )


def test_a_table_lists_its_players_in_round_1_order_from_north_the_byes_last() -> None:
    first = field(14, 1)
    order = {player: index for index, player in enumerate(first.players)}

    plan = mixed_plan(first, 5, random.Random(1))

    assert plan[0] == first
    for seating in plan[1:]:
        assert sorted(seating.sizes) == sorted(first.sizes)
        for table in seating.tables:
            seated = [p for p in table if p is not None]
            assert seated == sorted(seated, key=order.__getitem__)
            assert table[len(seated) :] == (None,) * (4 - len(seated))
