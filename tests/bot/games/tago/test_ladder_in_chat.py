"""Tagò's figures through the real Application: ``/stats Nome``'s panel and the ladder of net
results under ``/classifica generale`` (``/leaderboard``), over two nights with known
results, the night running shown apart, the week's boundary, a tie, mistyped periods, and
the same in English."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import text

from tests.bot.conftest import Table
from tests.bot.games.tago.test_night_in_chat import (
    OPEN,
    SIDE_POT,
    play_the_settle_up_example,
)

#: RULES-tago.md's "6, 6, 2, chosen 2" example as a hand: Bruno's ZERO takes the pot and the
#: jackpot the first night left (20).
ZERO = "/mano punto=6,6,2 scelta=2 Anna 5 1,1,2 Bruno 5 0,0,0 Carlo 5 lascia Dario 5 lascia"


async def play_two_nights(table: Table) -> None:
    """Night 1, the settle-up example: Anna +300, Dario +30, Carlo −50, Bruno −300 (the
    jackpot grows 20). Night 2: the side-pot example (Anna −100, Bruno +340, Carlo −200,
    Dario −40), then Bruno's ZERO (+15 and the jackpot's 20; the others −5 each)."""
    await play_the_settle_up_example(table)
    await table.send("/saldo")
    await table.send(OPEN)
    await table.send(SIDE_POT)
    assert "🎉 ZERO di Bruno: vince il jackpot, 20!" in await table.reply(ZERO)
    await table.send("/saldo")


LADDER = (
    "🏆 Tagò, fiches vinte di sempre\n"
    "1. Anna +195 (2 serate)\n"
    "2. Bruno +75 (2 serate)\n"
    "3. Dario −15 (2 serate)\n"
    "4. Carlo −255 (2 serate)"
)


async def test_two_nights_add_up_on_the_ladder_and_in_each_players_figures(
    table: Table,
) -> None:
    await play_two_nights(table)

    assert await table.reply("/classifica generale") == LADDER
    assert await table.reply("/leaderboard") == LADDER
    stats = await table.reply("/stats bruno")
    assert stats == (  # no Tamalo line for who never played it ("no game finished")
        "🃏 Tagò · Bruno\n"
        "2 serate chiuse, risultato netto +75\n"
        "Mani vinte: 2 su 3 giocate (ZERO 1, COPIA 0, TRIS 0, VALORE 1, PUNTEGGIO 0)\n"
        "ZERO: 1 · jackpot vinti: 1 (20)"
    )
    # Anna: COPIA in night 1's first hand, alone in its third (the others folded), and
    # night 2's side pot with the closer score (PUNTEGGIO) while Bruno took the main pot.
    assert (await table.reply("/stats Anna")) == (
        "🃏 Tagò · Anna\n"
        "2 serate chiuse, risultato netto +195\n"
        "Mani vinte: 3 su 5 giocate (ZERO 0, COPIA 1, TRIS 0, VALORE 0, PUNTEGGIO 1)\n"
        "di cui 1 senza showdown (gli altri avevano lasciato)\n"
        "ZERO: 0 · jackpot vinti: 0"
    )


async def test_a_running_night_counts_once_closed_and_is_shown_apart(table: Table) -> None:
    await play_two_nights(table)
    await table.send(OPEN)
    await table.send(SIDE_POT)

    assert await table.reply("/classifica generale") == (
        LADDER + "\nLa serata in corso conta quando si chiude (/saldo)."
    )
    stats = await table.reply("/stats Anna")
    assert "2 serate chiuse, risultato netto +195\nSerata in corso: −100 finora" in stats
    assert "Mani vinte: 4 su 6 giocate" in stats  # tonight's hands do count
    await table.send("/saldo")
    assert (await table.reply("/classifica generale")).startswith(
        "🏆 Tagò, fiches vinte di sempre\n1. Bruno +415 (3 serate)\n2. Anna +95 (3 serate)\n"
    )


async def test_a_tie_shares_the_place(table: Table) -> None:
    await table.send("/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo")
    # RULES-tago.md's tie at ½ off: the pot of 150 is split, 75 each.
    await table.send("/mano punto=4,½,0 Anna 50 1,3,0 Bruno 50 2,3,0 Carlo 50 5,6,½")
    await table.send("/saldo")
    assert await table.reply("/classifica generale settimana") == (
        "🏆 Tagò, fiches vinte questa settimana (da lunedì "
        f"{monday_start().date():%d/%m/%Y})\n"
        "1. Anna +25 (1 serata)\n"
        "1. Bruno +25 (1 serata)\n"
        "3. Carlo −50 (1 serata)"
    )
    assert "Mani vinte: 1 su 1 giocata (ZERO 0, COPIA 0, TRIS 0, VALORE 0, PUNTEGGIO 1)" in (
        await table.reply("/stats Bruno")
    )


def monday_start() -> datetime:
    """This week's first night in the chat's time zone (Rome): Monday, 6 a.m."""
    rome = ZoneInfo("Europe/Rome")
    evening = (datetime.now(rome) - timedelta(hours=6)).date()
    monday = evening - timedelta(days=evening.weekday())
    return datetime(monday.year, monday.month, monday.day, 6, tzinfo=rome)


async def started_at(table: Table, moment: datetime) -> None:
    """The chat's last game started at ``moment``."""
    async with table.app.bot_data.db.transaction() as session:
        last = await session.scalar(text("SELECT max(id) FROM games"))
        await session.execute(
            text("UPDATE games SET started_at = :at WHERE id = :id"),
            {"at": moment.astimezone(UTC).replace(tzinfo=None), "id": last},
        )


