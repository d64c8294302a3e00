"""Tagò's cards as typed at the table (RULES-tago.md, "Cards"): values in halves, exact."""

import pytest

from scoring.tago import (
    DECK,
    AmbiguousCards,
    TooManyOfValue,
    UnknownCard,
    check_counts,
    format_cards,
    format_halves,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("token", "halves"),
    [("0", 0), ("½", 1), ("1/2", 1), ("0.5", 1), ("0,5", 1), ("m", 1), ("M", 1), (" 1 ", 2)]
    + [(str(n), 2 * n) for n in range(2, 9)],
)
def test_each_token_reads_as_its_value_in_halves(token: str, halves: int) -> None:
    assert parse_card(token) == halves


@pytest.mark.parametrize("token", ["9", "-1", "1.5", "½½", "", "x", "10", "0.50"])
def test_a_token_that_is_no_card_is_refused_and_named(token: str) -> None:
    with pytest.raises(UnknownCard) as refused:
        parse_card(token)
    assert refused.value.token == token.strip()


def test_the_deck_has_thirty_cards_three_of_each_value() -> None:
    assert len(DECK) == 30
    assert sorted(set(DECK)) == [0, 1, 2, 4, 6, 8, 10, 12, 14, 16]
    assert all(DECK.count(value) == 3 for value in set(DECK))


def test_a_list_reads_every_comma_as_a_separator_without_a_count() -> None:
    assert parse_cards("4,½,0") == (8, 1, 0)
    assert parse_cards("4, m ,1/2") == (8, 1, 1)
    assert parse_cards("0,5,3") == (0, 10, 6)


def test_with_a_count_the_decimal_comma_of_the_half_is_read_the_one_way_that_fits() -> None:
    assert parse_cards("0,5,3", expected=3) == (0, 10, 6)
    assert parse_cards("1,0,5,3", expected=3) == (2, 1, 6)
    assert parse_cards("0,5,0,5,0,5", expected=3) == (1, 1, 1)
    assert parse_cards("4,0,5", expected=2) == (8, 1)


def test_a_list_that_fits_as_typed_is_read_so_even_if_a_half_would_fit_too() -> None:
    assert parse_cards("4,0,5", expected=(2, 3)) == (8, 0, 10)
    assert parse_cards("0,0,5", expected=(2, 3)) == (0, 0, 10)


def test_a_list_that_fits_two_other_ways_is_refused() -> None:
    with pytest.raises(AmbiguousCards):
        parse_cards("0,5,0,5", expected=3)


def test_a_list_that_fits_no_way_is_read_as_typed_for_the_count_to_be_refused() -> None:
    assert parse_cards("1,2", expected=3) == (2, 4)


def test_only_a_0_followed_by_a_5_may_be_a_half() -> None:
    """A 0 before any other card is a 0 (``0,3,4`` for two cards is not ½ and 4), and a 0
    that ends the list is one too: both stay three cards, for their count to be refused."""
    assert parse_cards("0,3,4", expected=2) == (0, 6, 8)
    assert parse_cards("4,4,0", expected=2) == (8, 8, 0)


def test_a_pasted_wall_of_halves_is_read_as_typed_at_once() -> None:
    assert len(parse_cards(",".join(["0", "5"] * 500), expected=3)) == 1000


@pytest.mark.parametrize("text", ["4,,2", "4,2,", "4,x,2"])
def test_an_empty_or_unknown_card_in_a_list_is_refused(text: str) -> None:
    with pytest.raises(UnknownCard):
        parse_cards(text, expected=3)


def test_values_are_written_back_with_the_half() -> None:
    assert [format_halves(h) for h in (0, 1, 2, 5, 9, 16, -5)] == [
        "0",
        "½",
        "1",
        "2½",
        "4½",
        "8",
        "-2½",
    ]
    assert format_cards((8, 8, 4)) == "4,4,2"


def test_three_of_a_value_in_a_hand_is_allowed_and_four_is_refused_naming_it() -> None:
    check_counts((8, 1, 0), (8, 8, 4))
    with pytest.raises(TooManyOfValue) as refused:
        check_counts((8, 1, 0), (8, 8, 4), (8, 0, 0))
    assert (refused.value.value, refused.value.count) == (8, 4)
