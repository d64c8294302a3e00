"""The points game's form on the table's screen: each side's points and sign, by taps,
recorded as the same round typed, negative points included; teams by their names."""

from __future__ import annotations

import httpx

from tests.bot.board.test_board import token_of
from tests.bot.board.test_forms import browser, form_of, send, served
from tests.bot.conftest import Table

__all__ = ["browser", "served"]  # the fixtures, shared with Tamalo's form


async def test_a_round_with_negative_points_is_the_typed_round(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova punti soglia=2005 nome=Burraco Anna+Carla Bruno+Dario")
    token = await token_of(served)
    html, stamp = await form_of(browser, token)
    assert "Burraco · smazzata 1" in html
    assert "Anna+Carla" in html
    twin = served.in_chat(-100_777)
    await twin.send("/nuova punti soglia=2005 nome=Burraco Anna+Carla Bruno+Dario")
    typed = await twin.reply("/mano Anna+Carla -150 Bruno+Dario 1200")

    values = {"p0": "150", "s0": "-", "p1": "1200", "s1": ""}
    status, answer = await send(browser, token, values, stamp=stamp, bot_token=served.app.bot.token)

    assert (status, answer) == (200, {"status": "taken", "said": typed})
    assert await served.reply("/classifica") == await twin.reply("/classifica")


async def test_a_side_left_empty_is_named_and_nothing_is_recorded(
    served: Table, browser: httpx.AsyncClient
) -> None:
    await served.send("/nuova punti Anna Bruno")
    token = await token_of(served)
    _, stamp = await form_of(browser, token)
    before = await served.reply("/classifica")
    values = {"p0": "4", "s0": "", "p1": "", "s1": ""}
    status, answer = await send(browser, token, values, stamp=stamp, bot_token=served.app.bot.token)
    assert (status, answer["said"]) == (400, "Manca: i punti di Bruno. Toccalo e scegli.")
    assert await served.reply("/classifica") == before
