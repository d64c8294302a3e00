"""Macchiavelli's arguments read into values: /nuova and /torneo options in both languages, a
deal by names or in seat order, and what each refuses, at the rules' boundaries."""

from __future__ import annotations

import random

import pytest

from bot.games.macchiavelli import errors
from bot.games.macchiavelli.parsing import (
    DealByName,
    DealBySeat,
    parse_deal,
    parse_new_game,
    parse_tournament,
    resolve,
    resolve_at_table,
)
from scoring.macchiavelli import (
    HomeRules,
    Movement,
    NegativePoints,
    NoJokers,
    OptionOutOfRange,
    PlayerCount,
    SingleHasOneDeal,
    TooFewPlayers,
    TooManyCopies,
    TooManyPoints,
    Tournament,
    TournamentRules,
    TwoClosers,
    UnknownCard,
)

PLAYERS = ("Anna", "Bruno", "Carlo")
JOKERS = HomeRules(jokers=True)
PLAIN = HomeRules()


# --- /nuova macchiavelli ---


def test_new_game_options_in_italian_and_in_english_are_the_same_game() -> None:
    italian = parse_new_game(
        "macchiavelli Anna Bruno Carlo smazzate=3 jolly carte=13 mazziere=Bruno"
    )
    english = parse_new_game("machiavelli Anna Bruno Carlo deals=3 jokers cards=13 dealer=bruno")

    assert italian == english
    assert italian.players == PLAYERS
    assert italian.rules == HomeRules(deals=3, jokers=True, cards_dealt=13)
    assert italian.match().dealer_of(1) == "Bruno"


def test_new_game_defaults_run_on_points_without_jokers_dealt_from_the_first_seat() -> None:
    new = parse_new_game("Anna Bruno")

    assert new.rules == HomeRules()
    assert new.match().next_dealer == "Anna"


