"""Chi vince? under a points game's rounds: from the game's own rounds, and the chat's past
rounds of the same named game; none once the game is over, nor when the chat turns it off."""

from __future__ import annotations

import pytest

from tests.bot.conftest import Table


@pytest.fixture
def forecast_lines() -> bool:
    return True


async def test_each_round_says_who_is_likely_to_win(table: Table) -> None:
    await table.send("/nuova punti nome=Scopa soglia=11 Anna+Carla Bruno+Dario")
    first = await table.reply("/mano Anna 6 Bruno 5")
    assert first.startswith("🏆 Scopa · 1 smazzata\n1. Anna+Carla 6\n2. Bruno+Dario 5\n\n")
    line = first.rsplit("\n", 1)[1]
    assert line.startswith("Chi vince? Anna+Carla ")
    assert " · Bruno+Dario " in line
    # The same round again (undone, typed again) says the same numbers.
    await table.send("/annulla")
    assert await table.reply("/mano Anna 6 Bruno 5") == first
    ended = await table.reply("/mano Anna 5 Bruno 0")
    assert ended.endswith("🏁 Vincono Anna e Carla!")
    # A second Scopa reads the first one's rounds: Anna and Carla score more.
    await table.send("/nuova scopa Anna+Carla Bruno+Dario")
    level = await table.reply("/mano 3 3")
    assert level.rsplit("\n", 1)[1].startswith("Chi vince? Anna+Carla ")
    await table.send("/impostazioni previsione=no")
    assert "Chi vince?" not in await table.reply("/mano 1 1")
