"""A Macchiavelli home game's figures through the real Application: /grafico (a PNG of the
running totals, running and finished), its panel of /stats Nome, its CSV of /esporta beside
Tamalo's, in English too; a tournament's /grafico still refused and its /esporta its own."""

from __future__ import annotations

import csv
import io
import struct

from tests.bot.conftest import Table
from tests.bot.games.macchiavelli.test_home_in_chat import worked_example
from tests.bot.games.macchiavelli.test_tournament_chat import NINE

PNG = b"\x89PNG\r\n\x1a\n"


def size_of(png: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    assert png.startswith(PNG)
    width, height = struct.unpack(">II", png[16:24])
    return width, height


async def photo(table: Table, command: str) -> tuple[bytes, str | None]:
    """The one photo sent in answer to ``command`` (shown uploading first), and its caption."""
    calls = await table.calls(command)
    assert [name for name, _ in calls] == ["sendChatAction", "sendPhoto"]
    ((sent),) = [p for name, p in calls if name == "sendPhoto"]
    return sent["photo"][1], sent.get("caption")


async def test_grafico_draws_a_running_game_then_the_finished_one(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3 jolly")
    assert await table.reply("/grafico") == (
        "Non c'è ancora nessuna smazzata da disegnare: registra la prima con /mano."
    )
    await table.reply("/mano Anna 0 Bruno K,A,7 Carlo 12")

    running, caption = await photo(table, "/grafico")
    assert size_of(running) == (1280, 960)
    assert len(running) > 20_000  # lines, labels and a key, not an empty canvas
    assert caption is None

    await table.reply("/mano Carlo 0 Anna JK,2 Bruno 40")
    await table.reply("/mano 5 0 A,A")
    finished, caption = await photo(table, "/chart")
    assert size_of(finished) == (1280, 960)
    assert finished != running
    assert caption == "📈 🏁 Partita finita dopo 3 smazzate: vince Anna con 32!"
    assert "/grafico" in await table.reply("/grafico adesso")  # takes nothing after it


async def test_stats_adds_a_macchiavelli_panel_to_a_players_tamalo_figures(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Dario")
    await table.record("/mano Anna 3 Bruno 12 Dario 7")
    await table.close()
    await worked_example(table)

    anna = await table.reply("/stats Anna")
    # Her Tamalo figures count Tamalo's one game, not the Macchiavelli game as well.
    assert anna.startswith("📊 Anna\nPartite finite: 1 · vittorie: 1 (100%)")
    assert "Carlo" not in anna.split("\n\n")[0]  # no head to head from the Macchiavelli game
    assert anna.endswith(
        "\n\n🃏 Macchiavelli\nPartite finite: 1 · vittorie: 1 (100%)\n"
        "Smazzate: 3 · media 10,7 punti · chiuse: 1 (33%)"
    )
    bruno = await table.reply("/stats bruno")
    assert bruno.endswith(
        "🃏 Macchiavelli\nPartite finite: 1 · vittorie: 0 (0%)\n"
        "Smazzate: 3 · media 22,7 punti · chiuse: 1 (33%)"
    )
    assert "Macchiavelli" not in await table.reply("/stats Dario")  # never played it

    await table.send("/lingua en")
    assert (await table.reply("/stats Carlo")) == (
        "🃏 Machiavelli\nGames finished: 1 · wins: 0 (0%)\n"
        "Deals: 3 · average 11.3 points · closed: 1 (33%)"
    )


async def test_a_running_game_counts_its_deals_but_no_game_yet(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    await table.reply("/mano 0 30")
    assert (await table.reply("/stats Bruno")).endswith(
        "🃏 Macchiavelli\nNessuna partita finita, per ora.\n"
        "Smazzate: 1 · media 30,0 punti · chiuse: 0 (0%)"
    )


async def documents(table: Table) -> dict[str, list[list[str]]]:
    """``/esporta``'s documents: each file's name (without its date) and its rows."""
    sent = await table.files("/esporta", "sendDocument")
    return {
        name.rsplit("-", 3)[0]: list(csv.reader(io.StringIO(content.decode())))
        for name, content in sent
    }


def without_date(row: list[str]) -> list[str]:
    return row[:1] + row[2:]


async def test_esporta_sends_the_home_games_in_a_document_of_their_own(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.record("/mano 3 5")
    await table.close()
    await worked_example(table)
    fixed = await table.reply("/correggi 3 Anna 5 Bruno 0 Carlo 10,A")  # other cards typed
    assert fixed.startswith("Smazzata 3 corretta.")

    sent = await table.calls("/esporta")
    names = [p["document"][0] for name, p in sent if name == "sendDocument"]
    assert [name.rsplit("-", 3)[0] for name in names] == ["tamalo", "macchiavelli"]
    assert all(name.endswith(".csv") for name in names)
    captions = [p["caption"] for name, p in sent if name == "sendDocument"]
    assert captions == [
        "📄 Tutte le mani del gruppo: 2 righe, una per giocatore per mano. Si apre con un foglio "
        "di calcolo.",
        "📄 Le partite di Macchiavelli: 9 righe, una per giocatore per smazzata.",
    ]

    found = await documents(table)
    assert len(found["tamalo"]) == 1 + 2  # Tamalo's two lines only
    home = found["macchiavelli"]
    assert home[0] == [
        "game", "date", "state", "deal", "dealer", "player", "closed", "cards", "points", "total",
    ]  # fmt: skip
    game = home[1][0]
    assert [without_date(row) for row in home[1:]] == [
        [game, "finished", "1", "Anna", "Anna", "1", "", "0", "0"],
        [game, "finished", "1", "Anna", "Bruno", "0", "K,A,7", "28", "28"],
        [game, "finished", "1", "Anna", "Carlo", "0", "", "12", "12"],
        [game, "finished", "2", "Bruno", "Anna", "0", "JK,2", "27", "27"],
        [game, "finished", "2", "Bruno", "Bruno", "0", "", "40", "68"],
        [game, "finished", "2", "Bruno", "Carlo", "1", "", "0", "12"],
        [game, "finished", "3", "Carlo", "Anna", "0", "", "5", "32"],
        [game, "finished", "3", "Carlo", "Bruno", "1", "", "0", "68"],
        [game, "finished", "3", "Carlo", "Carlo", "0", "10,A", "21", "33"],
    ]
    assert home[1][1][:4].isdecimal()
    assert "T" in home[1][1]


async def test_esporta_of_a_chat_that_played_only_macchiavelli(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    assert "nessuna mano da esportare" in await table.reply("/esporta")
    await table.reply("/mano 0 A,K")
    found = await documents(table)
    assert list(found) == ["macchiavelli"]
    assert [without_date(row)[1:] for row in found["macchiavelli"][1:]] == [
        ["running", "1", "Anna", "Anna", "1", "", "0", "0"],
        ["running", "1", "Anna", "Bruno", "0", "A,K", "21", "21"],
    ]


async def test_a_tournament_keeps_its_own_export_and_refuses_grafico(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    await table.reply("/mano 0 5")
    await table.close()
    await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 {NINE}")
    assert "/grafico non serve" in await table.reply("/grafico")
    # /esporta: the home game's deals; the tournament, with none yet, no document.
    assert list(await documents(table)) == ["macchiavelli"]
