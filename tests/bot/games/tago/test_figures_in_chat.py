"""A night's figures in the chat, through the real Application: /grafico draws the night's
stacks (a PNG, running or closed, in either language) and /esporta sends Tagò's rows, checked
figure by figure against a known night: a re-buy, a side pot, a curioso, an all-in lost to a
ZERO with the jackpot, a re-buy during a hand."""

import csv
import io
import re
from typing import Any

import pytest

from bot.games.tago import charts
from tests.bot.conftest import Table

PNG = b"\x89PNG\r\n\x1a\n"

#: 10% of the 5 ante, 0,50 a player a hand, feeds the jackpot.
NIGHT = (
    "/nuova tago light 5/300 ante=5 jackpot=10% Anna Bruno Carlo Dario",
    "/ricarica Anna 300",
    "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia",
    "/curioso Dario",
    "/mano punto=6,6,2 scelta=2 Anna 100 1,1,2 Bruno 100 0,0,0 Carlo 100 3,3,1 Dario 5 lascia",
    "/mano Anna 5 lascia Bruno 50 2,2,2 Carlo 50 ricarica=50 lascia Dario 5 lascia",
)

#: Worked out by hand. Hand 1: the pots without the jackpot's 0,50 each, main 39,50 × 4 +
#: 110 × 3 = 488 to Bruno, side 50 × 2 = 100 to Anna. Hand 2: 99,50 × 3 + 4,50 = 303 and the
#: jackpot (2 + 5 + 2) to Bruno's ZERO; Carlo was all in. Hand 3: Bruno is the last one in,
#: 4,50 + 49,50 + 49,50 + 4,50 = 108; Carlo re-bought the 50 he put in.
ROWS = [
    ["buy-in", "", "", "Anna", "", "0", "", "", "0", "0", "300", "300"],
    ["buy-in", "", "", "Bruno", "", "0", "", "", "0", "0", "300", "300"],
    ["buy-in", "", "", "Carlo", "", "0", "", "", "0", "0", "300", "300"],
    ["buy-in", "", "", "Dario", "", "0", "", "", "0", "0", "300", "300"],
    ["rebuy", "", "", "Anna", "", "0", "", "", "0", "0", "300", "600"],
    ["hand", "1", "Anna", "Anna", "4,½,0", "200", "4,4,2", "PUNTEGGIO", "100", "0", "0", "500"],
    ["hand", "1", "Anna", "Bruno", "4,½,0", "150", "3,1,½", "VALORE", "488", "0", "0", "638"],
    ["hand", "1", "Anna", "Carlo", "4,½,0", "200", "5,6,½", "PUNTEGGIO", "0", "0", "0", "100"],
    ["hand", "1", "Anna", "Dario", "4,½,0", "40", "", "fold", "0", "0", "0", "260"],
    ["curioso", "", "", "Dario", "", "5", "", "", "0", "0", "0", "255"],
    ["hand", "2", "Bruno", "Anna", "6,6,2", "100", "1,1,2", "VALORE", "0", "0", "0", "400"],
    ["hand", "2", "Bruno", "Bruno", "6,6,2", "100", "0,0,0", "ZERO", "303", "9", "0", "850"],
    ["hand", "2", "Bruno", "Carlo", "6,6,2", "100", "3,3,1", "PUNTEGGIO", "0", "0", "0", "0"],
    ["hand", "2", "Bruno", "Dario", "6,6,2", "5", "", "fold", "0", "0", "0", "250"],
    ["hand", "3", "Carlo", "Anna", "", "5", "", "fold", "0", "0", "0", "395"],
    ["hand", "3", "Carlo", "Bruno", "", "50", "2,2,2", "", "108", "0", "0", "908"],
    ["hand", "3", "Carlo", "Carlo", "", "50", "", "fold", "0", "0", "50", "0"],
    ["hand", "3", "Carlo", "Dario", "", "5", "", "fold", "0", "0", "0", "245"],
]


async def play_the_night(table: Table) -> None:
    for command in NIGHT:
        await table.send(command)