async def test_the_week_starts_on_monday_morning_in_the_chats_time_zone(table: Table) -> None:
    start = monday_start()
    # Sunday's night, started a minute before Monday 6 a.m.: last week's. Bruno wins it.
    await table.send("/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno")
    await table.send("/mano punto=4,½,0 Anna 50 1,3,0 Bruno 50 3,1,½")
    await table.send("/saldo")
    await started_at(table, start - timedelta(minutes=1))
    # A night started a minute after it: this week's. Anna wins it.
    await table.send("/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno")
    await table.send("/mano punto=4,½,0 Anna 100 3,1,½ Bruno 100 1,3,0")
    await table.send("/saldo")
    await started_at(table, start + timedelta(minutes=1))

    week = await table.reply("/classifica generale settimana")
    assert week.endswith("\n1. Anna +100 (1 serata)\n2. Bruno −100 (1 serata)")
    assert await table.reply("/classifica settimana") == week
    assert (await table.reply("/classifica generale")).endswith(
        "\n1. Anna +50 (2 serate)\n2. Bruno −50 (2 serate)"
    )


async def test_a_period_without_a_closed_night(table: Table) -> None:
    await table.send("/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno")
    await table.send("/mano punto=4,½,0 Anna 50 1,3,0 Bruno 50 3,1,½")
    await table.send("/saldo")
    await started_at(table, monday_start() - timedelta(days=400))
    assert (await table.reply("/classifica generale anno")).endswith(
        ")\nNessuna serata chiusa in questo periodo."
    )
    assert (await table.reply("/classifica generale")).endswith("\n2. Anna −50 (1 serata)")


async def test_mistyped_periods_and_a_chat_without_tago(table: Table) -> None:
    not_a_period = (
        "«{}» non è un periodo. Scrivi /classifica generale settimana, mese o anno; "
        "/classifica generale da solo è la classifica di sempre."
    )
    assert await table.reply("/classifica generale domani") == not_a_period.format("domani")
    assert await table.reply("/leaderboard settimana scorsa") == not_a_period.format(
        "settimana scorsa"
    )
    assert await table.reply("/classifica generale mese") == (
        "La classifica per periodo conta le fiches vinte alle serate di Tagò, e in questa chat "
        "non se n'è ancora giocata una. Per la classifica di sempre: /classifica generale."
    )
    # Without Tagò, the all-time answer is as ever.
    assert await table.reply("/classifica generale") == (
        "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
    )


async def test_beside_tamalos_ladder(table: Table) -> None:
    await table.send("/nuova soglia=30 Anna Bruno")
    await table.send("/mano Anna 3 Bruno 31")  # Bruno over 30: Anna wins, the game is over
    await table.send("/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno")
    await table.send("/mano punto=4,½,0 Anna 50 1,3,0 Bruno 50 3,1,½")
    await table.send("/saldo")
    board = await table.reply("/classifica generale")
    assert board.startswith("🏆 Classifica generale\n1. Anna · abilità ")
    assert board.endswith(
        "\n\n🏆 Tagò, fiches vinte di sempre\n1. Bruno +50 (1 serata)\n2. Anna −50 (1 serata)"
    )
    # A period: only Tagò's ladder has one.
    assert (await table.reply("/classifica generale mese")).startswith(
        "🏆 Tagò, fiches vinte questo mese (dal "
    )


async def test_in_english(table: Table) -> None:
    await table.send("/language en")
    await table.send("/new tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario")
    await table.send(
        "/hand point=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 fold"
    )
    await table.send("/settle")
    board = await table.reply("/standings general week")
    assert board == (
        f"🏆 Tagò, chips won this week (since Monday {monday_start().date():%d/%m/%Y})\n"
        "1. Bruno +340 (1 night)\n"
        "2. Dario −40 (1 night)\n"
        "3. Anna −100 (1 night)\n"
        "4. Carlo −200 (1 night)"
    )
    assert await table.reply("/leaderboard week") == board
    assert (await table.reply("/leaderboard")).startswith("🏆 Tagò, chips won of all time\n")
    assert (await table.reply("/stats Bruno")) == (
        "🃏 Tagò · Bruno\n"
        "1 closed night, net result +340\n"
        "Hands won: 1 of 1 played (ZERO 0, COPIA 0, TRIS 0, VALORE 1, PUNTEGGIO 0)\n"
        "ZERO: 0 · jackpots won: 0"
    )
    assert await table.reply("/leaderboard yesterday") == (
        "“yesterday” is not a period. Type /leaderboard week, month or year; "
        "/leaderboard alone is the all-time leaderboard."
    )


async def test_a_tie_played_off_is_won_with_the_play_offs_hand(table: Table) -> None:
    await table.send("/nuova tago heavy 5/300 ante=5 jackpot=0% Anna Bruno Carlo")
    hand = await table.reply(
        "/mano punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 Carlo 50 5,6,½ "
        "spareggio Anna 2,2,½ Bruno 1,3,1"
    )
    assert "Anna, Bruno, Carlo → Anna" in hand
    # Tied at ½ off with PUNTEGGIO, Anna wins the play-off with VALORE (4½).
    assert "Mani vinte: 1 su 1 giocata (ZERO 0, COPIA 0, TRIS 0, VALORE 1, PUNTEGGIO 0)" in (
        await table.reply("/stats Anna")
    )
    assert "Mani vinte: 0 su 1 giocata" in await table.reply("/stats Bruno")
