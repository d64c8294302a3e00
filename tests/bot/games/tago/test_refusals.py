"""Every rule of Tagò the engine refuses to break has its words for the chat, in Italian and
in English; the refusals that need the night's chips, as the chat reads them."""

from __future__ import annotations

import inspect

import pytest

import scoring.tago
from bot import i18n
from bot.games.tago import refusals
from bot.games.tago.parsing import parse_hand, parse_new_night
from scoring.errors import RuleBroken
from scoring.tago import Night


def night_of(typed: str) -> Night:
    new = parse_new_night(typed)
    return Night.open(new.table, new.buy_ins, first_dealer=new.first_dealer)


def refusal_of(night: Night, typed: str) -> str:
    with pytest.raises(RuleBroken) as caught:
        night.with_hand(parse_hand(typed, night.players))
    return refusals.refusal(caught.value)


def test_every_error_of_the_engine_has_its_words() -> None:
    errors = {
        kind
        for _name, kind in inspect.getmembers(scoring.tago, inspect.isclass)
        if issubclass(kind, RuleBroken)
    }

    assert errors <= set(refusals.kinds())


def test_a_contribution_above_a_player_s_chips_is_refused() -> None:
    night = night_of("tago heavy 5/300 Anna Bruno")

    assert refusal_of(night, "punto=4,½,0 Anna 350 3,1,½ Bruno 300 4,4,2") == (
        "Anna ha messo 350 ma ha solo 300 fiches: controlla, o prima /ricarica."
    )


def test_a_bet_over_the_light_maximum_is_refused() -> None:
    night = night_of("tago light 5/100 Anna=1000 Bruno=1000")

    assert refusal_of(night, "punto=4,½,0 Anna 306 3,1,½ Bruno 300 4,4,2") == (
        "Anna ha messo 306: al tavolo light si arriva al massimo a 305 "
        "(ante e una puntata massima per giro)."
    )


def test_less_than_the_ante_and_too_large_an_in_hand_rebuy_are_refused() -> None:
    night = night_of("tago heavy 5/300 ante=2.5 Anna Bruno")

    assert "Anna ha messo 2, meno dell'ante (2,50)" in refusal_of(
        night, "punto=4,½,0 Anna 2 3,1,½ Bruno 300 4,4,2"
    )
    assert refusal_of(night, "Anna 310 ricarica=20 Bruno 2.5 lascia") == (
        "Durante la mano Anna può ricaricare solo quanto basta a coprire la puntata: 10, non 20."
    )


def test_a_curioso_who_did_not_fold_and_a_closed_night_are_refused() -> None:
    night = night_of("tago heavy 5/300 Anna Bruno")
    night = night.with_hand(parse_hand("Anna 5 Bruno 5 lascia", night.players))

    with pytest.raises(RuleBroken) as caught:
        night.with_curioso("Anna")
    assert refusals.refusal(caught.value) == (
        "Anna non ha lasciato nell'ultima mano, o ha già visto la sua carta."
    )
    with pytest.raises(RuleBroken) as caught:
        night.settled().with_rebuy("Anna", 100)
    assert refusals.refusal(caught.value).startswith("La serata è chiusa")


def test_the_refusals_in_english() -> None:
    night = night_of("tago heavy 5/300 Anna Bruno")
    with i18n.speaking("en"):
        refused = refusal_of(night, "punto=4,½,0 Anna 350 3,1,½ Bruno 300 4,4,2")

    # The command is named as the registry spells it in English (/rebuy once wired).
    assert refused.startswith("Anna put in 350 but has only 300 in chips: check, or /")
