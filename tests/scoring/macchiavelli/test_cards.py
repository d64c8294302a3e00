"""RULES-macchiavelli.md, "Card points": what each card counts, card lists, and the refusals."""

import pytest

from scoring.errors import RuleBroken
from scoring.macchiavelli import (
    Deal,
    NegativePoints,
    NoJokers,
    Rank,
    Report,
    TooManyCopies,
    TooManyPoints,
    TwoClosers,
    UnknownCard,
    deck_points,
    parse_cards,
    read_report,
)


@pytest.mark.parametrize(
    ("token", "points"),
    [
        *[(str(n), n) for n in range(2, 11)],
        ("J", 10),
        ("F", 10),
        ("Q", 10),
        ("D", 10),
        ("K", 10),
        ("R", 10),
        ("A", 11),
        ("JK", 25),
        ("JOLLY", 25),
        ("jolly", 25),
        ("a", 11),
        (" k ", 10),
    ],
)
def test_each_card_counts_its_points(token: str, points: int) -> None:
    assert parse_cards(token, jokers=True).total == points


def test_a_card_list_gives_each_card_and_the_total() -> None:
    cards = parse_cards("K,A,7,JK", jokers=True)

    assert [card.rank for card in cards.cards] == [Rank.KING, Rank.ACE, Rank.SEVEN, Rank.JOLLY]
    assert [card.points for card in cards.cards] == [10, 11, 7, 25]
    assert cards.total == 53


def test_a_list_is_shown_as_typed_upper_cased() -> None:
    assert parse_cards("r,a,7", jokers=False).text == "R,A,7"
    assert read_report("Bruno", "K,A,7", jokers=False) == Report(
        "Bruno", 28, parse_cards("K,A,7", jokers=False)
    )


@pytest.mark.parametrize(
    ("text", "token"), [("K,X,7", "X"), ("1", "1"), ("K,,7", ""), ("11,A", "11")]
)
def test_an_unknown_token_is_named(text: str, token: str) -> None:
    with pytest.raises(UnknownCard) as caught:
        parse_cards(text, jokers=True)
    assert caught.value.token == token
    assert isinstance(caught.value, RuleBroken)


@pytest.mark.parametrize("token", ["JK", "Jolly"])
def test_a_jolly_in_a_game_without_jokers_is_refused(token: str) -> None:
    with pytest.raises(NoJokers) as caught:
        parse_cards(f"K,{token}", jokers=False)
    assert caught.value.token == token


def test_a_list_holds_at_most_eight_of_a_value_and_four_jolly() -> None:
    assert parse_cards(",".join(["A"] * 8), jokers=False).total == 88
    assert parse_cards(",".join(["JK"] * 4), jokers=True).total == 100
    with pytest.raises(TooManyCopies) as caught:
        parse_cards(",".join(["A"] * 9), jokers=False)
    assert (caught.value.card, caught.value.count, caught.value.limit) == ("A", 9, 8)
    with pytest.raises(TooManyCopies) as jolly:
        parse_cards(",".join(["JK"] * 5), jokers=True)
    assert (jolly.value.card, jolly.value.count, jolly.value.limit) == ("JK", 5, 4)


def test_copies_count_across_the_table_in_one_deal() -> None:
    def deal(bruno: str, carlo: str) -> Deal:
        return Deal(
            (
                Report("Anna", 0),
                read_report("Bruno", bruno, jokers=True),
                read_report("Carlo", carlo, jokers=True),
            )
        )

    assert deal("A,A,A,A,F", "A,A,A,A,R").closer == "Anna"
    with pytest.raises(TooManyCopies) as caught:
        deal("A,A,A,A,A", "A,A,A,A")
    assert (caught.value.card, caught.value.count) == ("A", 9)
    # J and F are the same value: nine jacks however they are typed.
    with pytest.raises(TooManyCopies):
        deal("J,J,J,J,J", "F,F,F,F")
    with pytest.raises(TooManyCopies):
        deal("JK,JK,JK", "JOLLY,JOLLY")


def test_a_bare_number_is_a_total_and_names_no_card() -> None:
    ten = read_report("Anna", "10", jokers=False)
    assert (ten.points, ten.cards) == (10, None)
    # Eight tens typed as cards and a ten typed as a total are not nine tens.
    tens = read_report("Bruno", ",".join(["10"] * 8), jokers=False)
    assert Deal((Report("Carlo", 0), ten, tens)).points == {"Carlo": 0, "Anna": 10, "Bruno": 80}


def test_a_negative_count_is_refused_naming_the_player() -> None:
    with pytest.raises(NegativePoints) as caught:
        read_report("Anna", "-3", jokers=False)
    assert (caught.value.player, caught.value.points) == ("Anna", -3)
    with pytest.raises(NegativePoints):
        Report("Anna", -1)
    assert read_report("Anna", "0", jokers=False).points == 0


def test_two_decks_hold_760_points_and_860_with_the_jolly() -> None:
    by_hand = 8 * (sum(range(2, 11)) + 3 * 10 + 11)
    assert deck_points(jokers=False) == by_hand == 760
    assert deck_points(jokers=True) == by_hand + 4 * 25
    assert read_report("Anna", "760", jokers=False).points == 760
    with pytest.raises(TooManyPoints) as caught:
        read_report("Anna", "761", jokers=False)
    assert (caught.value.points, caught.value.limit, caught.value.player) == (761, 760, "Anna")
    assert read_report("Anna", "860", jokers=True).points == 860
    with pytest.raises(TooManyPoints):
        read_report("Anna", "861", jokers=True)


def test_two_players_at_zero_is_an_error_and_nobody_at_zero_has_no_closer() -> None:
    with pytest.raises(TwoClosers) as caught:
        Deal.of({"Anna": 0, "Bruno": 0, "Carlo": 12})
    assert caught.value.players == ("Anna", "Bruno")
    assert Deal.of({"Anna": 3, "Bruno": 40, "Carlo": 12}).closer is None
    assert Deal.of({"Anna": 3, "Bruno": 0, "Carlo": 12}).closer == "Bruno"


def test_a_deal_checks_the_game_deck() -> None:
    with_jolly = Deal.of({"Anna": 0, "Bruno": parse_cards("JK,2", jokers=True)})
    with_jolly.check(jokers=True)
    with pytest.raises(NoJokers):
        with_jolly.check(jokers=False)
    big = Deal.of({"Anna": 0, "Bruno": 800})
    big.check(jokers=True)
    with pytest.raises(TooManyPoints):
        big.check(jokers=False)
