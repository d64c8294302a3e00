"""The live scoreboard in a real browser: Debian's headless Chromium driven by Playwright, on
the bot's own web server (uvicorn, as in production). A page shows a hand recorded in the chat
without a reload; a hostile name is text; the Content-Security-Policy lets the page's own
script run and blocks nothing it needs; the Mini App opens its board with ``initData`` signed
by the test's token, in Telegram's theme, and refuses a forged one. Screenshots at phone and
TV sizes, light and dark, go to ``TAMALO_SCREENSHOTS`` when it names a folder.

Skipped, saying why, where Chromium is not installed (``.ci/run`` installs it)."""

from __future__ import annotations

import json
import os
import shutil
import socket
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from sqlalchemy import text
from starlette.applications import Starlette

from bot.board.entries import Entries, handled_here
from bot.board.initdata import sign
from bot.board.web import board_routes
from bot.webhook import listening
from tests.bot.board.test_board import BASE, token_of
from tests.bot.conftest import Table

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
#: Seconds a page gets to show what the chat just recorded (it reads every half second).
LIVE_WITHIN = 3_000  # milliseconds, as Playwright counts

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed (apt-get install -y chromium; .ci/run "
        "installs it): the real-browser tests of the scoreboard are skipped",
    ),
]
playwright_api = pytest.importorskip("playwright.async_api", reason="playwright is not installed")


@pytest.fixture
async def server(table: Table) -> AsyncIterator[str]:
    """The bot's scoreboard served on 127.0.0.1, any free port: its address."""
    table.app.bot_data.board_url = BASE
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = table.app
    entries = Entries(app.bot_data.db, app.bot, handled_here(app.process_update, app.bot))
    routes = board_routes(app.bot_data.db, app.bot.token, None, entries, app.bot_data.renderer)
    web = Starlette(routes=routes)
    with sock:
        async with listening(web, "127.0.0.1", 0, sock) as started:
            assert started is not None
            yield f"http://127.0.0.1:{sock.getsockname()[1]}"


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    async with playwright_api.async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield launched
        finally:
            await launched.close()


def screenshot_folder() -> Path | None:
    folder = os.environ.get("TAMALO_SCREENSHOTS", "").strip()
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


async def test_the_board_shows_a_new_hand_without_a_reload_and_names_as_text(
    table: Table, server: str, browser: Any
) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.record("/mano Anna 3 Bruno 12 Carlo 7 Dario 20 t=Anna")
    token = await token_of(table)
    hostile = "<img src=x onerror=alert(1)>"  # 28 characters: a name fits 32
    async with table.app.bot_data.db.transaction() as session:  # a name older rules allowed
        await session.execute(
            text("UPDATE players SET name = :name WHERE name = 'Dario'"), {"name": hostile}
        )
        await session.execute(text("UPDATE games SET snapshot = NULL"))
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text))
    alerts: list[str] = []
    page.on("dialog", lambda dialog: alerts.append(dialog.message))
    response = await page.goto(f"{server}/tavolo/{token}")
    assert response is not None
    assert response.status == 200
    await page.get_by_text("Mano 1").wait_for()

    await table.record("/mano 1 2 30 4 t=Anna")  # in the chat, in the seats' order
    await page.get_by_text("Mano 2").wait_for(timeout=LIVE_WITHIN)  # no reload

    assert await page.locator('img[src="x"]').count() == 0  # the chart's is the one image
    assert hostile in await page.locator(".standings").inner_text()
    assert alerts == []
    assert not [line for line in refused if "Content Security Policy" in line], refused
    await context.close()


