""" "Chi vince?" on the live scoreboard: the running Tamalo game's line, the very numbers
under its last hand's reply, and none once the chat turned the line off."""

from __future__ import annotations

import pytest

from tests.bot.board.test_board import BASE, token_of
from tests.bot.board.test_every_game import page_of
from tests.bot.conftest import Table


@pytest.fixture
def forecast_lines() -> bool:
    return True


async def test_the_board_says_chi_vince_as_the_last_hands_reply_does(table: Table) -> None:
    table.app.bot_data.board_url = BASE
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    reply = await table.reply("/mano Anna 20 Bruno 2 Carlo 9 t=Bruno")
    line = reply.splitlines()[-1]
    assert line.startswith("Chi vince? ")
    html = await page_of(table, await token_of(table))
    assert f'<p class="forecast">{line}</p>' in html

    await table.send("/impostazioni previsione=no")
    assert 'class="forecast"' not in await page_of(table, await token_of(table))


async def test_a_macchiavelli_home_game_with_an_end_shows_its_line_and_chart(
    table: Table,
) -> None:
    table.app.bot_data.board_url = BASE
    await table.send("/nuova macchiavelli smazzate=3 Anna Bruno Carlo")
    reply = await table.reply("/mano Anna 0 Bruno K,A,7 Carlo 12")
    line = reply.splitlines()[-1]
    assert line.startswith("Chi vince? ")
    html = await page_of(table, await token_of(table))
    assert f'<p class="forecast">{line}</p>' in html
    assert "/chart.png?v=" in html
