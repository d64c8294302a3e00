import pytest

from scoring.tamalo import CardError, card_value, parse_cards


@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("A", 1), ("1", 1), ("2", 2), ("10", 10), ("J", 11), ("F", 11), ("Q", 12), ("D", 12),
        ("KN", 13), ("RN", 13), ("KB", 13), ("KR", 0), ("RR", 0), ("kn", 13), ("a", 1),
    ],
)  # fmt: skip
def test_card_values_follow_table_1_1(token: str, value: int) -> None:
    assert card_value(token) == value


def test_card_list_from_rules_is_21() -> None:
    assert parse_cards("A,7,KN") == 21


def test_red_king_counts_zero_in_a_list() -> None:
    assert parse_cards("KR,RR,A") == 1


def test_joker_is_15_only_in_jokes_mode() -> None:
    assert parse_cards("JK,2", jokers=True) == 17
    assert parse_cards("jolly", jokers=True) == 15
    with pytest.raises(CardError) as refused:
        parse_cards("JK,2")
    assert refused.value.joker


@pytest.mark.parametrize("text", ["Z", "A,Z", "11", "A,,7", "", "0"])
def test_unknown_cards_are_errors_not_guesses(text: str) -> None:
    with pytest.raises(CardError):
        parse_cards(text)