def test_target_and_single_game() -> None:
    assert parse_new_game("Anna Bruno soglia=200").rules.target == 200
    assert parse_new_game("Anna Bruno target=200").rules.target == 200
    assert parse_new_game("Anna Bruno singola").rules.single
    assert parse_new_game("Anna Bruno single").rules.single


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Anna Bruno smazzate=0", OptionOutOfRange),
        ("Anna Bruno smazzate=51", OptionOutOfRange),
        ("Anna Bruno carte=9", OptionOutOfRange),
        ("Anna Bruno carte=14", OptionOutOfRange),
        ("Anna Bruno soglia=0", OptionOutOfRange),
        ("Anna Bruno singola smazzate=3", SingleHasOneDeal),
        ("Anna", PlayerCount),
        ("A1 A2 A3 A4 A5 A6 A7 A8 A9".replace("A", "Nome"), PlayerCount),
        ("Anna Bruno smazzate=tre", errors.NotANumber),
        ("Anna Bruno colore=rosso", errors.UnknownOption),
        ("Anna Bruno danese", errors.UnknownOption),
        ("Anna Bruno anna", errors.PlayerTwice),
        ("Anna Bruno Ánna", errors.PlayerTwice),
        ("Anna K Bruno", errors.BadName),
        ("Anna JK Bruno", errors.BadName),
        ("Anna Bruno F", errors.BadName),
        ("Anna 12", errors.BadName),
        ("Anna Bruno mazziere=Carlo", errors.DealerNotPlaying),
        ("macchiavelli", errors.NoPlayers),
        ("", errors.NoPlayers),
    ],
)
def test_new_game_refuses(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_new_game(text)


def test_a_game_seats_two_to_eight_and_deals_one_to_fifty() -> None:
    eight = " ".join(f"Nome{c}" for c in "abcdefgh")
    assert len(parse_new_game(eight).players) == 8
    assert parse_new_game("Anna Bruno smazzate=1").rules.deals == 1
    assert parse_new_game("Anna Bruno smazzate=50").rules.deals == 50
    assert parse_new_game("Anna Bruno carte=10").rules.cards_dealt == 10


# --- /torneo macchiavelli ---

NINE = "Anna Bruno Carlo Dario Elena Franco Gino Ida Luca"


def test_tournament_options_in_both_languages() -> None:
    italian = parse_tournament(f"macchiavelli turni=4 smazzate=5 danese movimento=misto {NINE}")
    english = parse_tournament(f"machiavelli rounds=4 deals=5 danese movement=mixed {NINE}")

    assert italian == english
    assert italian.rules == TournamentRules(rounds=4, deals=5, danese=True, movement=Movement.MIXED)
    assert len(italian.players) == 9


def test_tournament_defaults_are_the_seeds_three_rounds_of_three_deals_by_nava() -> None:
    assert parse_tournament(NINE).rules == TournamentRules(rounds=3, deals=3)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Anna Bruno Carlo Dario Elena Franco Gino Ida", TooFewPlayers),
        (f"turni=6 {NINE}", OptionOutOfRange),
        (f"turni=2 {NINE}", OptionOutOfRange),
        (f"smazzate=6 {NINE}", OptionOutOfRange),
        (f"movimento=howell {NINE}", errors.UnknownOption),
        (f"singola {NINE}", errors.UnknownOption),
        (f"{NINE} Anna", errors.PlayerTwice),
        ("danese", errors.NoPlayers),
    ],
)
def test_tournament_refuses(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_tournament(text)


# --- a deal ---


def test_a_deal_by_names_keeps_each_count_a_total_or_the_cards() -> None:
    deal = parse_deal("Anna 0 Bruno K,A,7 Carlo 12")

    assert isinstance(deal, DealByName)
    assert [(name, getattr(c, "total", c)) for name, c in deal.counts] == [
        ("Anna", 0),
        ("Bruno", 28),
        ("Carlo", 12),
    ]


def test_a_deal_in_seat_order() -> None:
    deal = parse_deal("0 28 12")

    assert deal == DealBySeat((0, 28, 12))
    assert resolve(deal, PLAYERS, PLAIN).points == {"Anna": 0, "Bruno": 28, "Carlo": 12}


@pytest.mark.parametrize(
    "text",
    [
        "Anna 0 Bruno K,A,7 Carlo 12",
        "anna 0 bruno k, a, 7 carlo 12",  # any case, spaces after commas
        "Carlo 12 Anna 0 Bruno R,A,7",  # any order; Italian letters (Re)
        "Anna 0 Bruno K A 7 Carlo 12",  # the cards apart
        "Anna 0 Bruno 7 K A Carlo 12.",  # a number among cards is a card; a full stop
    ],
)
def test_ways_of_typing_the_same_deal(text: str) -> None:
    deal = resolve(parse_deal(text), PLAYERS, PLAIN)

    assert deal.points == {"Anna": 0, "Bruno": 28, "Carlo": 12}
    assert deal.players == PLAYERS  # in seat order, whatever the order typed
    assert deal.closer == "Anna"


def test_a_deal_with_nobody_at_zero_has_no_closer() -> None:
    assert resolve(parse_deal("3 28 12"), PLAYERS, PLAIN).closer is None


def test_the_copies_two_decks_hold_across_the_table() -> None:
    eight = resolve(parse_deal("Anna 0 Bruno A,A,A,A Carlo A,A,A,A"), PLAYERS, PLAIN)
    assert eight.points["Bruno"] == 44
    with pytest.raises(TooManyCopies) as nine:
        resolve(parse_deal("Anna 0 Bruno A,A,A,A,A Carlo A,A,A,A"), PLAYERS, PLAIN)
    assert (nine.value.card, nine.value.count, nine.value.limit) == ("A", 9, 8)

    four = resolve(parse_deal("Anna 0 Bruno JK,JK Carlo JK,Jolly"), PLAYERS, JOKERS)
    assert four.points["Carlo"] == 50
    with pytest.raises(TooManyCopies):
        resolve(parse_deal("Anna 0 Bruno JK,JK,JK Carlo JK,JK"), PLAYERS, JOKERS)


def test_a_jolly_only_in_a_game_with_jokers() -> None:
    assert resolve(parse_deal("Anna 0 Bruno JK,2 Carlo 12"), PLAYERS, JOKERS).points["Bruno"] == 27
    with pytest.raises(NoJokers):
        resolve(parse_deal("Anna 0 Bruno JK,2 Carlo 12"), PLAYERS, PLAIN)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", errors.EmptyDeal),
        ("Anna 0 Bruno ?? Carlo 12", errors.UnknownToken),
        ("Anna 0 Bruno K,X Carlo 12", UnknownCard),
        ("Anna 0 Bruno K,,7 Carlo 12", UnknownCard),
        ("Anna 0 Bruno -3 Carlo 12", NegativePoints),
        ("0 -28 12", NegativePoints),
        ("0 Anna 3", errors.CountWithoutName),
        ("Anna 3 5 Bruno 0", errors.CountWithoutName),
        ("Anna 0 Bruno 28 anna 3", errors.PlayerTwice),
        ("Anna 0 Bruno K,K,K,K,K,K,K,K,K", TooManyCopies),
    ],
)
def test_a_deal_refused_before_its_game_is_known(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_deal(text)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Anna 0 Bruno 0 Carlo 12", TwoClosers),
        ("Anna 0 Dario 28 Carlo 12", errors.UnknownPlayer),
        ("Anna 0 Bruno 28", errors.MissingPlayers),
        ("0 28", errors.WrongCount),
        ("0 28 12 5", errors.WrongCount),
        ("Anna 0 Bruno 900 Carlo 12", TooManyPoints),
        ("Anna Bruno 28 Carlo 0", errors.NameWithoutCount),
        ("Anna 0 Bruno 28 Carlo", errors.NameWithoutCount),
        ("Anna 0 Bruno 3 X 5 Carlo 5", errors.UnknownPlayer),  # a name: a count after it
        ("Anna 0 Bruno X Carlo 5", UnknownCard),  # where Bruno's count goes
        ("Anna 0 Bruno 28 Carlo 5 extra", errors.UnknownPlayer),
    ],
)
def test_a_deal_refused_against_its_game(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        resolve(parse_deal(text), PLAYERS, PLAIN)


def test_two_players_at_zero_are_named() -> None:
    with pytest.raises(TwoClosers) as refused:
        resolve(parse_deal("0 0 12"), PLAYERS, PLAIN)
    assert refused.value.players == ("Anna", "Bruno")


# --- a tournament's deal finds its table ---

FOURTEEN = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gino",
            "Ida", "Luca", "Marta", "Nino", "Olga", "Pia", "Rino")  # fmt: skip


