"""/stats, /classifica generale and /esporta over a known history of three games."""

import csv
import io
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from openskill.models import PlackettLuce
from telegram.constants import MessageLimit

from bot.parsing import MAX_NAME
from bot.texts import figures
from bot.texts import mistakes as shared_mistakes
from scoring.tamalo import Skill
from storage import LeaderboardLine
from tests.bot.conftest import Table
from tests.bot.test_modes import tables_of

# Three games of Anna, Bruno and Carlo. Points per hand, worked out by hand from RULES.md:
HISTORY = [
    # Game 1, classic to 50: Anna 25, Bruno 50, Carlo 51 → Anna, Bruno, Carlo.
    "/nuova soglia=50 Anna Bruno Carlo",
    "/mano Anna 3 Bruno 12 Carlo 7 t=Anna",  # Anna 0 (won), Bruno 12, Carlo 7
    "/mano Anna 4 Bruno 2 Carlo 9 t=Anna",  # Anna 15 (lost), Bruno 0, Carlo 9
    "/mano Anna 10 Bruno 30 Carlo 5",  # 10, 30, 5
    "/mano Anna 1 Bruno 8 Carlo 30",  # 0, 8, 30
    # Game 2, classic to 30: Anna 32, Bruno 5, Carlo 31 → Bruno, Carlo, Anna.
    "/nuova soglia=30 Anna Bruno Carlo",
    "/mano Anna 20 Bruno 3 Carlo 4 t=Bruno",  # 20, 0 (won), 0
    "/mano Anna 12 Bruno 5 Carlo 31",  # 12, 5, 31
    # Game 3, ControTamalo to 5: Anna 7, Bruno -2, Carlo -1 → Bruno, Carlo, Anna.
    "/nuova contro soglia=5 Anna Bruno Carlo",
    "/mano Anna 3 Bruno 2 Carlo 9 t=Anna ct=Bruno",  # +2 (lost), -3 (won), 1
    "/mano Anna 40 Bruno 9 Carlo 0 f=Carlo",  # 5, 1, -2
]


async def play(table: Table, commands: list[str]) -> None:
    for command in commands:
        await table.send(command)


def skill(places: list[list[str]]) -> dict[str, str]:
    """The leaderboard's skill of each player, worked out with OpenSkill directly."""
    model = PlackettLuce()
    ratings = {name: model.rating() for name in ("Anna", "Bruno", "Carlo")}
    for order in places:
        rated = model.rate([[ratings[name]] for name in order], ranks=[1.0, 2.0, 3.0])
        ratings.update({name: team[0] for name, team in zip(order, rated, strict=True)})
    return {name: f"{r.ordinal():.1f}".replace(".", ",") for name, r in ratings.items()}


async def test_a_players_stats_count_games_hands_calls_and_rivals(table: Table) -> None:
    await play(table, HISTORY)

    assert await table.reply("/stats anna") == (
        "📊 Anna\n"
        "Partite finite: 3 · vittorie: 1 (33%) · posizione media 2,3\n"
        "Vittorie di fila: 0 adesso · record 1\n"
        "Mani classiche: 6 · media 9,5 punti · sotto i 5: 3 (50%) · migliore 0, peggiore 20\n"
        "Mani ControTamalo: 2 · media 3,5 punti · sotto i 5: 1 (50%) · migliore +2, peggiore +5\n"
        "Tamalo: 3 chiamati, 1 riuscito (33%)\n"
        "ControTamalo: 0 chiamati, 0 riusciti (–)\n"
        "Rivale: Bruno, davanti ad Anna 2 volte\n"
        "Vittima preferita: Bruno, dietro ad Anna una volta\n"
        "Testa a testa (davanti–dietro): Bruno 1–2 · Carlo 1–2"
    )
    bruno = await table.reply("/stats Bruno")
    assert "Partite finite: 3 · vittorie: 2 (67%) · posizione media 1,3\n" in bruno
    assert "Vittorie di fila: 2 adesso · record 2\n" in bruno
    assert "ControTamalo: 1 chiamato, 1 riuscito (100%)\n" in bruno
    assert "Tamalo: 1 chiamato, 1 riuscito (100%)\n" in bruno
    assert bruno.endswith("Testa a testa (davanti–dietro): Anna 2–1 · Carlo 3–0")


