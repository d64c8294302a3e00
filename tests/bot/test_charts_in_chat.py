"""/grafico, /serata and the chart sent when a game ends, as the chat receives them."""

import asyncio
import re
import subprocess
import sys
from datetime import UTC, date, datetime

import numpy as np
import pytest

from bot import dates
from bot.charts.drawing import PALETTE
from bot.games.tamalo.charts import draw_game, draw_night
from bot.render import Renderer
from scoring.tamalo import Game, Hand, Report, night_figures
from tests.bot.conftest import Table
from tests.bot.test_charts import COLOURS, colours_in, count, pixels, texts_drawn

UPLOADING = "upload_photo"
#: The chat's colours: its players in the order they first appeared.
CHAT = ("Anna", "Bruno", "Carlo")


def colour_of(player: str) -> str:
    return PALETTE[CHAT.index(player)]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The texts of every chart the bot draws from now on (charts are drawn in a thread)."""
    return texts_drawn(monkeypatch)


def chart_of(png: bytes) -> np.ndarray:
    image = pixels(png)
    assert colours_in(image) > 100  # not blank
    return image


async def test_grafico_sends_the_running_games_chart_while_showing_an_upload(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    assert await table.reply("/grafico") == (
        "Non c'è ancora nessuna mano da disegnare: registra la prima con /mano."
    )
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.send("/mano Anna 20 Bruno 2 Carlo 9")

    calls = await table.calls("/chart")

    methods = [name for name, _ in calls]
    assert methods == ["sendChatAction", "sendPhoto"]  # "sending photo…" first
    assert calls[0][1] == {"chat_id": table.chat_id, "action": UPLOADING}
    ((_, png),) = [p["photo"] for name, p in calls if name == "sendPhoto"]
    image = chart_of(png)
    assert image.shape == (960, 1280, 3)
    # The chat's colours: Anna, Bruno and Carlo appeared in this order.
    for player in ("Anna", "Bruno", "Carlo"):
        assert count(image, colour_of(player)) > 1500, player


async def test_the_hand_that_ends_a_game_also_sends_its_chart_with_the_winner(
    table: Table,
) -> None:
    await table.send("/nuova soglia=30 Anna Bruno")
    assert await table.files("/mano Anna 3 Bruno 12") == []  # not over: no chart
    calls = await table.calls("/mano Anna 10 Bruno 25")

    assert [name for name, _ in calls] == ["sendMessage", "sendChatAction", "sendPhoto"]
    ((photo, caption),) = [(p["photo"][1], p["caption"]) for n, p in calls if n == "sendPhoto"]
    assert caption == "📈 🏆 Vince Anna con 10 punti!"
    assert chart_of(photo).shape == (960, 1280, 3)
    # /grafico now draws the last game, the same picture.
    assert await table.files("/grafico") == [("application.octet-stream", photo)]


async def test_fine_sends_the_chart_unless_no_hand_was_played(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    assert await table.files("/fine") == []
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    (running,) = await table.files("/grafico")

    sent = len(table.request.calls)
    await table.close()  # /fine asks first: the chart comes with the press that closes
    ((_, photo),) = [p["photo"] for n, p in table.request.calls[sent:] if n == "sendPhoto"]

    # Closed early, Anna leads with 10: her line is drawn thicker than while it ran.
    closed, before = chart_of(photo), chart_of(running[1])
    assert count(closed, colour_of("Anna")) > 1.5 * count(before, colour_of("Anna"))


async def test_a_controtamalo_chart_shows_totals_below_zero_and_both_calls(
    table: Table, drawn: list[list[str]]
) -> None:
    await table.send("/nuova contro Anna Bruno Carlo")
    await table.send("/mano 1 4 30 t=Anna")  # −2, −1, 4
    await table.send("/mano 4 2 9 t=Anna ct=Bruno")  # +2, −3, 1
    await table.send("/mano 3 1 2 t=Carlo ct=Anna")  # +3, −3, +2: Bruno at −7

    ((_, png),) = await table.files("/grafico")

    (texts,) = drawn
    assert {"Anna 3", "Bruno \N{MINUS SIGN}7", "Carlo 7"} <= set(texts)
    assert {"ControTamalo riuscito", "ControTamalo sbagliato", "Tamalo riuscito"} <= set(texts)
    assert "soglia 100, fuori scala ↑" in texts  # 7 of 100: drawn to its own scale
    image = chart_of(png)
    # Bruno's line, all below zero, is drawn whole: as long as Carlo's, all above.
    assert count(image, colour_of("Bruno")) > 0.85 * count(image, colour_of("Carlo"))


async def test_a_leaver_stops_with_a_label_and_a_late_joiner_starts_with_one(
    table: Table, drawn: list[list[str]]
) -> None:
    await table.send("/nuova soglia=200 Anna Bruno Carlo")
    await table.send("/mano 10 20 5")
    await table.send("/mano 9 20 7")
    await table.send("/entra Dario")  # at Bruno's 40, the highest
    await table.send("/mano Anna 5 Bruno 6 Carlo 9 Dario 12")
    await table.send("/esci Bruno")
    await table.send("/mano Anna 4 Carlo 12 Dario 5")

    await table.files("/grafico")

    (texts,) = drawn
    assert "Bruno 46 (esce)" in texts  # where his line stops, not in the margin
    assert "Dario entra con 40" in texts
    assert {"Anna 24", "Carlo 33", "Dario 57", "entra in partita"} <= set(texts)


async def test_who_joined_after_the_last_hand_is_on_the_chart_as_in_the_standings(
    table: Table, drawn: list[list[str]]
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 40 72 55")
    await table.send("/esci Bruno")
    await table.send("/entra Elena")  # at Carlo's 55, the highest left

    await table.files("/grafico")
    closing = await table.close()

    assert "2. Elena 55" in closing[0]
    running, final = drawn
    for texts in (running, final):
        assert {"Elena", "Elena 55 (entra)", "entra in partita"} <= set(texts)


async def test_a_4_quadri_chart_names_each_quadros_winner(
    table: Table, drawn: list[list[str]]
) -> None:
    await table.send("/nuova quadri Anna Bruno Carlo Dario")
    for _ in range(4):
        await table.record("/mano 0 5 6 7")
    await table.send("/mano 9 5 5 7")

    await table.files("/grafico")

    (texts,) = drawn
    assert "♛ Anna" in texts
    assert not {"♛ Bruno", "♛ Carlo", "♛ Dario"} & set(texts)  # quadro 2 is not over
    assert {"Anna 9 · 1 quadro", "Bruno 25 · 0 quadri"} <= set(texts)


async def test_a_tournament_has_one_chart_per_table(table: Table) -> None:
    await table.send("/torneo Anna Bruno Carlo Dario Elena Franco")
    tables = [p["text"] for n, p in table.request.calls if n == "sendMessage"][-1]
    first = re.split(r", | ed? ", tables.split("Tavolo 1: ")[1].split("\n")[0])
    second = re.split(r", | ed? ", tables.split("Tavolo 2: ")[1].split("\n")[0])
    await table.send("/mano " + " ".join(f"{p} 3" for p in first))
    await table.send("/mano " + " ".join(f"{p} 5" for p in second))

    photos = await table.files("/grafico")

    assert len(photos) == 2
    for _, png in photos:
        chart_of(png)


async def test_serata_summarises_tonight_and_sends_the_nights_image(table: Table) -> None:
    assert await table.reply("/serata") == (
        "Stasera non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )
    await table.send("/nuova soglia=20 Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.send("/mano Anna 10 Bruno 10 Carlo 2 t=Carlo")
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 8 Bruno 3 t=Anna")

    calls = await table.calls("/tonight")

    (summary,) = [p["text"] for n, p in calls if n == "sendMessage"]
    evening = dates.night_of(datetime.now(UTC), "Europe/Rome")[0]
    lines = summary.split("\n")
    assert lines[0] == f"🌙 Serata del {evening:%d/%m/%Y} · 2 partite"
    assert lines[1].endswith(" · classica, 2 mani: vince Carlo (7)")
    assert lines[2].endswith(" · classica, 1 mano: in corso, in testa Bruno")
    assert lines[-1] == "👑 Re della serata: Carlo con 1 vittoria."
    assert ("sendChatAction", {"chat_id": table.chat_id, "action": UPLOADING}) in calls
    ((_, png),) = [p["photo"] for n, p in calls if n == "sendPhoto"]
    image = chart_of(png)
    assert image.shape[1] == 1280
    assert image.shape[0] > 640  # wins and calls side by side, the hand points below
    for player in ("Anna", "Bruno", "Carlo"):
        assert count(image, colour_of(player)) > 100, player


async def test_serata_with_nine_players_fits_a_phone_screen(table: Table) -> None:
    players = ("Ilaria", "Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Enrico", "Irene")
    await table.send("/nuova " + " ".join(players))
    await table.send("/mano " + " ".join(str(n) for n in range(9)) + " t=Ilaria")
    await table.send("/nuova contro " + " ".join(players))
    await table.send("/mano " + " ".join(str(n) for n in range(9, 0, -1)))

    ((_, png),) = await table.files("/serata")

    height, width = chart_of(png).shape[:2]
    assert width == 1280
    assert height <= 1.5 * width  # was 1280×2966: a phone shows it whole, as wide as its screen


async def test_serata_says_a_shared_win_in_the_plural(table: Table) -> None:
    await table.send("/nuova Nicolò Anna Bruno")
    await table.send("/mano nicolo 3 ANNA 4 bruno 10 t=Nicolo")
    await table.close()
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 8 Bruno 3 t=Anna")
    await table.close()

    lines = (await table.reply("/serata")).split("\n")
    assert lines[1].endswith(" · classica, 1 mano: vincono Nicolò e Anna (0)")
    assert lines[2].endswith(" · classica, 1 mano: vince Bruno (0)")

    await table.send("/lingua en")
    lines = (await table.reply("/tonight")).split("\n")
    assert lines[1].endswith(", 1 hand: Nicolò and Anna win (0)")
    assert lines[2].endswith(", 1 hand: Bruno wins (0)")


async def test_serata_keeps_controtamalo_points_apart_from_classic_ones(
    table: Table, drawn: list[list[str]]
) -> None:
    await table.send("/nuova soglia=20 Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.send("/mano Anna 10 Bruno 10 Carlo 2 t=Carlo")  # Bruno 22: over
    await table.send("/nuova contro Anna Bruno Carlo")
    await table.send("/mano 1 4 30 t=Anna")
    drawn.clear()  # the chart of the game that ended

    await table.send("/serata")

    (texts,) = drawn
    assert "Punti per mano · classica" in texts
    assert "Punti per mano · ControTamalo" in texts


async def test_serata_follows_the_chats_time_zone(table: Table) -> None:
    assert (await table.reply("/impostazioni fuso=pacific/kiritimati")).startswith(
        "Fatto. ⚙️ Impostazioni del gruppo\nFuso orario: Pacific/Kiritimati."
    )
    await table.send("/nuova Anna Bruno")
    summary = await table.send("/serata")
    evening = dates.night_of(datetime.now(UTC), "Pacific/Kiritimati")[0]
    assert summary[0].startswith(f"🌙 Serata del {evening:%d/%m/%Y} · 1 partita\n")
    assert "Fuso orario: Europe/Rome (predefinito)." in await table.reply(
        "/impostazioni fuso=Europe/Rome"
    )


async def test_impostazioni_refuses_what_it_does_not_know(table: Table) -> None:
    assert await table.reply("/impostazioni fuso=Marte/Olympus") == (
        "«Marte/Olympus» non è un fuso orario che conosco. Scrivilo come Continente/Città, "
        "per esempio fuso=Europe/Rome o fuso=America/New_York."
    )
    assert await table.reply("/impostazioni colore=rosso") == (
        "Non conosco l'impostazione «colore=rosso». Si possono cambiare: fuso=Europe/Rome, "
        "admin=sì o admin=no e previsione=sì o previsione=no."
    )
    assert "Fuso orario: Europe/Rome (predefinito)." in await table.reply("/impostazioni")


@pytest.mark.parametrize(
    ("moment", "evening"),
    [
        (datetime(2026, 11, 22, 20, 0, tzinfo=UTC), date(2026, 11, 22)),  # 21:00 in Rome
        (datetime(2026, 11, 23, 0, 30, tzinfo=UTC), date(2026, 11, 22)),  # 1:30, same night
        (datetime(2026, 11, 23, 5, 30, tzinfo=UTC), date(2026, 11, 23)),  # 6:30, a new day
        (datetime(2026, 7, 1, 3, 59, tzinfo=UTC), date(2026, 6, 30)),  # 5:59 summer time
    ],
)
def test_a_night_lasts_until_six_in_the_morning(moment: datetime, evening: date) -> None:
    night, start, end = dates.night_of(moment, "Europe/Rome")
    assert night == evening
    assert start <= moment < end
    assert dates.local(start, "Europe/Rome").hour == 6


async def test_worker_processes_draw_the_same_chart_as_a_thread() -> None:
    game = Game(("Anna", "Bruno")).with_hand(
        Hand((Report("Anna", 3), Report("Bruno", 12)), caller="Anna")
    )
    night = night_figures([(game, True)])
    in_thread, in_process = Renderer(workers=0), Renderer(workers=1)
    try:
        drawn = await asyncio.gather(
            in_thread.draw(draw_game, game, "Prova", COLOURS, True, "it"),
            in_process.draw(draw_game, game, "Prova", COLOURS, True, "it"),
            in_thread.draw(draw_night, night, "Serata", COLOURS, "it"),
            in_process.draw(draw_night, night, "Serata", COLOURS, "it"),
        )
    finally:
        in_process.close()
    assert drawn[0] == drawn[1]
    assert drawn[2] == drawn[3]
    chart_of(drawn[1])
    chart_of(drawn[3])


def test_the_bot_process_does_not_load_matplotlib() -> None:
    script = "import sys, bot.app; assert 'matplotlib' not in sys.modules, 'matplotlib loaded'"
    subprocess.run([sys.executable, "-c", script], check=True)
