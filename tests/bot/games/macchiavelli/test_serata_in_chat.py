"""/serata of an evening of several games, through the real Application: the night's Tamalo
games, its Macchiavelli games (home and tournament) and its night of Tagò, each game in its
own panel; Tamalo's image as ever."""

from __future__ import annotations

from tests.bot.conftest import Table


async def test_a_tamalo_game_then_a_macchiavelli_game_each_in_its_panel(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.close()
    await table.send("/nuova macchiavelli Anna Bruno Carlo smazzate=3 jolly")
    for deal in ("Anna 0 Bruno K,A,7 Carlo 12", "Carlo 0 Anna JK,2 Bruno 40", "5 0 A,A"):
        await table.send(f"/mano {deal}")

    calls = await table.calls("/serata")

    (summary,) = [p["text"] for n, p in calls if n == "sendMessage"]
    print(summary)
    assert "Macchiavelli" in summary