async def test_the_chat_overview_and_mistaken_names(table: Table) -> None:
    assert await table.reply("/stats") == (
        "In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )
    await play(table, HISTORY)
    overview = await table.reply("/stats")
    assert overview.startswith(
        "📊 Statistiche del gruppo\n3 partite finite, 8 mani, 3 giocatori in classifica.\n"
        "Ultima partita finita: "
    )
    assert ", vinta da Bruno.\n" in overview
    assert await table.reply("/stats Zoe") == (
        "Nessun giocatore «Zoe» in questa chat. Giocatori: Anna, Bruno e Carlo."
    )
    assert await table.reply("/stats Anna Bruno") == (
        "Scrivi un nome solo: /stats Anna, oppure /stats per il gruppo."
    )


async def test_the_all_time_leaderboard_ranks_by_skill(table: Table) -> None:
    assert await table.reply("/classifica generale") == (
        "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
    )
    await play(table, HISTORY)
    rating = skill(
        [["Anna", "Bruno", "Carlo"], ["Bruno", "Carlo", "Anna"], ["Bruno", "Carlo", "Anna"]]
    )

    board = await table.reply("/classifica generale")

    assert board == (
        "🏆 Classifica generale\n"
        f"1. Bruno · abilità {rating['Bruno']} · 3 partite, 2 vinte (67%) · posizione media 1,3\n"
        f"2. Carlo · abilità {rating['Carlo']} · 3 partite, 0 vinte (0%) · posizione media 2,3\n"
        f"3. Anna · abilità {rating['Anna']} · 3 partite, 1 vinta (33%) · posizione media 2,3\n\n"
        "L'abilità (OpenSkill) sale quando arrivi davanti a chi è forte e scende quando finisci "
        "dietro a chi lo è meno; conta il piazzamento finale di ogni partita."
    )
    assert await table.reply("/leaderboard") == board
    # /leaderboard takes a period or nothing after it; "generale" belongs to /classifica.
    assert "«generale» non è un periodo" in await table.reply("/leaderboard generale")
    assert "Classifica dopo" not in board
    assert await table.reply("/classifica ieri") == (
        "/classifica mostra la partita in corso; per la classifica di sempre: /classifica generale."
    )


async def test_fewer_than_three_games_is_provisional(table: Table) -> None:
    await play(table, HISTORY[:5])
    board = await table.reply("/classifica generale")
    assert "1. Anna · abilità " in board
    assert "1 partita, 1 vinta (100%) · posizione media 1,0 (provvisorio)\n" in board
    assert "(provvisorio) = meno di 3 partite.\n" in board


async def test_correcting_or_undoing_a_finished_game_keeps_every_figure_right(
    table: Table,
) -> None:
    # Typed right, the last hand of game 3 makes Anna win it: -2, 2, 5 → Anna 0, Bruno 2, Carlo 5.
    corrected = [*HISTORY[:-1], "/mano Anna 0 Bruno 45 Carlo 30 f=Anna"]
    other = table.in_chat(-100_777)
    await play(other, corrected)
    await play(table, HISTORY)

    fixed = await table.reply("/correggi 2 Anna 0 Bruno 45 Carlo 30 f=Anna")
    assert "🏆 Vince Anna" in fixed
    for command in ("/classifica generale", "/stats Anna", "/stats Carlo", "/stats"):
        assert await table.reply(command) == await other.reply(command), command

    await table.send("/annulla")  # game 3 reopens: it counts nowhere until it ends again
    await other.send("/annulla")
    board = await table.reply("/classifica generale")
    assert board == await other.reply("/classifica generale")
    assert "2 partite" in board
    assert "Partite finite: 2 " in await table.reply("/stats Bruno")

    await table.close()  # closed as it stands, after one hand: Bruno wins it
    assert "Partite finite: 3 · vittorie: 2" in await table.reply("/stats Bruno")


async def test_a_game_closed_without_hands_counts_nowhere(table: Table) -> None:
    await play(table, ["/nuova Anna Bruno", "/fine"])
    assert await table.reply("/classifica generale") == (
        "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
    )
    await play(table, HISTORY[:5])
    await play(table, ["/nuova Anna Bruno", "/fine"])
    assert (await table.reply("/stats")).startswith(
        "📊 Statistiche del gruppo\n1 partita finita, 4 mani, 3 giocatori in classifica.\n"
    )


async def test_winning_streaks_count_games_in_the_order_played(table: Table) -> None:
    anna_wins, bruno_wins = "/mano Anna 0 Bruno 10", "/mano Anna 10 Bruno 0"
    for hand in (anna_wins, anna_wins, bruno_wins, anna_wins):
        await play(table, ["/nuova soglia=5 Anna Bruno", hand])

    assert "Vittorie di fila: 1 adesso · record 2\n" in await table.reply("/stats Anna")
    assert "Vittorie di fila: 0 adesso · record 1\n" in await table.reply("/stats Bruno")


async def test_an_annulled_game_counts_nowhere(table: Table) -> None:
    await play(table, HISTORY[:5])
    before_board = await table.reply("/classifica generale")
    before_stats = await table.reply("/stats Anna")
    await play(table, ["/nuova Anna Bruno Carlo", "/mano Anna 3 Bruno 12 Carlo 7"])
    assert "Mani: 5 ·" in await table.reply("/stats Anna")  # the running game counts
    await table.send("/tresei")
    players = table.buttons()
    for name in ("Anna", "Bruno"):  # marked by who opened the vote
        await table.press(players[name])

    assert await table.reply("/classifica generale") == before_board
    assert await table.reply("/stats Anna") == before_stats
    assert "Mani: 4 ·" in before_stats  # the annulled game's hand is not among them


async def test_export_has_one_row_per_player_per_hand(table: Table) -> None:
    assert await table.reply("/esporta") == (
        "Non c'è ancora nessuna mano da esportare: giocate con /nuova e /mano."
    )
    await play(table, HISTORY)

    calls = await table.calls("/esporta")

    assert ("sendChatAction", {"chat_id": table.chat_id, "action": "upload_document"}) in calls
    ((filename, content),) = [p["document"] for name, p in calls if name == "sendDocument"]
    (caption,) = [p["caption"] for name, p in calls if name == "sendDocument"]
    assert filename.startswith("tamalo-")
    assert filename.endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8"))))
    assert len(rows) == 3 * 8
    assert caption.startswith("📄 Tutte le mani del gruppo: 24 righe")
    first = "1,classica,,finished,1,Anna,Anna,3,1,0,0,1,0"
    last = "3,contro,,finished,2,Bruno,Carlo,0,0,0,1,,-2"
    assert _without_date(rows[0]) == first.split(",")
    assert _without_date(rows[-1]) == last.split(",")
    today = datetime.now(ZoneInfo("Europe/Rome")).date()
    assert {date.fromisoformat(r["date"][:10]) for r in rows} <= {today, today - timedelta(1)}
    counter = next(r for r in rows if r["controtamalo"] == "1")
    assert (counter["player"], counter["call_won"], counter["points"]) == ("Bruno", "1", "-3")
    assert sum(int(r["points"]) for r in rows if r["player"] == "Anna") == 25 + 32 + 7


def _without_date(row: dict[str, str]) -> list[str]:
    return [value for key, value in row.items() if key != "date"]


async def test_an_annulled_tournament_takes_its_finished_table_with_it(table: Table) -> None:
    first, _ = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    ended = await table.reply(
        "/mano " + " ".join(f"{p} {100 * (i == 0)}" for i, p in enumerate(first))
    )
    assert "Tavolo 1" in ended
    assert (await table.reply("/classifica generale")).startswith("🏆 Classifica generale\n")

    await table.send("/tresei")  # the one table still running: the tournament's vote
    players = [data for name, data in table.buttons().items() if name in "Anna Bruno Carlo Dario"]
    for data in players:  # 4 of the 6 players, marked by who opened the vote
        await table.press(data)

    assert await table.reply("/classifica generale") == (
        "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
    )
    assert await table.reply("/stats") == (
        "📊 Statistiche del gruppo\n0 partite finite, 0 mani, 0 giocatori in classifica.\n"
        "Annullate (tres sex): 2, non contano in nessuna statistica.\n"
        "Per un giocatore: /stats Nome · la classifica di sempre: /classifica generale"
    )


def test_a_big_groups_leaderboard_and_names_fit_in_one_message() -> None:
    players = [f"Giocatore{n:02}".ljust(MAX_NAME, "o") for n in range(60)]  # longest names
    lines = [
        LeaderboardLine(name, games=1000, wins=999, rank_sum=1999, skill=Skill(25.0, 1.0))
        for name in players
    ]

    board = figures.ladders(
        [("Tamalo", figures.rating_rows(lines), figures.rating_notes(lines))], []
    )
    unknown = shared_mistakes.unknown_stats_player("Zoe", players)

    assert len(board) <= MessageLimit.MAX_TEXT_LENGTH
    assert f"\n30. {players[29]} · " in board
    assert "\n… e altri 30: /stats Nome per ciascuno.\n" in board
    assert len(unknown) <= MessageLimit.MAX_TEXT_LENGTH
    assert unknown.endswith(f", {players[39]} e altri 20.")
