"""Invariants of the Macchiavelli engine over many random fields, plans, tables and games,
with brute-force oracles where one exists."""

import itertools
import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.macchiavelli import (
    PLACEMENT_VP,
    Deal,
    HomeRules,
    Match,
    Seating,
    danese,
    difference_vp,
    differences,
    draw_seating,
    mixed_plan,
    nava_plan,
    nava_table,
    placement_vp,
    repeated_meetings,
    table_sizes,
)

fields = st.integers(9, 70)
seeds = st.integers(0, 2**32 - 1)


def first_round(count: int, seed: int) -> Seating:
    return draw_seating([f"P{n:02}" for n in range(count)], random.Random(seed))


def check_plan(plan: tuple[Seating, ...], count: int) -> None:
    """Everyone once per round, the right table sizes, never two BYEs at one table."""
    for seating in plan:
        assert sorted(seating.players) == sorted(plan[0].players)
        assert len(seating.players) == count
        assert Counter(seating.sizes) == Counter(table_sizes(count))
        assert all(table.count(None) <= 1 for table in seating.tables)


@given(fields, st.integers(1, 5), seeds)
def test_the_nava_movement_is_the_formula(count: int, rounds: int, seed: int) -> None:
    plan = nava_plan(first_round(count, seed), rounds)
    check_plan(plan, count)
    tables = len(plan[0].tables)
    for before, after in itertools.pairwise(plan):
        for player in before.players:
            table, seat = before.where(player)
            assert after.where(player) == (nava_table(table, tables, seat), seat)
        # The BYEs move too, with their seat: tables of 3 move West's two tables down.
        byes = [t for t, table in enumerate(before.tables, 1) if None in table]
        assert [t for t, table in enumerate(after.tables, 1) if None in table] == sorted(
            (t - 3) % tables + 1 for t in byes
        )


@settings(max_examples=40, deadline=None)
@given(st.integers(9, 40), st.integers(2, 5), seeds)
def test_the_mixed_movement_is_a_valid_plan_never_worse_than_nava(
    count: int, rounds: int, seed: int
) -> None:
    first = first_round(count, seed)
    plan = mixed_plan(first, rounds, random.Random(seed), steps=3_000)
    assert plan[0] == first
    assert len(plan) == rounds
    check_plan(plan, count)
    assert repeated_meetings(plan) <= repeated_meetings(nava_plan(first, rounds))


@given(st.lists(st.integers(0, 400), min_size=2, max_size=4), st.integers(3, 5))
def test_a_table_gives_away_the_same_placement_vp_whatever_the_mp(
    mp: list[int], deals: int
) -> None:
    players = [f"P{n}" for n in range(len(mp))]
    placement = placement_vp(dict(zip(players, mp, strict=True)))
    assert sum(placement.values()) == sum(PLACEMENT_VP[: len(mp)])  # 20 at 4, 18 at 3


@given(st.lists(st.integers(0, 400), min_size=1, max_size=4))
def test_shared_places_are_the_average_over_every_order_of_the_level_players(
    mp: list[int],
) -> None:
    players = [f"P{n}" for n in range(len(mp))]
    points = dict(zip(players, mp, strict=True))
    orders = [o for o in itertools.permutations(players) if [points[p] for p in o] == sorted(mp)]
    expected = {
        p: Fraction(sum(PLACEMENT_VP[o.index(p)] for o in orders), len(orders)) for p in players
    }
    assert placement_vp(points) == expected


@given(st.lists(st.integers(0, 400), min_size=1, max_size=4))
def test_a_difference_is_the_margins_to_everyone_behind(mp: list[int]) -> None:
    players = [f"P{n}" for n in range(len(mp))]
    got = differences(dict(zip(players, mp, strict=True)))
    for player, mine in zip(players, mp, strict=True):
        assert got[player] == sum(max(0, other - mine) for other in mp)
    assert got[players[mp.index(max(mp))]] == 0


@given(st.integers(0, 1000), st.integers(0, 1000), st.integers(3, 5))
def test_a_bigger_difference_never_earns_fewer_vp(a: int, b: int, deals: int) -> None:
    low, high = sorted((a, b))
    assert difference_vp(low, deals) <= difference_vp(high, deals)
    assert difference_vp(high, deals) in range(0, 13, 2)


@given(fields, seeds)
def test_the_danese_seats_everyone_once_keeping_the_sizes(count: int, seed: int) -> None:
    first = first_round(count, seed)
    ranked = list(first.players)
    random.Random(seed).shuffle(ranked)
    seating = danese(ranked, first.sizes)
    assert seating.players == tuple(ranked)
    assert seating.sizes == tuple(sorted(first.sizes, reverse=True))


home_deals = st.lists(st.integers(1, 120), min_size=3, max_size=3).flatmap(
    lambda points: st.sampled_from([None, 0, 1, 2]).map(
        lambda closer: [0 if i == closer else p for i, p in enumerate(points)]
    )
)


@given(st.lists(home_deals, max_size=15))
def test_home_totals_add_up_and_the_lowest_wins(deals: list[list[int]]) -> None:
    players = ("Anna", "Bruno", "Carlo")
    match = Match(players, HomeRules())
    for points in deals:
        match = match.with_deal(Deal.of(dict(zip(players, points, strict=True))))
    totals = match.totals()
    assert [totals[p] for p in players] == [sum(d[i] for d in deals) for i in range(3)]
    if deals:
        assert set(match.winners()) == {p for p in players if totals[p] == min(totals.values())}
    standings = match.standings()
    assert [s.total for s in standings] == sorted(totals.values())
