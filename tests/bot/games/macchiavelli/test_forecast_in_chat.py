"""Chi vince? The forecast's line under a Macchiavelli deal's reply (issue 25), as the chat
sees it: under each deal of a game with an end, and under /annulla's and /correggi's while it
runs; never under a game without an end, nor once the game is over; off with
``previsione=no``; in English too."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from play.macchiavelli.forecast import _KEPT
from tests.bot.conftest import Table


@pytest.fixture
def forecast_lines() -> bool:
    """The chat's setting decides (on by default), as in the bot."""
    return True


@pytest.fixture(autouse=True)
def histories_forgotten() -> Iterator[None]:
    """Each test's database is new: nothing kept from another's (the ids repeat)."""
    _KEPT.clear()
    yield
    _KEPT.clear()


#: "Anna 61%", "Bruno <1%", "Carlo >99%".
CHANCE = re.compile(r"(\w+) (<1|>99|\d+)%")


def forecast_of(reply: str, lead: str = "Chi vince? ") -> dict[str, str]:
    """The forecast's line, the reply's last, as each player's percentage as shown."""
    head, _, line = reply.rpartition("\n\n")
    assert head, reply
    assert line.startswith(lead), reply
    chances = line.removeprefix(lead).split(" · ")
    found = {m[1]: m[2] for m in (CHANCE.fullmatch(c) for c in chances) if m}
    assert len(found) == len(chances), line
    return found


def total(shown: dict[str, str]) -> int:
    """The percentages' sum, "<1" as 0 and ">99" as 100: 100 when they add up."""
    return sum(int(p.strip("<>")) for p in shown.values())


async def test_each_deal_of_a_game_of_three_deals_says_who_wins(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3 jolly")
    first = await table.reply("/mano Anna 0 Bruno K,A,7 Carlo 12")
    assert "Smazzata 2 di 3: distribuisce Bruno.\n\nChi vince? " in first
    chances = forecast_of(first)
    assert set(chances) == {"Anna", "Bruno", "Carlo"}
    assert total(chances) == 100
    assert next(iter(chances)) == "Anna"  # the leader, best first
    assert "100" not in chances.values()  # never a certainty while the game runs
    second = forecast_of(await table.reply("/mano Carlo 0 Anna JK,2 Bruno 40"))
    assert total(second) == 100
    assert "100" not in second.values()
    # The game's end says who won: no forecast under it.
    third = await table.reply("/mano 5 0 A,A")
    assert third.endswith("🏁 Partita finita dopo 3 smazzate: vince Anna con 32!")
    assert "Chi vince?" not in third


async def test_the_same_deal_gives_the_same_numbers(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3")
    first = await table.reply("/mano 0 28 12")
    await table.reply("/annulla")
    again = await table.reply("/mano 0 28 12")
    assert forecast_of(again) == forecast_of(first)


async def test_undo_and_fix_of_a_running_game_carry_the_line(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo soglia=100")
    await table.reply("/mano 0 28 12")
    await table.reply("/mano 30 0 12")
    fixed = await table.reply("/correggi 2 Anna 30 Bruno 0 Carlo 20")
    assert fixed.startswith("Smazzata 2 corretta.")
    assert total(forecast_of(fixed)) == 100
    undone = await table.reply("/annulla")
    assert undone.startswith("Ho annullato la smazzata 2.")
    assert total(forecast_of(undone)) == 100


async def test_no_line_without_an_end(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    first = await table.reply("/mano 0 28 12")
    assert first.endswith("Smazzata 2: distribuisce Bruno.")
    assert "Chi vince?" not in first
    assert "Chi vince?" not in await table.reply("/annulla")


async def test_the_chat_turns_it_off(table: Table) -> None:
    await table.reply("/impostazioni previsione=no")
    await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3")
    first = await table.reply("/mano 0 28 12")
    assert first.endswith("Smazzata 2 di 3: distribuisce Bruno.")
    assert "Chi vince?" not in first
    await table.reply("/impostazioni previsione=sì")
    assert total(forecast_of(await table.reply("/mano 30 0 12"))) == 100


async def test_the_history_of_the_chat_other_games_counts(table: Table) -> None:
    for _ in range(2):  # two finished games: Anna closes every deal
        await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=2")
        await table.reply("/mano 0 40 35")
        await table.reply("/mano 0 45 30")
    await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3")
    chances = forecast_of(await table.reply("/mano 10 0 12"))
    assert next(iter(chances)) == "Anna"  # behind by 10, but she closes her deals
    assert total(chances) == 100


async def test_in_english(table: Table) -> None:
    await table.reply("/language en")
    await table.reply("/new machiavelli Anna Bruno Carlo deals=3")
    first = await table.reply("/deal 0 28 12")
    assert first.split("\n\n")[-2] == "Deal 2 of 3: Bruno deals."
    assert total(forecast_of(first, "Who wins? ")) == 100
