"""The Macchiavelli and Tagò benchmarks measure what they say: the nights they type are what
the bot's own parsers and engines take (Tagò's hands of 4 to 8 with an all-in side pot), a
tiny night of each goes through the real Application beside Tamalo's (every reply a
recorded hand, every hand read back), and ``/quote``'s case is the slow one (sampled)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench import beside_tamalo, macchiavelli_deals, tago
from bot.games.macchiavelli.parsing import parse_deal, parse_new_game, resolve
from bot.games.tago.parsing import parse_hand, parse_new_night, parse_odds
from scoring.macchiavelli import Match
from scoring.tago import Night
from scoring.tago.odds import odds


def test_a_macchiavelli_night_is_typed_as_the_bot_reads_it() -> None:
    night = macchiavelli_deals.deal_night(3, 12)
    assert all(text.startswith(("/nuova macchiavelli ", "/mano ")) for _, text in night)
    matches: dict[int, Match] = {}
    deals = Counter[int]()
    for chat, text in night:
        words = text.split(" ", 1)[1]
        if text.startswith("/nuova"):
            new = parse_new_game(words.partition(" ")[2])
            assert chat not in matches or matches[chat].is_over()  # a new game when one ends
            matches[chat] = Match(new.players, new.rules)
            continue
        match = matches[chat]
        deal = resolve(parse_deal(words), match.players, match.rules)
        matches[chat] = match.with_deal(deal)
        deals[chat] += 1
    assert deals == dict.fromkeys((chat for chat, _ in night), 12)
    typed = " ".join(text for _, text in night)
    assert "K" in typed  # some deals by cards, some by totals
    assert all(3 <= len(m.players) <= 6 for m in matches.values())


def test_a_tago_night_has_hands_of_4_to_8_with_an_all_in_side_pot() -> None:
    nights: dict[int, Night] = {}
    hands = side_pots = 0
    for chat, text in tago.hand_night(4, 15):
        words = text.split(" ", 1)[1] if " " in text else ""
        if text.startswith("/nuova"):
            new = parse_new_night(words)
            nights[chat] = Night.open(new.table, new.buy_ins, first_dealer=new.first_dealer)
        elif text.startswith("/mano"):
            night = nights[chat]
            before = night.ledger.stacks
            hand = parse_hand(words, night.players)
            nights[chat] = night = night.with_hand(hand)
            assert 4 <= len(hand.entries) <= 8
            assert any(e.paid == before[e.player] and not e.folded for e in hand.entries)
            hands += 1
            side_pots += len(night.deals[-1].result.pots) > 1
        else:
            assert text == "/saldo"
    assert hands == 60
    assert side_pots >= hands * 0.8, f"{side_pots} of {hands} hands with a side pot"


def test_the_quote_case_is_eight_players_with_two_punto_cards_sampled() -> None:
    request = parse_odds(tago.QUOTE.split(" ", 1)[1])
    assert len(request.shown) == 8
    assert len(request.punto) == 2
    assert request.punto[0] == request.punto[1]  # a pair: the choice left open
    result = odds(request.punto, dict(request.shown))
    assert not result.exact
    assert abs(sum(result.chances.values()) - 1) < 1e-9


def test_the_judge_figure_judges_eight_and_two_player_showdowns() -> None:
    eight = tago.showdowns(random.Random(1), 8, 5)
    assert {len(hands) for _, hands, _ in eight} == {8}
    figure = tago.judge_figure(quick=True)
    assert figure.unit == "ms"
    assert figure.limit == 1.0
    assert figure.absolute


async def test_a_tiny_macchiavelli_night_beside_tamalos_through_the_application() -> None:
    measured = await beside_tamalo.beside_tamalo(
        macchiavelli_deals.deal_night(2, 3),
        expected=macchiavelli_deals.REPLY,
        kind="macchiavelli",
        tamalo_chats=2,
        tamalo_hands=3,
        warm=4,
    )
    assert len(measured.other) == 6
    assert len(measured.tamalo) == 6


async def test_a_tiny_tago_night_beside_tamalos_through_the_application() -> None:
    measured = await beside_tamalo.beside_tamalo(
        tago.hand_night(2, 3),
        expected=tago.REPLY,
        kind="tago",
        tamalo_chats=2,
        tamalo_hands=3,
        warm=4,
    )
    assert len(measured.other) == 6
    assert len(measured.tamalo) == 6


async def test_a_refused_hand_would_fail_the_benchmark() -> None:
    """A reply that is not a recorded hand (here: a deal naming someone not at the table)
    stops the benchmark instead of being timed as a cheap hand."""
    night = [
        (-50_001, "/nuova macchiavelli Anna Bruno Carla smazzate=4"),
        (-50_001, "/mano Anna 0 Bruno 12 Zeno 7"),
    ]
    with pytest.raises(AssertionError, match="Zeno"):
        await beside_tamalo.beside_tamalo(
            night, expected="Smazzata ", kind="macchiavelli", tamalo_chats=1, tamalo_hands=1, warm=0
        )
