"""RULES-macchiavelli.md, "Players and tables", "The Nava movement", "Danese": table sizes,
the draw, the 14-player worked example, meetings, and the Danese seating."""

import random

import pytest

from scoring.macchiavelli import (
    Move,
    Seat,
    Seating,
    TooFewPlayers,
    always_together,
    danese,
    draw_seating,
    meetings,
    moves,
    nava,
    nava_plan,
    nava_table,
    repeated_meetings,
    table_sizes,
)


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (11, (4, 4, 3)),
        (12, (4, 4, 4)),
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
        (64, (4,) * 16),
        (65, (4,) * 14 + (3,) * 3),
    ],
)
def test_as_many_tables_of_four_as_possible_the_rest_of_three(
    count: int, sizes: tuple[int, ...]
) -> None:
    assert table_sizes(count) == sizes


def test_a_tournament_needs_nine_players() -> None:
    with pytest.raises(TooFewPlayers) as caught:
        table_sizes(8)
    assert (caught.value.count, caught.value.minimum) == (8, 9)


NAMES = [f"P{n:02}" for n in range(14)]


def test_tables_are_filled_from_north_with_byes_beyond_their_size() -> None:
    seating = Seating.filled(["A", "B", "C", "D", "E"], (3, 2, 0))
    assert seating.tables == (("A", "B", "C", None), ("D", "E", None, None), (None,) * 4)
    assert seating.sizes == (3, 2, 0)
    for sizes in [(3, 3), (5, 0), (6, -1)]:
        with pytest.raises(ValueError, match="do not fill"):
            Seating.filled(["A", "B", "C", "D", "E"], sizes)


def test_the_draw_seats_everyone_once_with_the_bye_west_at_the_tables_of_three() -> None:
    seating = draw_seating(NAMES, random.Random(3))
    assert sorted(seating.players) == NAMES
    assert seating.sizes == (4, 4, 3, 3)
    assert [table[3] is None for table in seating.tables] == [False, False, True, True]
    number, seat = seating.where(seating.tables[2][1] or "")
    assert (number, seat) == (3, Seat.SOUTH)


def test_the_draw_comes_from_the_random_source_given() -> None:
    assert draw_seating(NAMES, random.Random(5)) == draw_seating(NAMES, random.Random(5))
    assert len({draw_seating(NAMES, random.Random(seed)) for seed in range(10)}) > 1


def fourteen() -> Seating:
    """Round 1 of the worked example: ``T2S`` sits South at table 2; ``None`` is the BYE."""
    return Seating(
        tuple(
            tuple(
                None if (table > 2 and seat is Seat.WEST) else f"T{table}{seat.name[0]}"
                for seat in Seat
            )
            for table in range(1, 5)
        )
    )


def test_the_fourteen_player_movement() -> None:
    after = nava(fourteen())
    assert after.tables == (
        ("T4N", "T2S", "T3E", None),
        ("T1N", "T3S", "T4E", None),
        ("T2N", "T4S", "T1E", "T1W"),
        ("T3N", "T1S", "T2E", "T2W"),
    )
    assert after.sizes == (3, 3, 4, 4)  # tables 1 and 2 are now the tables of 3


@pytest.mark.parametrize(
    ("table", "seat", "after"),
    [
        (1, Seat.NORTH, 2),
        (5, Seat.NORTH, 1),
        (2, Seat.SOUTH, 1),
        (1, Seat.SOUTH, 5),
        (3, Seat.EAST, 5),
        (4, Seat.EAST, 1),
        (5, Seat.EAST, 2),
        (3, Seat.WEST, 1),
        (2, Seat.WEST, 5),
        (1, Seat.WEST, 4),
    ],
)
def test_each_letter_moves_as_the_seed_says_wrapping_around(
    table: int, seat: Seat, after: int
) -> None:
    assert nava_table(table, 5, seat) == after


def nine() -> Seating:
    return Seating(
        (
            ("Bruno", "Anna", "Dario", None),
            ("Carlo", "Elena", "Franco", None),
            ("Gino", "Ivo", "Lia", None),
        )
    )


def test_with_three_tables_south_and_east_meet_in_every_round() -> None:
    plan = nava_plan(nine(), 3)
    assert always_together(plan) == (("Anna", "Dario"), ("Elena", "Franco"), ("Ivo", "Lia"))
    # Those three pairs meet twice more each; North meets each South once, in some round.
    assert repeated_meetings(plan) == 6
    assert meetings(plan)[("Bruno", "Anna")] == 1


def test_with_four_tables_east_and_west_meet_in_every_round() -> None:
    seating = Seating.filled([*NAMES, "P14", "P15"], (4, 4, 4, 4))
    plan = nava_plan(seating, 4)
    east_west = tuple((table[2], table[3]) for table in seating.tables)
    assert always_together(plan) == east_west


def test_two_rounds_are_every_round() -> None:
    plan = nava_plan(nine(), 2)
    assert always_together(plan) == (("Anna", "Dario"), ("Elena", "Franco"), ("Ivo", "Lia"))


def test_a_single_round_has_no_pair_meeting_in_every_round() -> None:
    assert always_together(nava_plan(nine(), 1)) == ()
    assert repeated_meetings(nava_plan(nine(), 1)) == 0


def test_the_danese_seats_by_the_standings_keeping_the_table_sizes() -> None:
    ranked = [f"R{n:02}" for n in range(1, 15)]
    seating = danese(ranked, (3, 4, 3, 4))
    assert seating.tables == (
        ("R01", "R02", "R03", "R04"),
        ("R05", "R06", "R07", "R08"),
        ("R09", "R10", "R11", None),
        ("R12", "R13", "R14", None),
    )


def test_each_player_is_told_where_they_move() -> None:
    before = fourteen()
    after = nava(before)
    told = moves(before, after)
    assert len(told) == 14
    assert told[0] == Move("T1N", 1, 2, Seat.NORTH)
    assert Move("T1W", 1, 3, Seat.WEST) in told
