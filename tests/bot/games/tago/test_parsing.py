"""Tagò's commands read as typed values (cards in halves, chips in cents), and refused with
one message that says what was wrong and what to type."""

from __future__ import annotations

import pytest

from bot.games.tago.choice import (
    HAND_CHOICE,
    JUDGE_CHOICE,
    choice_data,
    parse_choice_data,
    pending_choice,
    with_choice,
)
from bot.games.tago.parsing import (
    parse_curious,
    parse_hand,
    parse_judge,
    parse_new_night,
    parse_odds,
    parse_rebuy,
)
from bot.refusals import UserError
from scoring.tago import Entry, Stakes

SEATS = ("Anna", "Bruno", "Carlo", "Dario")


def refused(parse: object, *args: object) -> str:
    with pytest.raises(UserError) as caught:
        parse(*args)  # type: ignore[operator]
    return caught.value.message


# --- /giudica ---


def test_the_judge_reads_the_punto_each_player_and_the_halves() -> None:
    request = parse_judge("punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½")

    assert request.punto == (8, 1, 0)
    assert dict(request.hands) == {"Anna": (8, 8, 4), "Bruno": (6, 2, 1), "Carlo": (10, 12, 1)}
    assert request.choice is None


@pytest.mark.parametrize("half", ["½", "1/2", "0.5", "m", "M"])
def test_the_half_is_typed_every_way_the_rules_allow(half: str) -> None:
    request = parse_judge(f"punto=4,{half},0 Anna 4,4,2 Bruno 3,1,{half}")

    assert request.punto == (8, 1, 0)
    assert request.hands["Bruno"] == (6, 2, 1)


def test_the_half_as_0_comma_5_is_read_the_one_way_that_gives_three_cards() -> None:
    assert parse_judge("punto=4,0,5,0 Anna 4,4,2 Bruno 3,1,0,5").hands["Bruno"] == (6, 2, 1)


def test_cards_with_spaces_english_keys_and_a_choice() -> None:
    request = parse_judge("point = 6, 6, 2 choice=2 Anna 1 1 2 Bruno 0 0 0")

    assert request.punto == (12, 12, 4)
    assert request.hands == {"Anna": (2, 2, 4), "Bruno": (0, 0, 0)}
    assert request.choice == 4


def test_a_punto_with_a_pair_and_no_choice_asks_for_its_two_values() -> None:
    assert parse_judge("punto=6,6,2 Anna 1,1,2 Bruno 0,0,0").pending_choice == (28, 4)
    assert parse_judge("punto=6,6,2 scelta=14 Anna 1,1,2 Bruno 0,0,0").pending_choice is None
    assert pending_choice((8, 1, 0), None) is None


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("punto=4,4,4 Anna 4,4,2 Bruno 3,1,½", "Il 4 compare 5 volte"),
        ("punto=4,½,0 Anna 4,4 Bruno 3,1,½", "Anna ha 2 carte, ne servono 3"),
        ("punto=4,½,0 Anna 4,4,2,1 Bruno 3,1,½", "Anna ha 4 carte"),
        ("punto=4,½ Anna 4,4,2 Bruno 3,1,½", "Il PUNTO ha 2 carte"),
        ("punto=4,½,0 Anna 4,4,9 Bruno 3,1,½", "«9» non è una carta del Tagò"),
        ("punto=4,½,0 Anna 4;4;2 Bruno 3,1,½", "«4;4;2» non è una carta"),
        ("punto=4,½,0 Anna 4,4,2", "da 2 a 8: qui ce ne sono 1"),
        ("punto=4,½,0 Anna 4,4,2 Anna 3,1,½", "Hai scritto Anna due volte"),
        ("Anna 4,4,2 Bruno 3,1,½", "Manca il PUNTO"),
        ("4,4,2 Anna 4,4,2 Bruno 3,1,½", "«4,4,2» viene prima di un nome"),
        ("punto=4,½,0 colore=rosso Anna 4,4,2 Bruno 3,1,½", "Non conosco «colore=rosso»"),
        ("punto=4,½,0 scelta=2 Anna 4,4,2 Bruno 3,1,½", "non ha coppie"),
        ("punto=6,6,2 scelta=7 Anna 4,4,2 Bruno 3,1,½", "non può valere 7: vale 14 o 2"),
        ("punto=6,6,2 scelta=due Anna 4,4,2 Bruno 3,1,½", "«due» non è un valore del PUNTO"),
        ("punto=4,0,5,0 Anna 0,5,0,5 Bruno 3,1,½", "si legge in due modi"),
        ("", "Mancano le carte"),
    ],
)
def test_the_judge_refuses_with_one_message(typed: str, says: str) -> None:
    assert says in refused(parse_judge, typed)


