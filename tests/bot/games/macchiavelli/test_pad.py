"""The card pad as a state machine: each tap's rule at its boundary (the eighth copy taken, the
ninth refused, across the whole deal; the fourth jolly, not the fifth), the deal it makes
(the deal ``/mano`` reads from the same card lists), and what it keeps between taps."""

from __future__ import annotations

import pytest

from bot.games.macchiavelli import pad_texts
from bot.games.macchiavelli.pad import (
    MAX_ID,
    NotAPad,
    Pad,
    PadMistake,
    Step,
    callback,
    parse_callback,
)
from bot.games.macchiavelli.parsing import parse_deal, resolve
from scoring.macchiavelli import HomeRules, Rank

PLAYERS = ("Anna", "Bruno", "Carlo")


def tapped(pad: Pad, *actions: str) -> Pad:
    for action in actions:
        pad = pad.press(action)
    return pad


def refusal(pad: Pad, action: str) -> PadMistake:
    with pytest.raises(PadMistake) as caught:
        pad.press(action)
    return caught.value


def test_eight_copies_of_a_card_across_the_deal_and_not_nine() -> None:
    pad = tapped(Pad(PLAYERS, jokers=False, number=1), *["cK"] * 5, "next", *["cK"] * 3)
    assert refusal(pad, "cK").reason == "copies"
    assert refusal(pad, "cK").rank is Rank.KING
    assert tapped(pad, "undo", "cK").hands == pad.hands  # the eighth again, once taken off


def test_four_jolly_with_jokers_none_without() -> None:
    pad = tapped(Pad(PLAYERS, jokers=True, number=1), *["cJK"] * 4)
    assert refusal(pad, "cJK").reason == "copies"
    assert refusal(Pad(PLAYERS, jokers=False, number=1), "cJK").reason == "no_jokers"


def test_one_closer_with_no_cards() -> None:
    pad = tapped(Pad(PLAYERS, jokers=False, number=1), "close")
    assert (pad.closer, pad.current) == (0, 1)
    assert refusal(pad, "close").reason == "two_closers"
    fresh = Pad(PLAYERS, jokers=False, number=1)
    assert refusal(tapped(fresh, "c7"), "close").reason == "close_with_cards"
    assert refusal(pad, "next").reason == "empty"
    assert refusal(Pad(PLAYERS, jokers=False, number=1), "back").reason == "first"
    assert tapped(pad, "back", "undo").closer is None  # the closing taken back


def test_the_deal_it_makes_is_the_deal_typed() -> None:
    pad = tapped(Pad(PLAYERS, jokers=True, number=1), "close", "cK", "cA", "c7", "next")
    pad = tapped(pad, "cJK", "c2", "next")
    assert pad.step is Step.CONFIRM
    rules = HomeRules(jokers=True)
    typed = resolve(parse_deal("Anna 0 Bruno K,A,7 Carlo JK,2"), PLAYERS, rules)
    assert resolve(pad.typed(), PLAYERS, rules) == typed


def test_a_deal_nobody_closed_says_so_before_it_is_recorded() -> None:
    pad = tapped(Pad(PLAYERS[:2], jokers=False, number=3), "c2", "next", "c10", "next")
    assert "Anna 2 = 2\nBruno 10 = 10\n\nNessuno ha chiuso" in pad_texts.view(pad, 3, "Utente")


def test_kept_between_taps_as_json() -> None:
    pad = tapped(Pad(PLAYERS, jokers=True, number=2), "close", "cJK", "c10").shown_again()
    assert Pad.from_json(pad.to_json()) == pad
    with pytest.raises(NotAPad):  # a Tamalo entry's state
        Pad.from_json('{"players": ["Anna"], "contro": false, "step": "caller"}')


def test_callback_data_fits_and_forged_data_is_no_button() -> None:
    assert len(callback(MAX_ID, MAX_ID, "cJK").encode()) <= 64
    assert parse_callback("mpad:7:2:cK") == (7, 2, "cK")
    for forged in ("mano:7:2:cK", "mpad:x:2:cK", f"mpad:{MAX_ID + 1}:2:cK", "mpad:7:2:"):
        assert parse_callback(forged) is None
    assert refusal(Pad(PLAYERS, jokers=True, number=1), "cZ").reason == "stale"
