"""RULES.md, "Tournament": two tables drawn at random, the best two of each to the final."""

import random

import pytest

from scoring.tamalo import Game, Hand, Report, draw_tables, finalists

SIX = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco")


def test_tables_split_everyone_once_and_as_evenly_as_possible() -> None:
    for players in (SIX, (*SIX, "Gino")):
        first, second = draw_tables(players, random.Random(7))
        assert sorted(first + second) == sorted(players)
        assert len(first) - len(second) in (0, 1)


def test_the_draw_depends_on_the_random_source() -> None:
    draws = {draw_tables(SIX, random.Random(seed)) for seed in range(20)}
    assert len(draws) > 1


def test_a_tournament_needs_six_players() -> None:
    with pytest.raises(ValueError, match="at least 6"):
        draw_tables(SIX[:5], random.Random(0))


def ended(players: tuple[str, ...], *totals: int) -> Game:
    hand = Hand(tuple(Report(p, s) for p, s in zip(players, totals, strict=True)))
    return Game(players).with_hand(hand)


def test_the_best_two_of_a_table_go_to_the_final() -> None:
    assert finalists(ended(("Anna", "Bruno", "Carlo"), 30, 10, 100)) == ("Bruno", "Anna")


def test_a_tie_at_the_cut_takes_everyone_level_with_the_second() -> None:
    table = ended(("Anna", "Bruno", "Carlo", "Dario"), 30, 10, 30, 100)
    assert finalists(table) == ("Bruno", "Anna", "Carlo")
