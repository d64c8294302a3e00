"""The table's screen's form (``/tavolo``'s Mini App): a hand sent by taps is handled as its
sender's message in the chat, through the real Application: the same reply, the same
refusals, recorded once however often it is sent; only the chat's members record, with
``initData`` signed for that chat's link, and a form older than the game is refused."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from bot.board.entries import Entries, handled_here
from bot.board.web import board_routes
from tests.bot.board.test_board import BASE, signed, token_of
from tests.bot.conftest import Table

ANNA = 42


@pytest.fixture
def served(table: Table) -> Table:
    table.app.bot_data.board_url = BASE
    table.app.bot_data.mini_app = "tavolo"
    return table


@pytest.fixture
async def browser(served: Table) -> AsyncIterator[httpx.AsyncClient]:
    """A browser on the bot's web server, whose forms record hands (the console's way:
    handled at once, in the request)."""
    app = served.app
    entries = Entries(app.bot_data.db, app.bot, handled_here(app.process_update, app.bot))
    routes = board_routes(app.bot_data.db, app.bot.token, None, entries)
    transport = httpx.ASGITransport(app=Starlette(routes=routes))
    async with httpx.AsyncClient(transport=transport, base_url=BASE) as client:
        yield client


async def form_of(browser: httpx.AsyncClient, token: str) -> tuple[str, str]:
    """The form's HTML and its stamp."""
    response = await browser.get(f"/tavolo/{token}/form")
    assert response.status_code == 200, response.text
    stamp = re.search(r'data-stamp="([^"]*)"', response.text)
    assert stamp is not None
    return response.text, stamp[1].replace("&amp;", "&")


async def send(
    browser: httpx.AsyncClient,
    token: str,
    values: dict[str, str],
    *,
    stamp: str,
    nonce: str = "a" * 32,
    init_data: str | None = None,
    bot_token: str = "",
) -> tuple[int, dict[str, Any]]:
    asked = {
        "init_data": init_data if init_data is not None else signed(token, bot_token),
        "nonce": nonce,
        "stamp": stamp,
        "values": values,
    }
    response = await browser.post(f"/tavolo/{token}/form", json=asked)
    return response.status_code, response.json()


def tamalo_hand(*totals: str, caller: str = "-", out: tuple[int, ...] = ()) -> dict[str, str]:
    values = {"t": caller}
    for seat, total in enumerate(totals):
        values[f"p{seat}"] = total
        values[f"o{seat}"] = "fuori" if seat in out else ""
    return values


def replies(table: Table) -> list[str]:
    return [str(p.get("text")) for name, p in table.request.calls if name == "sendMessage"]