def _tournament() -> Tournament:
    return Tournament.start(FOURTEEN, TournamentRules(), random.Random(7))


def test_a_tournament_deal_is_at_the_table_its_names_sit_at() -> None:
    tournament = _tournament()
    seating = tournament.seating(1)
    at_three = seating.players_at(3)
    typed = " ".join(f"{p} {n}" for p, n in zip(reversed(at_three), (0, 10, 20), strict=True))

    table, deal = resolve_at_table(parse_deal(typed), seating, tournament.rules)

    assert table == 3
    assert deal.players == at_three
    assert tournament.with_deal(table, deal).deals_at(1, 3) == (deal,)


def test_a_tournament_deal_refused() -> None:
    tournament = _tournament()
    seating = tournament.seating(1)
    one, two = seating.players_at(1), seating.players_at(2)
    with pytest.raises(errors.NamesNeeded):
        resolve_at_table(parse_deal("0 10 20 30"), seating, tournament.rules)
    with pytest.raises(errors.TablesMixed) as mixed:
        resolve_at_table(parse_deal(f"{one[0]} 0 {two[0]} 10"), seating, tournament.rules)
    assert (mixed.value.first_table, mixed.value.other_table) == (1, 2)
    with pytest.raises(errors.UnknownPlayer):
        resolve_at_table(parse_deal("Zeno 0 Anna 3"), seating, tournament.rules)
    with pytest.raises(errors.MissingPlayers):
        resolve_at_table(parse_deal(f"{one[0]} 0 {one[1]} 10"), seating, tournament.rules)