def test_nine_players_are_too_many() -> None:
    names = ["Anna", "Bruno", "Carlo", "Dario", "Elena", "Fabio", "Gina", "Ugo", "Ivo"]
    hands = " ".join(f"{name} 1,2,3" for name in names)

    assert "qui ce ne sono 9" in refused(parse_judge, f"punto=5,6,7 {hands}")


# --- the pair question's buttons ---


def test_a_choice_button_s_data_is_short_stateless_and_read_back() -> None:
    data = choice_data(JUDGE_CHOICE, 28)

    assert data == "tg:c:g:28"
    assert len(data.encode()) <= 64
    assert parse_choice_data(data) == ("g", 28)
    assert parse_choice_data(choice_data(HAND_CHOICE, 1)) == ("m", 1)
    assert parse_choice_data("tg:c:x:1") is None
    assert parse_choice_data("vote:yes") is None


def test_the_command_read_again_with_the_button_s_choice() -> None:
    typed = "punto=6,6,2 Anna 1,1,2 Bruno 0,0,0"

    assert parse_judge(with_choice(typed, 4)).choice == 4
    assert parse_judge(with_choice(typed, 28)).choice == 28
    assert with_choice("punto=4,4,½ Anna 1,1,2 Bruno 0,0,0", 1).startswith("scelta=½ ")
    hand = parse_hand(
        with_choice("punto=6,6,2 Anna 9 1,3,0 Bruno 9 1,3,0 spareggio Anna 1,3,1 Bruno lascia", 4),
        SEATS,
    )
    assert hand.choice == 4


# --- /nuova tago ---


def test_a_night_reads_its_table_ante_share_and_buy_ins() -> None:
    night = parse_new_night("tago light 5/300 ante=2.5 jackpot=10% Anna Bruno Carlo Dario=500")

    table = night.table
    assert (table.stakes, table.min_bet, table.stack, table.ante) == (
        Stakes.LIGHT,
        500,
        30000,
        250,
    )
    assert table.jackpot_percent == 10
    assert dict(night.buy_ins) == {"Anna": None, "Bruno": None, "Carlo": None, "Dario": 50000}
    assert night.first_dealer == 0


def test_a_heavy_night_with_defaults_and_a_first_dealer() -> None:
    night = parse_new_night("Tagò heavy 5/300 Anna Bruno mazziere=bruno")

    assert night.table.stakes is Stakes.HEAVY
    assert night.table.ante == 500  # the minimum bet, unless told
    assert night.table.jackpot_percent == 10
    assert night.first_dealer == 1


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("tago light ante=2.5 Anna Bruno", "Manca il tavolo"),
        ("tago light 5/300 ante=3 Anna Bruno", "ante=5 o ante=2,50"),
        ("tago light 5/300 jackpot=60% Anna Bruno", "da 0% a 50%"),
        ("tago light 5/300 jackpot=tanto Anna Bruno", "«tanto» non è una percentuale"),
        ("tago light 5/300 Anna=200 Bruno", "Anna entra con 200"),
        ("tago light 5/300 Anna", "qui ce ne sono 1"),
        ("tago light 5/300 Anna Bruno mazziere=Zoe", "Zoe non è al tavolo"),
        ("tago light 300/5 Anna Bruno", "non si può giocare"),
        ("tago light heavy 5/300 Anna Bruno", "Il tavolo è scritto due volte"),
    ],
)
def test_a_night_refuses_with_one_message(typed: str, says: str) -> None:
    assert says in refused(parse_new_night, typed)


# --- /mano ---


def test_a_hand_reads_contributions_cards_and_folds_in_seat_order() -> None:
    hand = parse_hand(
        "punto=4,½,0 Bruno 150 3,1,½ Anna 200 4,4,2 Carlo 200 5,6,½ Dario 40 lascia", SEATS
    )

    assert hand.punto == (8, 1, 0)
    assert hand.entries == (
        Entry("Anna", 20000, (8, 8, 4)),
        Entry("Bruno", 15000, (6, 2, 1)),
        Entry("Carlo", 20000, (10, 12, 1)),
        Entry("Dario", 4000, None, folded=True),
    )


