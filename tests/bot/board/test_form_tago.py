"""Tagò's form on the table's screen: a hand tapped (the PUNTO, each player's bet or fold,
what they put in, their cards) is the ``/mano`` typed, with its reply, its stacks and its
refusals; its preview shows the pots and the stacks after, recording nothing."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette

from bot.board.entries import Entries, handled_here
from bot.board.web import board_routes
from bot.webhook import listening
from play.tago import night as play_night
from storage import UnitOfWork
from tests.bot.board.test_board import token_of
from tests.bot.board.test_forms import browser, form_of, replies, send, served
from tests.bot.conftest import Table

__all__ = ["browser", "served"]  # the fixtures, shared with Tamalo's form

#: RULES-tago.md, "Pots and side pots" (no jackpot share: the pots are the example's).
OPEN = "/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario"
SIDE_POT = "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia"
OPENING = {"Anna": 30000, "Bruno": 30000, "Carlo": 30000, "Dario": 30000}


def tago_hand(punto: str, *seats: tuple[str, str, str], choice: str = "") -> dict[str, str]:
    """The taps: the PUNTO, then each seat's (bet or fold, chips put in, cards)."""
    values = {"punto": punto, "scelta": choice}
    for seat, (played, paid, cards) in enumerate(seats):
        values |= {f"g{seat}": played, f"p{seat}": paid, f"c{seat}": cards}
    return values


#: SIDE_POT, tapped: Anna, Bruno and Carlo show their cards (so they played), Dario folds.
SIDE_POT_TAPPED = tago_hand(
    "4,½,0",
    ("", "200", "4,4,2"),
    ("", "150", "3,1,½"),
    ("", "200", "5,6,½"),
    ("lascia", "40", ""),
)


async def stacks(table: Table) -> dict[str, int]:
    """Each player's chips now, in cents."""
    async with table.app.bot_data.db.reading() as session:
        work = UnitOfWork(session)
        record = await play_night.latest_night(work, await work.games.front(table.chat_id))
    return record.night.totals()


async def preview(
    browser: httpx.AsyncClient, token: str, values: dict[str, str], stamp: str
) -> tuple[int, dict[str, str]]:
    asked = {"stamp": stamp, "values": values}
    response = await browser.post(f"/tavolo/{token}/preview", json=asked)
    return response.status_code, response.json()