async def test_screenshots_at_phone_and_tv_sizes_light_and_dark(
    table: Table, server: str, browser: Any, tmp_path: Path
) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    for hand in (
        "/mano Anna 3 Bruno 12 Carlo 7 Dario 20 t=Anna",
        "/mano Anna 10 Bruno 2 Carlo 9 Dario 4 t=Bruno",
        "/mano Anna 6 Bruno 8 Carlo 0 Dario 15",
    ):
        await table.record(hand)
    token = await token_of(table)
    folder = screenshot_folder() or tmp_path
    for size_name, size in (("phone", PHONE), ("tv", TV)):
        for scheme in ("light", "dark"):
            context = await browser.new_context(viewport=size, color_scheme=scheme)
            page = await context.new_page()
            await page.goto(f"{server}/tavolo/{token}")
            await page.get_by_text("Mano 3").wait_for()
            background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert background == ("rgb(251, 250, 247)" if scheme == "light" else "rgb(17, 18, 20)")
            await page.screenshot(path=str(folder / f"scoreboard-{size_name}-{scheme}.png"))
            await context.close()
    assert len(list(folder.glob("scoreboard-*.png"))) >= 4


def launch_url(server: str, token: str, bot_token: str, *, start_param: str | None = None) -> str:
    """The Mini App's address as Telegram opens it: the start parameter in the query, the
    signed ``initData`` and the theme in the fragment."""
    fields = {
        "user": json.dumps({"id": 42, "first_name": "Anna"}),
        "auth_date": str(int(datetime.now(UTC).timestamp())),
        "start_param": start_param or token,
        "chat_instance": "-1",
    }
    init_data = urlencode(fields | {"hash": sign(fields, bot_token)})
    theme = json.dumps({"bg_color": "#203040", "text_color": "#ffffff"})
    fragment = urlencode({"tgWebAppData": init_data, "tgWebAppThemeParams": theme}, quote_via=quote)
    return f"{server}/tavolo/app?tgWebAppStartParam={token}#{fragment}"