async def exported(table: Table) -> dict[str, list[list[str]]]:
    """The documents /esporta sends, by file name's first word, read as CSV."""
    files = await table.files("/esporta", "sendDocument")
    return {
        name.partition("-")[0]: list(csv.reader(io.StringIO(content.decode())))
        for name, content in files
    }


async def test_the_export_has_a_row_per_player_per_hand_and_per_rebuy_and_curioso(
    table: Table,
) -> None:
    await play_the_night(table)
    header, *rows = (await exported(table))["tago"]
    assert header == [
        "night", "date", "event", "hand", "dealer", "player", "punto", "contribution", "cards",
        "category", "winnings", "jackpot", "bought_in", "stack",
    ]  # fmt: skip
    assert {row[0] for row in rows} == {rows[0][0]}  # one night
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d\d:\d\d", row[1]) for row in rows)
    assert [row[2:] for row in rows] == ROWS
    # The last stacks are the night's, as /classifica says them.
    standings = await table.reply("/classifica")
    for player, stack in [("Anna", "395"), ("Bruno", "908"), ("Carlo", "0"), ("Dario", "245")]:
        assert f"(fiches {stack}, " in standings.split(player)[1].splitlines()[0]


async def test_the_export_keeps_halves_and_every_night_and_the_tamalo_games_beside(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12 t=Anna")
    await table.close()
    await table.send("/nuova tago heavy 5/300 ante=2.5 jackpot=10% Anna Bruno")
    await table.send("/mano Anna 2.5 lascia Bruno 7.5 1,2,3")
    await table.send("/saldo")
    await table.send("/nuova tago heavy 5/300 Anna Bruno")
    await table.send("/mano Anna 5 lascia Bruno 5 1,2,3")
    sent = await table.calls("/esporta")
    assert [p["caption"] for name, p in sent if name == "sendDocument"][1] == (
        "📄 Le serate di Tagò: 8 righe, una per giocatore per mano, più ingressi, ricariche, "
        "curiosi e uscite."
    )
    documents = await exported(table)
    assert set(documents) == {"tamalo", "tago"}
    rows = documents["tago"][1:]
    assert len({row[0] for row in rows}) == 2  # the closed night and the one running
    first = [row for row in rows if row[0] == rows[0][0] and row[2] == "hand"]
    # 0,25 of each ante to the jackpot: the pot is 2,25 + 7,25.
    assert [(r[5], r[7], r[10], r[13]) for r in first] == [
        ("Anna", "2.5", "0", "297.5"),
        ("Bruno", "7.5", "9.5", "302"),
    ]


async def test_the_chart_of_the_night_is_a_png_running_closed_and_in_english(
    table: Table,
) -> None:
    await table.send(NIGHT[0])
    assert await table.reply("/grafico") == (
        "Non c'è ancora nessuna mano da disegnare: registra la prima con /mano."
    )
    for command in NIGHT[1:]:
        await table.send(command)
    [(_, running)] = await table.files("/grafico")
    assert running.startswith(PNG)
    await table.send("/saldo")
    [(_, closed)] = await table.files("/grafico")
    assert closed.startswith(PNG)
    await table.send("/lingua en")
    [(_, english)] = await table.files("/chart")
    assert english.startswith(PNG)
    assert english != closed  # its words are English


async def test_nothing_to_export_or_draw_before_a_night(table: Table) -> None:
    assert (await table.reply("/esporta")).startswith("Non c'è ancora nessuna mano da esportare")


async def test_the_chart_follows_the_chat_s_last_game(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    night_chart = charts.draw_night

    def draw_night(*args: Any) -> bytes:
        drawn.append("tago")
        return night_chart(*args)

    monkeypatch.setattr(charts, "draw_night", draw_night)
    await play_the_night(table)
    await table.send("/saldo")
    await table.files("/grafico")
    assert drawn == ["tago"]
    await table.send("/nuova Anna Bruno")  # a game of Tamalo now: its chart, not the night's
    await table.send("/mano Anna 3 Bruno 12 t=Anna")
    [(_, tamalo)] = await table.files("/grafico")
    assert tamalo.startswith(PNG)
    assert drawn == ["tago"]
