"""/serata of an evening of several games, through the real Application: the night's Tamalo
games, its Macchiavelli games (home and tournament) and its night of Tagò, each game in its
own panel under its name, the king of the night over every game; Tamalo's image as ever, and
none for a night without Tamalo."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from bot import dates
from tests.bot.conftest import Table
from tests.bot.games.macchiavelli.test_home_in_chat import worked_example
from tests.bot.games.macchiavelli.test_tournament_chat import DEALS, NINE, play_table, seated
from tests.bot.games.tago.test_night_in_chat import OPEN, SIDE_POT
from tests.bot.test_charts import texts_drawn

#: A time of the night, as each game's line starts.
TIME = re.compile(r"^\d\d:\d\d · ", re.MULTILINE)


def evening() -> str:
    return f"{dates.night_of(datetime.now(UTC), 'Europe/Rome')[0]:%d/%m/%Y}"


async def summary_and_photos(table: Table, command: str = "/serata") -> tuple[str, int]:
    """/serata's text, without the games' times, and how many images it sent."""
    calls = await table.calls(command)
    (summary,) = [p["text"] for n, p in calls if n == "sendMessage"]
    return TIME.sub("", summary), sum(n == "sendPhoto" for n, _ in calls)


async def test_a_tamalo_game_then_a_macchiavelli_game_each_in_its_panel(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.close()
    await worked_example(table)  # Anna wins with 32
    await table.send("/nuova macchiavelli Anna Bruno Carlo")
    await table.send("/mano Anna 10 Bruno 0 Carlo 4")
    drawn = texts_drawn(monkeypatch)

    summary, photos = await summary_and_photos(table)

    assert summary == (
        f"🌙 Serata del {evening()} · 3 partite\n\n"
        "Tamalo\n"
        "classica, 1 mano: vince Anna (0)\n\n"
        "Macchiavelli\n"
        "3 smazzate: vince Anna (32)\n"
        "1 smazzata: in corso, in testa Bruno (0)\n\n"
        "👑 Re della serata: Anna con 2 vittorie."
    )
    assert photos == 1  # the Tamalo game's figures, as ever, titled as Tamalo's alone
    (texts,) = drawn
    assert f"Tamalo · Serata del {evening()} · 1 partita" in texts

    await table.send("/lingua en")
    summary, photos = await summary_and_photos(table, "/tonight")
    assert summary == (
        f"🌙 Night of {evening()} · 3 games\n\n"
        "Tamalo\n"
        "classic, 1 hand: Anna wins (0)\n\n"
        "Machiavelli\n"
        "3 deals: Anna wins (32)\n"
        "1 deal: in progress, Bruno in the lead (0)\n\n"
        "👑 King of the night: Anna with 2 wins."
    )


async def test_a_night_of_macchiavelli_alone_has_its_panel_and_no_image(table: Table) -> None:
    await table.send("/nuova macchiavelli Anna Bruno Carlo")
    summary, photos = await summary_and_photos(table)
    assert summary == f"🌙 Serata del {evening()} · 1 partita\n\nMacchiavelli\nin corso"
    assert photos == 0
    await table.send("/fine")
    summary, _ = await summary_and_photos(table)
    assert summary.endswith("Macchiavelli\nchiusa senza smazzate")


async def test_a_tournament_in_the_night_its_round_and_its_winner(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.close()
    seating = seated(await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 {NINE}"))
    summary, photos = await summary_and_photos(table)  # no longer refused in a tournament
    assert summary.startswith(f"🌙 Serata del {evening()} · 2 partite\n\nTamalo\n")
    assert "\n\nMacchiavelli\ntorneo, 9 giocatori, turno 1 di 3: in corso\n\n" in summary
    assert photos == 1

    post = ""
    for round_ in range(1, 4):
        for players, deals in zip(seating, DEALS, strict=True):
            post = (await play_table(table, players, deals))[-1]
        if round_ == 1:
            leader = re.findall(r"^1\. (\S+) (\d+) VP", post, re.MULTILINE)
            summary, _ = await summary_and_photos(table)
            assert f"torneo, 9 giocatori, turno 2 di 3: in corso, in testa {leader[0][0]} " in (
                summary
            )
        if round_ < 3:
            seating = seated(post.split("Spostamenti:")[0].split("Turno ")[-1])
    won = re.search(r"🥇 (.+) (vince il torneo!|vincono il torneo a pari merito!)", post)
    assert won is not None
    winners, alone = won[1], won[2].startswith("vince ")
    vp = re.findall(r"^1\. \S+ (\d+) VP", post, re.MULTILINE)[0]
    summary, _ = await summary_and_photos(table)
    verb = "vince" if alone else "vincono"
    assert f"\ntorneo, 9 giocatori, 3 turni: {verb} {winners} ({vp} VP)\n" in summary
    assert summary.count("\n") == 8  # title, a blank line, Tamalo, its game, a blank…

    await table.send("/lingua en")
    summary, _ = await summary_and_photos(table, "/tonight")
    verb = "wins" if alone else "win"
    assert re.search(rf"\ntournament, 9 players, 3 rounds: .+ {verb} \({vp} VP\)\n", summary)


async def test_a_night_of_tago_shows_its_stacks(table: Table) -> None:
    await table.send(OPEN)
    await table.send(SIDE_POT)
    await table.send("/saldo")
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 8 Bruno 3 t=Anna")

    summary, photos = await summary_and_photos(table)

    assert summary == (
        f"🌙 Serata del {evening()} · 2 partite\n\n"
        "Tamalo\n"
        "classica, 1 mano: in corso, in testa Bruno\n\n"
        "Tagò\n"
        "1 mano: chiusa\n"
        "1. Bruno +340 (fiches 640)\n2. Dario −40 (fiches 260)\n3. Anna −100 (fiches 200)\n"
        "4. Carlo −200 (fiches 100)"
    )
    assert photos == 1


async def test_a_night_of_tago_closed_with_no_hand_is_left_out(table: Table) -> None:
    await table.send("/nuova tago light 5/300 Anna Bruno Carlo")
    await table.send("/saldo")  # opened by mistake: closed before any hand
    assert await table.reply("/serata") == (
        "Stasera non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )
    await table.send(OPEN)
    await table.send(SIDE_POT)
    await table.send("/saldo")
    await table.send("/nuova Anna Bruno")

    summary, _ = await summary_and_photos(table)

    assert summary == (
        f"🌙 Serata del {evening()} · 2 partite\n\n"
        "Tamalo\n"
        "classica, 0 mani: in corso\n\n"
        "Tagò\n"
        "1 mano: chiusa\n"
        "1. Bruno +340 (fiches 640)\n2. Dario −40 (fiches 260)\n3. Anna −100 (fiches 200)\n"
        "4. Carlo −200 (fiches 100)"
    )