async def test_a_tago_hand_tapped_is_recorded_once_with_the_typed_commands_reply(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send(OPEN)
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "Tagò · mano 1" in html
    assert "Mano 1 · mazziere Anna" in html
    assert "Dario · 300 fiches" in html
    assert 'data-name="c3"' in html
    assert 'data-card="½"' in html
    twin = served.in_chat(-100_777)  # the same hand, typed
    await twin.send(OPEN)
    typed = await twin.reply(SIDE_POT)
    before = len(replies(served))

    bot_token = served.app.bot.token
    status, answer = await send(browser, token, SIDE_POT_TAPPED, stamp=stamp, bot_token=bot_token)

    assert (status, answer["status"], answer["said"]) == (200, "taken", typed)
    assert replies(served)[before:] == [typed]
    after = await stacks(twin)
    assert after == {"Anna": 20000, "Bruno": 64000, "Carlo": 10000, "Dario": 26000}
    assert await stacks(served) == after

    # Sent again (a double tap, an answer lost): recorded once.
    status, again = await send(browser, token, SIDE_POT_TAPPED, stamp=stamp, bot_token=bot_token)
    assert (status, again["status"]) == (200, "taken")
    assert await stacks(served) == after
    assert len(replies(served)) == before + 1

    # The next hand's form offers what the stacks are now; a re-buy since makes it stale.
    html, stamp = await form_of(browser, token)
    assert "Tagò · mano 2" in html
    assert "Bruno · 640 fiches" in html
    await served.send("/ricarica Carlo 200")
    status, stale = await send(
        browser, token, SIDE_POT_TAPPED, stamp=stamp, nonce="b" * 32, bot_token=bot_token
    )
    assert (status, stale["status"]) == (409, "stale")


async def test_the_preview_shows_the_pots_and_the_stacks_after_recording_nothing(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send(OPEN)
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert 'class="preview"' in html
    twin = served.in_chat(-100_777)
    await twin.send(OPEN)
    typed = await twin.reply(SIDE_POT)
    before = len(replies(served))

    status, shown = await preview(browser, token, SIDE_POT_TAPPED, stamp)

    assert (status, shown["status"]) == (200, "taken")
    assert shown["said"] == "👁 Anteprima, non ancora registrata:\n" + typed
    assert "💰 Piatto laterale 100 · Anna, Carlo → Anna" in shown["said"]
    assert await stacks(served) == OPENING
    assert len(replies(served)) == before  # the chat was told nothing
    _, again = await form_of(browser, token)
    assert again == stamp  # still hand 1


async def test_a_bet_above_a_stack_is_refused_as_typed_by_the_preview_and_the_send(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send(OPEN)
    token = await token_of(served)
    _, stamp = await form_of(browser, token)
    twin = served.in_chat(-100_777)
    await twin.send(OPEN)
    refusal = await twin.reply("/mano punto=4,½,0 Anna 400 4,4,2 Bruno 150 3,1,½")
    assert "Anna" in refusal
    assert await stacks(twin) == OPENING
    too_much = tago_hand("4,½,0", ("", "400", "4,4,2"), ("", "150", "3,1,½"))

    status, shown = await preview(browser, token, too_much, stamp)
    assert (status, shown["status"], shown["said"]) == (200, "refused", refusal)

    bot_token = served.app.bot.token
    status, sent = await send(browser, token, too_much, stamp=stamp, bot_token=bot_token)
    assert (sent["status"], sent["said"]) == ("refused", refusal)
    assert await stacks(served) == OPENING
    _, again = await form_of(browser, token)
    assert again == stamp  # nothing recorded: still hand 1, the same stacks


async def test_a_pair_in_the_punto_asks_for_the_first_players_choice_on_the_form(
    served: Table, browser: httpx.AsyncClient
) -> None:
    """The bot's own question answers a message; a hand from the form is none of Telegram's,
    so the form asks for the choice itself, and sends it as ``scelta=``."""
    await served.send(OPEN)
    token = await token_of(served)
    _, stamp = await form_of(browser, token)
    bot_token = served.app.bot.token
    seats = (("", "50", "1,1,2"), ("", "50", "0,0,0"))

    status, missing = await send(browser, token, tago_hand("6,6,2", *seats), stamp=stamp,
                                 bot_token=bot_token)  # fmt: skip
    assert (status, missing["status"]) == (400, "invalid")
    assert missing["said"] == (
        "Manca: la scelta del primo di mano per il PUNTO con la coppia. Toccalo e scegli."
    )
    _, shown = await preview(browser, token, tago_hand("6,6,2", *seats), stamp)
    assert (shown["status"], shown["said"]) == ("refused", missing["said"])

    twin = served.in_chat(-100_777)
    await twin.send(OPEN)
    typed = await twin.reply("/mano punto=6,6,2 scelta=2 Anna 50 1,1,2 Bruno 50 0,0,0")
    chosen = tago_hand("6,6,2", *seats, choice="coppia")
    status, answer = await send(browser, token, chosen, stamp=stamp, bot_token=bot_token)
    assert (status, answer["status"], answer["said"]) == (200, "taken", typed)
    assert await stacks(served) == await stacks(twin)


async def test_all_in_and_a_half_chip_ante_are_tapped_as_typed(
    served: Table, browser: httpx.AsyncClient
) -> None:
    """``ante=2.5``: every total has its half chip, so the pad counts what was bet beyond
    the ante; "tutto" puts in the whole stack."""
    opening = "/nuova tago light 5/300 ante=2.5 jackpot=0% Anna Bruno Carlo"
    await served.send(opening)
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "oltre l&#x27;ante di 2,50" in html
    twin = served.in_chat(-100_777)
    await twin.send(opening)
    typed = await twin.reply("/mano punto=4,½,0 Anna 7.5 4,4,2 Bruno 300 3,1,½")
    hand = tago_hand("4,½,0", ("", "5", "4,4,2"), ("tutto", "", "3,1,½"), ("", "", ""))

    status, answer = await send(browser, token, hand, stamp=stamp, bot_token=served.app.bot.token)

    assert (status, answer["status"], answer["said"]) == (200, "taken", typed)
    assert await stacks(served) == await stacks(twin)


async def test_what_the_form_never_offered_or_cannot_tell_is_refused_changing_nothing(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send(OPEN)
    token = await token_of(served)
    _, stamp = await form_of(browser, token)
    bot_token = served.app.bot.token
    seats = [("", "200", "4,4,2"), ("", "150", "3,1,½")]
    forged = [
        tago_hand("4,½,9", *seats),  # no 9 in Tagò's deck
        tago_hand("4,½,0", ("raddoppia", "200", "4,4,2"), seats[1]),
        tago_hand("4,½,0", ("", "1000001", "4,4,2"), seats[1]),  # above Tagò's largest amount
        tago_hand("4,½,0,0", *seats),
        tago_hand("4,½,0", *seats, choice="14"),
    ]
    for values in forged:
        status, refused = await send(browser, token, values, stamp=stamp, bot_token=bot_token)
        assert (status, refused["status"]) == (400, "invalid"), values

    unclear = tago_hand("4,½,0", ("", "40", ""), seats[1])  # in without cards, or folded?
    status, refused = await send(browser, token, unclear, stamp=stamp, bot_token=bot_token)
    assert (status, refused["said"]) == (
        400,
        "Anna ha messo delle fiches ma non ha carte: tocca «gioca» o «lascia».",
    )
    assert await stacks(served) == OPENING
    assert not any(reply.startswith("🃏 Mano") for reply in replies(served))


async def test_in_english_the_form_and_its_preview_speak_english(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/lingua en")
    await served.send(OPEN)
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "Tagò · hand 1" in html
    assert "Dario · 300 chips" in html
    assert "all in (300)" in html
    twin = served.in_chat(-100_777)
    await twin.send("/lingua en")
    await twin.send(OPEN)
    typed = await twin.reply(SIDE_POT)

    _, shown = await preview(browser, token, SIDE_POT_TAPPED, stamp)

    assert shown["said"] == "👁 Preview, not recorded yet:\n" + typed
    assert await stacks(served) == OPENING


@pytest.fixture
async def writing_server(served: Table) -> AsyncIterator[str]:
    """The bot's web server on 127.0.0.1, its forms recording hands: its address."""
    app = served.app
    entries = Entries(app.bot_data.db, app.bot, handled_here(app.process_update, app.bot))
    web = Starlette(routes=board_routes(app.bot_data.db, app.bot.token, None, entries))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    with sock:
        async with listening(web, "127.0.0.1", 0, sock) as started:
            assert started is not None
            yield f"http://127.0.0.1:{sock.getsockname()[1]}"


@pytest.fixture
async def chromium() -> AsyncIterator[Any]:
    """Debian's headless Chromium, as the scoreboard's real-browser tests drive it (imported
    here: that module skips itself where Playwright is missing, and these tests need not)."""
    from tests.bot.board.test_in_a_browser import CHROMIUM

    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    driver_api = pytest.importorskip("playwright.async_api")
    async with driver_api.async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield launched
        finally:
            await launched.close()


async def test_the_side_pot_hand_is_29_taps_in_a_real_browser(
    served: Table, writing_server: str, chromium: Any, tmp_path: Path
) -> None:
    """The worked example's hand in the Mini App, every tap counted from the open form to
    the send: the PUNTO (the field, three cards), each player's total on the pad and
    "Avanti", their three cards (the next field opens by itself), Dario's total and
    "lascia", then "Registra"; nobody's "gioca" (their cards say it). The preview, one tap
    more if wanted, shows the pots first."""
    from tests.bot.board.test_in_a_browser import PHONE, launch_url, screenshot_folder

    await served.send(OPEN)
    token = await token_of(served)
    twin = served.in_chat(-100_777)
    await twin.send(OPEN)
    typed = await twin.reply(SIDE_POT)
    context = await chromium.new_context(viewport=PHONE)
    page = await context.new_page()
    await page.goto(launch_url(writing_server, token, served.app.bot.token))
    await page.wait_for_url(f"{writing_server}/tavolo/{token}#*")
    await page.get_by_role("button", name="✍️ Scrivi la mano").click()
    await page.get_by_text("Tagò · mano 1").wait_for()
    taps = 0

    async def tap(selector: str) -> None:
        nonlocal taps
        await page.locator(f"#entry {selector}").click()
        taps += 1

    async def cards(*shown: str) -> None:
        for card in shown:
            await tap(f'.palette:not([hidden]) [data-card="{card}"]')

    async def total(digits: str) -> None:
        for digit in digits:
            await tap(f'.pad:not([hidden]) [data-key="{digit}"]')

    await tap('[data-name="punto"] .value')
    await cards("4", "½", "0")
    for paid, shown in (("200", "4 4 2"), ("150", "3 1 ½"), ("200", "5 6 ½")):
        await total(paid)
        await tap('.pad:not([hidden]) [data-key="next"]')
        await cards(*shown.split())
    await total("40")
    await tap('[data-name="g3"] [data-option="lascia"]')
    await page.locator("#entry .preview").click()  # not counted: a look before sending
    await page.locator("#entry .outcome", has_text="non ancora registrata").wait_for()
    assert (
        "💰 Piatto laterale 100 · Anna, Carlo → Anna"
        in await page.locator("#entry .outcome").inner_text()
    )
    folder = screenshot_folder() or tmp_path
    await page.screenshot(path=str(folder / "form-tago-phone.png"), full_page=True)
    await tap(".send")

    await page.get_by_text("Tagò · mano 2").wait_for()  # the next hand's form
    assert taps == 29
    assert await page.locator("#entry .outcome").inner_text() == typed
    assert await stacks(served) == await stacks(twin)
    await context.close()


async def test_who_cannot_pay_the_ante_is_not_on_the_form(
    served: Table, browser: httpx.AsyncClient
) -> None:
    opening = "/nuova tago light 5/300 jackpot=0% Anna Bruno Carlo"
    all_in = "/mano punto=4,½,0 Anna 300 3,1,½ Bruno 300 4,4,2"  # Bruno loses everything
    await served.send(opening)
    await served.send(all_in)
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "Bruno ·" not in html
    assert "Carlo · 295 fiches" in html
    assert 'data-name="g2"' not in html  # two seats: Anna and Carlo
    twin = served.in_chat(-100_777)
    await twin.send(opening)
    await twin.send(all_in)
    typed = await twin.reply("/mano punto=1,2,3 Anna 50 1,2,3 Carlo 50 5,6,½")
    hand = tago_hand("1,2,3", ("", "50", "1,2,3"), ("", "50", "5,6,½"))

    status, answer = await send(browser, token, hand, stamp=stamp, bot_token=served.app.bot.token)

    assert (status, answer["said"]) == (200, typed)
    assert "Bruno non gioca" in typed
    assert await stacks(served) == await stacks(twin)


async def test_the_rooms_tv_shows_the_stacks_after_a_hand_without_a_reload(
    served: Table, writing_server: str, chromium: Any
) -> None:
    from tests.bot.board.test_in_a_browser import LIVE_WITHIN, TV

    await served.send(OPEN)
    token = await token_of(served)
    tv = await (await chromium.new_context(viewport=TV)).new_page()
    await tv.goto(f"{writing_server}/tavolo/{token}")
    await tv.get_by_text("1. Anna 0 (fiches 300, comprate 300)").wait_for()

    await served.send(SIDE_POT)  # typed or tapped, the same

    await tv.get_by_text("1. Bruno +340 (fiches 640, comprate 300)").wait_for(timeout=LIVE_WITHIN)
