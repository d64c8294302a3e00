"""Every game of the table shows on the live scoreboard: each through its own panel (its
``/classifica``), a game that gives none through the shared one; and a board's link follows
its chat when the chat becomes a supergroup."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette

from bot.board.web import board_routes
from tests.bot.board.test_board import BASE, token_of
from tests.bot.conftest import Table
from tests.bot.test_lifecycle import SUPERGROUP, upgrade


@pytest.fixture
def served(table: Table) -> Table:
    table.app.bot_data.board_url = BASE
    return table


async def page_of(table: Table, token: str) -> str:
    routes = board_routes(table.app.bot_data.db, table.app.bot.token)
    transport = httpx.ASGITransport(app=Starlette(routes=routes))
    async with httpx.AsyncClient(transport=transport, base_url=BASE) as browser:
        response = await browser.get(f"/tavolo/{token}")
    assert response.status_code == 200
    return response.text


async def test_a_macchiavelli_game_shows_its_standings_and_deals(served: Table) -> None:
    await served.reply("/nuova macchiavelli Anna Bruno")
    await served.record("/mano 3 5")
    standings = await served.reply("/classifica")
    html = await page_of(served, await token_of(served))
    assert '<h1 class="game">Macchiavelli</h1>' in html
    for row in (line for line in standings.splitlines() if line.strip()):
        shown = row.strip().rstrip(":").replace("'", "&#x27;")
        assert shown in html, row  # its /classifica, row by row (a heading as its caption)
    assert "Mano 1" in html


async def test_a_tago_night_shows_its_stacks(served: Table) -> None:
    await served.send("/nuova tago light 5/300 Anna Bruno Carlo")
    await served.send("/mano punto=4,½,0 Anna 50 1,3,0 Bruno 50 2,3,0 Carlo 50 5,6,½")
    stacks = await served.reply("/classifica")
    html = await page_of(served, await token_of(served))
    assert "Tagò" in html
    rows = [line for line in stacks.splitlines() if line.strip()]
    assert any("Carlo" in row for row in rows)
    shown = [row.strip().rstrip(":") for row in rows if "'" not in row and '"' not in row]
    assert all(row in html for row in shown)
    assert "Ultime mani" not in html  # its stacks say it all: no "no hands yet" after a hand
    heading = rows[0].strip()  # what the table is, in small type above the stacks
    assert f'<p class="caption">{heading}</p>' in html


async def test_a_game_with_no_panel_shows_the_shared_one(served: Table) -> None:
    """The points game gives no panel of its own: the shared one, each side's total and the
    last rounds."""
    await served.reply("/nuova punti Anna Bruno")
    await served.reply("/mano Anna 4 Bruno 7")
    await served.reply("/mano Anna 5 Bruno 1")
    html = await page_of(served, await token_of(served))
    assert "Anna 9" in html  # each player's total of what was recorded
    assert "Bruno 8" in html
    assert html.index("Mano 2") < html.index("Mano 1")  # the newest hand first


async def test_the_link_follows_its_chat_into_a_supergroup(served: Table) -> None:
    await served.send("/nuova Anna Bruno")
    await served.record("/mano Anna 3 Bruno 12")
    token = await token_of(served)
    await upgrade(served)
    await served.in_chat(SUPERGROUP).record("/mano Anna 1 Bruno 2")
    html = await page_of(served, token)
    assert "Mano 2" in html


async def test_a_macchiavelli_tournament_shows_its_tables_then_its_standings(
    served: Table,
) -> None:
    started = await served.reply(
        "/torneo macchiavelli turni=3 smazzate=3 Anna Bruno Carlo Dario Elena Franco Gino Ugo Ivo"
    )
    token = await token_of(served)
    seating = [line for line in started.splitlines() if line.startswith("Tavolo ")]
    html = await page_of(served, token)
    assert "Turno 1 di 3." in html
    for line in seating:  # who sits where, as /tavoli says it
        assert line in html

    for line in seating:  # the first round, every table's three deals
        seats = [part.split(" ", 1)[1] for part in line.split(": ", 1)[1].split(" · ")]
        a, b, c = (name for name in seats if name != "—")
        for _ in range(3):
            await served.send(f"/mano {a} 0 {b} 10 {c} 25")
    standings = await served.reply("/classifica")

    html = await page_of(served, token)  # the first table's link, through the next round
    assert "Classifica dopo il turno 1" in html
    for row in standings.splitlines()[1:10]:
        assert row in html, row
    assert "Turno 2 di 3." in html