async def test_the_mini_app_opens_its_board_in_telegrams_theme_and_refuses_a_forgery(
    table: Table, server: str, browser: Any, tmp_path: Path
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.record("/mano Anna 3 Bruno 12")
    token = await token_of(table)
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()

    await page.goto(launch_url(server, token, table.app.bot.token))
    await page.wait_for_url(f"{server}/tavolo/{token}#*")
    await page.get_by_text("Mano 1").wait_for()
    background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(32, 48, 64)"  # Telegram's bg_color
    # Read in one go: the live stream may put a fresh list in place of the one first served.
    colours = await page.evaluate(
        "() => { const r = document.querySelector('.standings li');"
        " return [getComputedStyle(r).color, getComputedStyle(r).backgroundColor]; }"
    )
    assert colours[0] == "rgb(255, 255, 255)"  # Telegram's text_color, on a card of its bg
    assert colours[1] != "rgb(255, 255, 255)"
    folder = screenshot_folder() or tmp_path
    await page.screenshot(path=str(folder / "scoreboard-mini-app.png"))

    await page.goto(launch_url(server, token, "654321:FORGED"))
    await page.get_by_text("Questa pagina si apre dal pulsante di /tavolo").wait_for()
    assert page.url.startswith(f"{server}/tavolo/app")
    await page.goto(launch_url(server, token, table.app.bot.token, start_param="another"))
    await page.get_by_text("Questa pagina si apre dal pulsante di /tavolo").wait_for()
    await context.close()


async def tap(page: Any, row: str, label: str) -> None:
    """Tap the button ``label`` in the form's row headed ``row``."""
    section = page.locator("#entry .row").filter(has=page.locator("h3", has_text=row))
    await section.get_by_role("button", name=label, exact=True).click()


async def tap_keys(page: Any, keys: str) -> None:
    """Tap the digits ``keys`` on the form's pad."""
    for key in keys:
        await page.locator(f'#entry .pad [data-key="{key}"]').click()


async def test_a_tamalo_hand_is_recorded_by_taps_alone_and_another_page_shows_it_live(
    table: Table, server: str, browser: Any, tmp_path: Path
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    token = await token_of(table)
    twin = table.in_chat(-100_777)  # the same hand typed, for its reply
    await twin.send("/nuova Anna Bruno Carlo")
    typed = await twin.reply("/mano Anna 3 Bruno 12 t=Anna f=Carlo")
    context = await browser.new_context(viewport=PHONE)
    tv = await (await browser.new_context(viewport=TV)).new_page()  # the room's TV
    await tv.goto(f"{server}/tavolo/{token}")
    await tv.get_by_text("Nessuna mano ancora.").wait_for()
    page = await context.new_page()
    await page.goto(launch_url(server, token, table.app.bot.token))
    await page.wait_for_url(f"{server}/tavolo/{token}#*")

    await page.get_by_role("button", name="✍️ Scrivi la mano").click()
    await page.get_by_text("Tamalo · mano 1").wait_for()
    await tap(page, "Mano 1", "Anna")  # who called Tamalo
    await tap(page, "Anna", "—")  # her points: the pad
    await tap_keys(page, "3")
    await page.locator('#entry .pad [data-key="next"]').click()  # Bruno's points
    await tap_keys(page, "12")
    await tap(page, "Carlo", "nessuna (fuori)")
    folder = screenshot_folder() or tmp_path
    await page.screenshot(path=str(folder / "form-tamalo-phone.png"), full_page=True)
    before = len(table.request.calls)
    await page.get_by_role("button", name="Registra", exact=True).click()

    await page.get_by_text("Tamalo · mano 2").wait_for()  # the next hand's form
    assert await page.locator("#entry .outcome").inner_text() == typed
    said = [p["text"] for n, p in table.request.calls[before:] if n == "sendMessage"]
    assert said == [typed]  # the chat got the typed command's reply
    assert await table.totals() == await twin.totals()
    await tv.get_by_text("Mano 1").wait_for(timeout=LIVE_WITHIN)  # no reload
    await tv.screenshot(path=str(folder / "form-tamalo-tv-board.png"))
    await context.close()


async def tap_cards(page: Any, cards: str) -> None:
    """Tap ``cards`` (``K,A,7``) on the form's open card palette."""
    palette = page.locator("#entry .palette:not([hidden])")
    for card in cards.split(","):
        await palette.locator(f'[data-card="{card}"]').click()


async def test_a_macchiavelli_deal_is_recorded_by_taps_alone(
    table: Table, server: str, browser: Any, tmp_path: Path
) -> None:
    await table.send("/nuova macchiavelli Anna Bruno Carlo")
    token = await token_of(table)
    twin = table.in_chat(-100_777)
    await twin.send("/nuova macchiavelli Anna Bruno Carlo")
    typed = await twin.reply("/mano Anna 0 Bruno K,A,7 Carlo 10,3")
    page = await (await browser.new_context(viewport=PHONE)).new_page()
    await page.goto(launch_url(server, token, table.app.bot.token))
    await page.wait_for_url(f"{server}/tavolo/{token}#*")

    await page.get_by_role("button", name="✍️ Scrivi la mano").click()
    await page.get_by_text("Macchiavelli · smazzata 1").wait_for()
    await tap(page, "Smazzata 1", "Anna")  # who closed
    await tap(page, "Bruno", "—")  # his cards: the palette
    await tap_cards(page, "K,A,7")
    await page.locator('#entry .palette:not([hidden]) [data-key="next"]').click()  # Carlo's
    await tap_cards(page, "10,3")
    folder = screenshot_folder() or tmp_path
    await page.screenshot(path=str(folder / "form-macchiavelli-phone.png"), full_page=True)
    before = len(table.request.calls)
    await page.get_by_role("button", name="Registra", exact=True).click()

    await page.get_by_text("Macchiavelli · smazzata 2").wait_for()
    assert await page.locator("#entry .outcome").inner_text() == typed
    said = [p["text"] for n, p in table.request.calls[before:] if n == "sendMessage"]
    assert said == [typed]
    assert await table.reply("/classifica") == await twin.reply("/classifica")


async def test_the_form_is_not_offered_outside_telegram(
    table: Table, server: str, browser: Any
) -> None:
    await table.send("/nuova Anna Bruno")
    token = await token_of(table)
    page = await (await browser.new_context(viewport=PHONE)).new_page()
    await page.goto(f"{server}/tavolo/{token}")
    await page.get_by_text("Nessuna mano ancora.").wait_for()
    assert not await page.locator("#write").is_visible()  # no initData: nobody to record as


def test_chromium_is_debians() -> None:
    """The browser the tests drive is the one .ci/run installs."""
    assert shutil.which("chromium") == str(CHROMIUM)