async def test_a_tamalo_hand_tapped_is_recorded_once_with_the_typed_commands_reply(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova Anna Bruno Carlo")
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "Tamalo · mano 1" in html
    assert 'data-name="p2"' in html
    twin = served.in_chat(-100_777)  # the same hand, typed
    await twin.send("/nuova Anna Bruno Carlo")
    typed = await twin.reply("/mano Anna 3 Bruno 12 t=Anna f=Carlo")
    before = len(replies(served))

    hand = tamalo_hand("3", "12", "", caller="Anna", out=(2,))
    bot_token = served.app.bot.token
    status, answer = await send(browser, token, hand, stamp=stamp, bot_token=bot_token)

    assert (status, answer["status"], answer["said"]) == (200, "taken", typed)
    said = replies(served)[before:]
    assert said == [typed]  # the chat got the typed command's reply
    reply_to = [p.get("reply_parameters") for n, p in served.request.calls if n == "sendMessage"]
    assert reply_to[-1] is None  # it quotes no message: the entry is none of Telegram's
    totals = await twin.totals()
    assert await served.totals() == totals

    # The same form sent again (a double tap, an answer lost): recorded once.
    status, again = await send(browser, token, hand, stamp=stamp, bot_token=bot_token)
    assert status == 200
    assert again["status"] == "taken"
    assert await served.totals() == totals
    assert len(replies(served)) == before + 1

    # The same as typed: the next hand by the chat, then a form built before it is stale.
    await served.send("/mano 20 30 40")
    after = await served.totals()
    assert after != totals
    status, stale = await send(
        browser, token, hand, stamp=stamp, nonce="b" * 32, bot_token=bot_token
    )
    assert (status, stale["status"]) == (409, "stale")
    assert await served.totals() == after


async def test_what_the_chat_asks_instead_of_recording_is_shown_and_records_nothing(
    served: Table, browser: httpx.AsyncClient
) -> None:
    """The same hand twice within two minutes: the bot asks in the chat, as it would
    typed, and the form shows the question; nothing more is recorded."""
    await served.send("/nuova Anna Bruno Carlo")
    token = await token_of(served)
    bot_token = served.app.bot.token
    hand = tamalo_hand("3", "12", "7")
    _, stamp = await form_of(browser, token)
    status, first = await send(browser, token, hand, stamp=stamp, bot_token=bot_token)
    assert (status, first["status"]) == (200, "taken")
    totals = await served.totals()

    _, stamp = await form_of(browser, token)
    status, second = await send(
        browser, token, hand, stamp=stamp, nonce="c" * 32, bot_token=bot_token
    )
    assert (status, second["status"]) == (200, "taken")  # a question kept, with its buttons
    assert second["said"] == (
        "Questa mano è uguale alla mano 1, registrata meno di due minuti fa:\n"
        "/mano Anna 3 Bruno 12 Carlo 7\nÈ davvero una mano nuova (la 2)?"
    )
    assert replies(served)[-1] == second["said"]
    assert await served.totals() == totals


async def test_a_missing_total_and_a_value_never_offered_are_refused_saying_what(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova Anna Bruno Carlo")
    token = await token_of(served)
    _, stamp = await form_of(browser, token)
    bot_token = served.app.bot.token

    status, missing = await send(
        browser, token, tamalo_hand("3", "", "7"), stamp=stamp, bot_token=bot_token
    )
    assert (status, missing["status"]) == (400, "invalid")
    assert missing["said"] == "Manca: i punti di Bruno. Toccalo e scegli."
    forged = tamalo_hand("3", "12", "7", caller="Zed")
    status, refused = await send(browser, token, forged, stamp=stamp, bot_token=bot_token)
    assert (status, refused["status"]) == (400, "invalid")
    too_big = tamalo_hand("3", "201", "7")
    status, _ = await send(browser, token, too_big, stamp=stamp, bot_token=bot_token)
    assert status == 400
    assert await served.totals() == {"Anna": 0, "Bruno": 0, "Carlo": 0}
    assert "Mano 1" not in " ".join(replies(served))


async def test_only_the_chats_members_with_its_links_initdata_record(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    other = served.in_chat(-100_999)
    await other.send("/nuova Carlo Dario")
    theirs = await token_of(other)
    _, stamp = await form_of(browser, token)
    bot_token = served.app.bot.token
    hand = tamalo_hand("3", "12")

    forged = signed(token, "654321:FORGED")
    status, _ = await send(browser, token, hand, stamp=stamp, init_data=forged)
    assert status == 403
    status, _ = await send(browser, token, hand, stamp=stamp, init_data=signed(theirs, bot_token))
    assert status == 403  # signed for another chat's link
    served.request.strangers.add(ANNA)
    status, stranger = await send(browser, token, hand, stamp=stamp, bot_token=bot_token)
    assert (status, stranger["said"]) == (
        403,
        "Solo chi è nel gruppo può registrare una mano. Non ho registrato nulla.",
    )
    assert await served.totals() == {"Anna": 0, "Bruno": 0}


async def test_the_form_of_a_game_over_says_so_and_records_nothing(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    _, stamp = await form_of(browser, token)
    await served.send("/fine")  # no hand: it closes at once
    response = await browser.get(f"/tavolo/{token}/form")
    assert response.status_code == 409
    assert "non è più in corso" in response.text
    status, answer = await send(
        browser, token, tamalo_hand("3", "12"), stamp=stamp, bot_token=served.app.bot.token
    )
    assert (status, answer["status"]) == (409, "invalid")


def test_the_board_page_offers_the_form_only_with_entries() -> None:
    from bot.board import page
    from bot.board.panels import Shown
    from bot.table import Panel

    shown = Shown("Tamalo", Panel(("Anna 3",)), True)
    assert 'id="write"' in page.board_page(shown, "tok", writable=True)
    assert 'id="write"' not in page.board_page(shown, "tok")


async def test_a_game_without_a_preview_says_so(served: Table, browser: httpx.AsyncClient) -> None:
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert 'class="preview"' not in html
    asked = {"stamp": stamp, "values": tamalo_hand("3", "12")}
    response = await browser.post(f"/tavolo/{token}/preview", json=asked)
    assert response.status_code == 404
    assert response.json()["said"].startswith("Questo gioco non ha un'anteprima")
    assert await served.totals() == {"Anna": 0, "Bruno": 0}


async def test_through_the_inbox_the_hand_is_answered_once_in_the_chat_and_on_the_form(
    served: Table,
) -> None:
    """As ``python -m bot`` runs: the form's hand is kept in the inbox, handled by whichever
    process holds the chat, its reply sent by the outbox; the form waits for it. Telegram's
    next poll is not moved by it."""
    from bot.webhook import into_inbox
    from tests.reliability.test_inbox import inbox_of

    await served.send("/nuova Anna Bruno Carlo")
    token = await token_of(served)
    twin = served.in_chat(-100_777)
    await twin.send("/nuova Anna Bruno Carlo")
    typed = await twin.reply("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    app = served.app
    async with inbox_of(served) as inbox:
        offset = await inbox.journal.next_offset()
        entries = Entries(app.bot_data.db, app.bot, into_inbox(inbox))
        routes = board_routes(app.bot_data.db, app.bot.token, None, entries)
        transport = httpx.ASGITransport(app=Starlette(routes=routes))
        async with httpx.AsyncClient(transport=transport, base_url=BASE) as browser:
            _, stamp = await form_of(browser, token)
            hand = tamalo_hand("3", "12", "7", caller="Anna")
            bot_token = app.bot.token
            status, answer = await send(browser, token, hand, stamp=stamp, bot_token=bot_token)
            status_again, again = await send(browser, token, hand, stamp=stamp, bot_token=bot_token)
        assert await inbox.journal.next_offset() == offset
    assert (status, answer) == (200, {"status": "taken", "said": typed})
    assert (status_again, again) == (200, {"status": "taken", "said": typed})
    sent = [p for n, p in served.request.calls if n == "sendMessage" and p.get("text") == typed]
    assert len(sent) == 2  # the twin's, and the form's once
    assert "reply_parameters" not in sent[-1]
    assert await served.totals() == await twin.totals()


def test_every_text_of_a_form_is_escaped() -> None:
    from bot.board.forms import form_fragment
    from bot.forms import Cards, Choice, Form, Number, Row

    hostile = '<img src=x onerror="alert(1)">'
    form = Form(
        hostile,
        (
            Row(hostile, (Choice("t", hostile, ((hostile, hostile),), hostile),)),
            Row("Anna", (Number("p0", hostile), Cards("c0", hostile, ((hostile, hostile),), 3))),
        ),
        hostile,
        lambda values: "/mano",
        hostile,
    )
    html = form_fragment(form, hostile)
    assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