def test_a_hand_with_halves_of_chips_an_in_hand_rebuy_and_no_showdown() -> None:
    hand = parse_hand("anna 2,5 fold Bruno 7.5 ricarica=5", SEATS)

    assert hand.entries == (
        Entry("Anna", 250, None, folded=True),
        Entry("Bruno", 750, None, rebuy=500),
    )
    assert hand.punto is None


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("punto=4,½,0 Anna 4,4,2 Bruno 150 3,1,½", "Dopo Anna viene quanto ha messo"),
        ("punto=4,½,0 Anna Bruno 150 3,1,½", "Dopo Anna scrivi quanto ha messo"),
        ("punto=4,½,0 Anna 200 4,4,2 Zoe 150 3,1,½", "Zoe non è al tavolo"),
        ("punto=4,½,0 Anna 200 4,4,2 Bruno 150 lascia 3,1,½", "Bruno lascia"),
        ("punto=4,½,0 Anna 200 4,4,2 Bruno 150", "Bruno arriva allo showdown"),
        ("Anna 200 4,4,2 Bruno 150 3,1,½", "scrivi anche il PUNTO"),
        ("Anna 200 lascia Bruno 150 lascia", "Hanno lasciato tutti"),
        ("punto=4,4,4 Anna 200 4,4,2 Bruno 150 3,1,½", "Il 4 compare 5 volte"),
        ("", "Scrivi per esempio: /mano punto="),
    ],
)
def test_a_hand_refuses_with_one_message(typed: str, says: str) -> None:
    assert says in refused(parse_hand, typed, SEATS)


# --- /ricarica, /curioso ---


def test_a_rebuy_is_a_seated_player_and_a_positive_amount() -> None:
    assert parse_rebuy("anna 300", SEATS) == ("Anna", 30000)
    assert parse_rebuy("Anna=2.5", SEATS) == ("Anna", 250)
    assert "serve un importo più di 0" in refused(parse_rebuy, "Anna 0", SEATS)
    assert "Zoe non è al tavolo" in refused(parse_rebuy, "Zoe 300", SEATS)
    assert "chi ricarica e quanto" in refused(parse_rebuy, "", SEATS)
    assert "Non capisco «300 Anna»" in refused(parse_rebuy, "300 Anna", SEATS)
    assert "«tanto» non è un importo" in refused(parse_rebuy, "Anna tanto", SEATS)


def test_the_curious_are_seated_players() -> None:
    assert parse_curious("dario", SEATS) == ("Dario",)
    assert parse_curious("Dario Bruno", SEATS) == ("Dario", "Bruno")
    assert "/curioso Dario" in refused(parse_curious, "", SEATS)
    assert "Hai scritto Dario due volte" in refused(parse_curious, "Dario dario", SEATS)
    assert "Zoe non è al tavolo" in refused(parse_curious, "Zoe", SEATS)


# --- /quote ---


def test_the_odds_read_two_shown_cards_each_and_two_or_three_of_the_punto() -> None:
    request = parse_odds("punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6")

    assert request.punto == (8, 1)
    assert dict(request.shown) == {"Anna": (8, 8), "Bruno": (6, 2), "Carlo": (10, 12)}
    assert parse_odds("punto=6,6,2 scelta=2 primo=bruno Anna 4,4 Bruno 3,1").first == "Bruno"


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("punto=4 Anna 4,4 Bruno 3,1", "Il PUNTO ha 1 carte, ne servono 2"),
        ("punto=4,½ Anna 4,4,2 Bruno 3,1", "Anna ha 3 carte, ne servono 2"),
        ("punto=4,½ Anna 4,4", "qui ce ne sono 1"),
        ("punto=4,4 Anna 4,4 Bruno 3,1", "Il 4 compare 4 volte"),
        ("punto=4,½ scelta=2 Anna 4,4 Bruno 3,1", "tre carte del PUNTO scoperte"),
        ("punto=4,½ primo=Zoe Anna 4,4 Bruno 3,1", "Zoe non è al tavolo"),
    ],
)
def test_the_odds_refuse_with_one_message(typed: str, says: str) -> None:
    assert says in refused(parse_odds, typed)


def test_a_hand_with_its_play_offs() -> None:
    hand = parse_hand(
        "punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 Carlo 5 lascia "
        "spareggio bruno 2,3,2 Anna 1,3,½ playoff Anna 1,3,1 Bruno lascia",
        SEATS,
    )

    assert [(p.players, dict(p.cards)) for p in hand.playoffs] == [
        (("Anna", "Bruno"), {"Bruno": (4, 6, 4), "Anna": (2, 6, 1)}),
        (("Anna", "Bruno"), {"Anna": (2, 6, 2)}),
    ]


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 spareggio", "Dopo spareggio scrivi chi"),
        ("punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 spareggio Anna 1,3", "Anna ha 2 carte"),
        ("punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 spareggio Zoe 1,3,1", "Zoe non è al tavolo"),
        ("punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 spareggio Anna lascia 1,2,3", "Anna lascia"),
    ],
)
def test_a_play_off_refuses_with_one_message(typed: str, says: str) -> None:
    assert says in refused(parse_hand, typed, SEATS)
