"""What a refusal of the night tells the chat (found by make mutate): undoing with no hand
played names hand 1 of 0, and a player with two cards is told three were expected."""

import pytest

from scoring.tago import (
    ChoiceNeeded,
    Entry,
    Hand,
    Night,
    NoSuchDeal,
    Stakes,
    Table,
    WrongNumberOfCards,
    parse_cards,
)

TABLE = Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=500)


def test_undoing_before_any_hand_names_hand_1_of_none_played() -> None:
    with pytest.raises(NoSuchDeal) as refused:
        Night.open(TABLE, {"Anna": None, "Bruno": None}).without_last_hand()

    assert (refused.value.number, refused.value.played) == (1, 0)


def test_a_player_with_two_cards_is_told_three_are_expected() -> None:
    short = Hand(
        (Entry("Anna", 500, parse_cards("4,4", expected=2)), Entry("Bruno", 500, folded=True))
    )
    with pytest.raises(WrongNumberOfCards) as refused:
        Night.open(TABLE, {"Anna": None, "Bruno": None}).with_hand(short)

    assert (refused.value.player, refused.value.count, refused.value.expected) == ("Anna", 2, 3)


def test_a_punto_with_a_pair_names_both_its_values() -> None:
    assert "9/2 or 4/2" in str(ChoiceNeeded((9, 4)))
