"""Macchiavelli's form on the table's screen: a deal tapped (who closed, each other player's
cards) is the ``/mano`` typed with names, through the real Application: the same reply, the
same deal stored, recorded once however often it is sent; what the form cannot send (no
closer, a player with no cards, a card never offered) is refused saying what; a tournament's
deals are typed."""

from __future__ import annotations

import httpx

from tests.bot.board.test_board import token_of
from tests.bot.board.test_forms import browser, form_of, replies, send, served
from tests.bot.conftest import Table
from tests.bot.games.macchiavelli.test_pad_in_chat import stored_deals
from tests.bot.games.macchiavelli.test_tournament_chat import NINE

__all__ = ["browser", "served"]  # the fixtures, shared with Tamalo's form

NEW = "/nuova macchiavelli Anna Bruno Carlo Dario smazzate=3 jolly"
TYPED = "/mano Anna 0 Bruno K,A,7 Carlo JK,2 Dario 10,10,3"
#: The same deal as tapped: Anna closed, then each other player's cards.
TAPPED = {"c": "Anna", "p0": "", "p1": "K,A,7", "p2": "JK,2", "p3": "10,10,3"}
#: A deal where nobody closed (the stock ran out), typed and tapped.
NOBODY_TYPED = "/mano Anna 2 Bruno Q,Q Carlo 9,9,9 Dario A"
NOBODY_TAPPED = {"c": "-", "p0": "2", "p1": "Q,Q", "p2": "9,9,9", "p3": "A"}


async def test_a_deal_tapped_is_the_deal_typed_recorded_once(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send(NEW)
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "Macchiavelli · smazzata 1" in html
    assert 'data-option="-" aria-pressed="false">nessuno (mazzo finito)</button>' in html
    assert 'data-option="Dario"' in html
    assert 'data-name="p3"' in html
    assert 'data-card="JK">Jolly</button>' in html
    assert 'data-most="108"' in html  # the two decks and their jokers: nothing less bounds it
    twin = served.in_chat(-100_777)  # the same deals, typed
    await twin.send(NEW)
    typed = await twin.reply(TYPED)
    before = len(replies(served))
    bot_token = served.app.bot.token

    status, answer = await send(browser, token, TAPPED, stamp=stamp, bot_token=bot_token)

    assert (status, answer["status"], answer["said"]) == (200, "taken", typed)
    assert typed.startswith("Smazzata 1: chiude Anna.\nAnna 0\nBruno K,A,7 = 28\nCarlo JK,2")
    assert replies(served)[before:] == [typed]
    assert await stored_deals(served) == await stored_deals(twin)

    # Sent again (a double tap, an answer lost): recorded once.
    status, again = await send(browser, token, TAPPED, stamp=stamp, bot_token=bot_token)
    assert (status, again["status"]) == (200, "taken")
    assert len(replies(served)) == before + 1
    assert await stored_deals(served) == await stored_deals(twin)

    # The next deal's form; the first one's is stale now.
    status, stale = await send(
        browser, token, NOBODY_TAPPED, stamp=stamp, nonce="b" * 32, bot_token=bot_token
    )
    assert (status, stale["status"]) == (409, "stale")
    html, stamp = await form_of(browser, token)
    assert "Macchiavelli · smazzata 2" in html
    typed = await twin.reply(NOBODY_TYPED)
    status, answer = await send(
        browser, token, NOBODY_TAPPED, stamp=stamp, nonce="c" * 32, bot_token=bot_token
    )
    assert (status, answer["said"]) == (200, typed)
    assert "nessuno" in typed.splitlines()[0].casefold()
    assert await stored_deals(served) == await stored_deals(twin)
    assert await served.reply("/classifica") == await twin.reply("/classifica")


async def test_what_the_form_cannot_send_is_refused_saying_what(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova macchiavelli Anna Bruno Carlo")  # without jokers
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert 'data-card="JK"' not in html
    assert 'data-most="104"' in html
    bot_token = served.app.bot.token
    deal = {"c": "Anna", "p0": "", "p1": "K,A,7", "p2": "5"}

    async def refused(values: dict[str, str], nonce: str) -> tuple[int, str, str]:
        status, answer = await send(
            browser, token, values, stamp=stamp, nonce=nonce * 32, bot_token=bot_token
        )
        return status, answer["status"], answer["said"]

    assert await refused(deal | {"c": ""}, "1") == (
        400,
        "invalid",
        "Manca: chi ha chiuso. Toccalo e scegli.",
    )
    assert await refused(deal | {"p1": ""}, "2") == (
        400,
        "invalid",
        "Manca: le carte di Bruno. Toccalo e scegli.",
    )
    assert await refused(deal | {"c": "-"}, "3") == (  # nobody closed: Anna has cards too
        400,
        "invalid",
        "Manca: le carte di Anna. Toccalo e scegli.",
    )
    assert await refused(deal | {"p0": "3"}, "4") == (
        400,
        "invalid",
        "Anna ha chiuso: niente carte in mano. Togli le sue carte, o scegli chi ha chiuso.",
    )
    never_offered = "Il modulo non è valido: riaprilo dal tabellone. Non ho registrato nulla."
    for nonce, forged in enumerate(
        (deal | {"c": "Zed"}, deal | {"p1": "K,JK"}, deal | {"p2": "X"}, deal | {"p2": "5," * 105})
    ):
        assert await refused(forged, f"{nonce:x}f") == (400, "invalid", never_offered)
    assert await stored_deals(served) == []
    assert "Smazzata 1" not in " ".join(replies(served))

    # What the rules refuse is the chat's to say, as typed: a ninth king.
    twin = served.in_chat(-100_777)
    await twin.send("/nuova macchiavelli Anna Bruno Carlo")
    typed = await twin.reply("/mano Anna 0 Bruno K,K,K,K,K Carlo K,K,K,K")
    status, answer = await send(
        browser,
        token,
        deal | {"p1": "K,K,K,K,K", "p2": "K,K,K,K"},
        stamp=stamp,
        nonce="e" * 32,
        bot_token=bot_token,
    )
    assert (status, answer["status"], answer["said"]) == (200, "refused", typed)
    assert await stored_deals(served) == []


async def test_a_tournaments_deals_are_typed(served: Table, browser: httpx.AsyncClient) -> None:
    await served.send(f"/torneo macchiavelli turni=3 smazzate=3 {NINE}")
    token = await token_of(served)
    response = await browser.get(f"/tavolo/{token}/form")
    assert response.status_code == 409
    assert "Nel torneo scrivete le smazzate con i nomi" in response.text
    status, answer = await send(browser, token, TAPPED, stamp="x", bot_token=served.app.bot.token)
    assert (status, answer["status"]) == (409, "invalid")


async def test_the_form_speaks_the_chats_language(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/lingua en")
    await served.send("/new macchiavelli Anna Bruno jokers")
    token = await token_of(served, "/table")
    html, stamp = await form_of(browser, token)
    assert "Macchiavelli · deal 1" in html
    assert ">Who closed</span>" in html
    assert ">nobody (the stock ran out)</button>" in html
    assert ">Cards in hand</span>" in html
    assert 'data-card="JK">Joker</button>' in html
    status, answer = await send(
        browser, token, {"c": "", "p0": "", "p1": "K"}, stamp=stamp, bot_token=served.app.bot.token
    )
    assert (status, answer["said"]) == (400, "Missing: who closed. Tap it and choose.")
