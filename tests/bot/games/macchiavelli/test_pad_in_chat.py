"""``/mano`` alone in a Macchiavelli home game: the deal tapped on a card pad, player by player,
in one message edited in place, and recorded exactly as the same deal typed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import text

from bot.commands.entries import sweep_expired
from bot.games.macchiavelli import pad_texts
from storage import ENTRY_LIFETIME
from tests.bot.conftest import StartBot, Table

TYPED = "/mano Anna 0 Bruno K,A,7 Carlo JK,2"
ONE_SECOND = timedelta(seconds=1)
#: The same deal, tap by tap: Anna closes (and the pad moves on), then Bruno's, Carlo's.
TAPS = ("chiude (0)", "K", "A", "7", "Avanti ▶️", "Jolly", "2", "Avanti ▶️")


async def tap(table: Table, label: str, *, user: int = 42) -> tuple[str | None, str | None]:
    """Tap the button ``label`` of the bot's last message: (the answer, the new text)."""
    return await table.press(table.buttons()[label], user=user)


async def stored_deals(table: Table) -> list[tuple[Any, ...]]:
    """Every deal of the chat as stored: number, detail, each player's count and points."""
    async with table.app.bot_data.db.reading() as session:
        rows = await session.execute(
            text(
                "SELECT h.number, h.detail, p.name, r.value, r.points FROM hands h"
                " JOIN games g ON g.id = h.game_id JOIN hand_results r ON r.hand_id = h.id"
                " JOIN players p ON p.id = r.player_id"
                " WHERE g.chat_id = :chat ORDER BY h.number, r.position"
            ),
            {"chat": table.chat_id},
        )
        return [tuple(row) for row in rows]


async def test_a_deal_tapped_is_the_deal_typed(table: Table) -> None:
    typed = table.in_chat(-100_777)
    await typed.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=2 jolly")
    typed_reply = await typed.reply(TYPED)
    await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=2 jolly")

    opened = await table.reply("/mano")
    assert opened.startswith("✍️ Smazzata 1 · inserisce: Utente42\n\n▶️ Anna …\nBruno …")
    assert opened.endswith(
        "Le carte rimaste in mano ad Anna, poi «Avanti» (o «chiude» se ha chiuso)."
    )
    assert list(table.buttons()) == [
        *("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Jolly"),
        *("↩️ Togli l'ultima", "chiude (0)", "Avanti ▶️", "✖️ Annulla"),
    ]
    shown = []
    for label in TAPS:
        toast, edited = await tap(table, label)
        assert toast is None, (label, toast)
        assert edited is not None
        shown.append(edited)
    assert "Anna 0 (chiude)\n▶️ Bruno …" in shown[0]
    assert "▶️ Bruno K = 10" in shown[1]
    assert "▶️ Bruno K,A,7 = 28\nCarlo …" in shown[3]  # the running points, tap by tap
    assert "▶️ Carlo JK,2 = 27" in shown[6]
    assert "Anna 0 (chiude)\nBruno K,A,7 = 28\nCarlo JK,2 = 27" in shown[-1]
    assert shown[-1].endswith("Tutto giusto? «Registra» e la smazzata è segnata.")
    assert list(table.buttons()) == ["✅ Registra", "◀️ Indietro", "✖️ Annulla"]
    assert await stored_deals(table) == []

    toast, recorded = await tap(table, "✅ Registra")

    assert recorded == typed_reply
    assert recorded.startswith("Smazzata 1: chiude Anna.\nAnna 0\nBruno K,A,7 = 28\nCarlo JK,2")
    assert recorded.endswith("Smazzata 2 di 2: distribuisce Bruno.")
    assert table.buttons() == {}
    assert await stored_deals(table) == await stored_deals(typed)
    assert [row[2:] for row in await stored_deals(table)] == [
        ("Anna", 0, 0),
        ("Bruno", 28, 28),
        ("Carlo", 27, 27),
    ]
    # The game goes on as if typed: the next deal, typed, ends it.
    assert (await table.reply("/mano 5 0 A,A")).endswith("vince Anna con 5!")


async def test_wrong_taps_are_answered_and_change_nothing(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    opened = await table.reply("/mano")
    assert "Jolly" not in table.buttons()  # a game without jokers
    jolly = table.buttons()["K"].replace(":cK", ":cJK")  # an old or forged button
    assert await table.press(jolly) == ("Questa partita si gioca senza jolly.", None)
    assert await tap(table, "Avanti ▶️") == (
        "Tocca le carte rimaste ad Anna, o «chiude» se ha chiuso.",
        None,
    )
    assert await tap(table, "↩️ Togli l'ultima") == ("Nessuna carta di Anna da togliere.", None)
    for _ in range(5):
        await tap(table, "K")
    await tap(table, "Avanti ▶️")
    assert (await tap(table, "chiude (0)"))[0] is None  # Bruno closes
    for _ in range(3):
        await tap(table, "K")
    # A ninth king across the deal: two decks hold eight.
    assert await tap(table, "K") == (
        "Due mazzi hanno solo 8 carte «K»: sono già tutte segnate.",
        None,
    )
    assert await tap(table, "chiude (0)") == ("Ha già chiuso Bruno: chiude uno solo.", None)
    _toast, back = await tap(table, "◀️ Indietro")
    assert back is not None
    assert "▶️ Bruno 0 (chiude)" in back
    assert await tap(table, "K") == ("Bruno ha chiuso: niente carte. «↩️» toglie la chiusura.", None)
    _toast, undone = await tap(table, "↩️ Togli l'ultima")  # the closing taken back
    assert undone is not None
    assert "▶️ Bruno …" in undone
    await tap(table, "chiude (0)")
    _toast, carlo = await tap(table, "↩️ Togli l'ultima")  # Carlo's last king
    assert carlo is not None
    assert "▶️ Carlo K,K = 20" in carlo
    await tap(table, "Avanti ▶️")
    assert opened.startswith("✍️ Smazzata 1")
    _toast, recorded = await tap(table, "✅ Registra")
    assert recorded is not None
    assert recorded.startswith("Smazzata 1: chiude Bruno.\nAnna K,K,K,K,K = 50\nBruno 0\n")
    assert [row[2:] for row in await stored_deals(table)] == [
        ("Anna", 50, 50),
        ("Bruno", 0, 0),
        ("Carlo", 20, 20),
    ]


async def test_cancel_changes_nothing(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    before = await table.dump()
    await table.reply("/smazzata")
    await tap(table, "K")
    tamalos = table.buttons()["K"].replace("mpad:", "mano:").replace(":cK", ":d1")
    assert await table.press(tamalos) == (pad_texts.closed(), None)  # not Tamalo's entry
    _toast, cancelled = await tap(table, "✖️ Annulla")
    assert cancelled == "Inserimento annullato: nessuna smazzata registrata."
    assert table.buttons() == {}
    assert await table.dump() == before
    reopened = await table.reply("/deal")  # a new entry, from the start
    assert "▶️ Anna …\nBruno …" in reopened


async def test_a_double_tap_counts_once_and_only_its_author_taps(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    await table.reply("/mano")
    pad = table.buttons()
    king = pad["K"]
    assert (await table.press(king))[0] is None
    toast, shown = await table.press(king)  # the same tap again (redelivered, or twice)
    assert toast == pad_texts.stale()
    assert shown is not None
    assert "▶️ Anna K = 10" in shown
    now = table.buttons()  # as shown again: where the pad stands
    assert await tap(table, "A", user=7) == (
        "Questi pulsanti sono di chi inserisce la smazzata (Utente42): solo lui o lei li può "
        "premere.",
        None,
    )
    busy = await table.send("/mano", user=7)
    assert "si sta già inserendo con i pulsanti (inserisce: Utente42)" in busy[0]
    await table.press(now["A"])
    _toast, bruno = await tap(table, "Avanti ▶️")
    assert bruno is not None
    assert "Anna K,A = 21\n▶️ Bruno …" in bruno
    await tap(table, "chiude (0)")
    record = table.buttons()["✅ Registra"]
    _toast, recorded = await table.press(record)
    assert recorded is not None
    assert recorded.startswith("Smazzata 1: chiude Bruno.\nAnna K,A = 21")
    assert await table.press(record) == (pad_texts.closed(), None)
    assert len(await stored_deals(table)) == 2  # one deal, two players


async def test_a_deal_typed_meanwhile_renumbers_the_pad(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    await table.reply("/mano")
    await tap(table, "chiude (0)")
    await tap(table, "9")
    entry = table.buttons()
    await table.reply("/mano 0 12")
    toast, shown = await table.press(entry["Avanti ▶️"])
    assert toast is not None
    assert "la smazzata 1 è stata scritta con /mano" in toast
    assert shown is not None
    assert "✍️ Smazzata 2" in shown
    await tap(table, "Avanti ▶️")
    _toast, recorded = await tap(table, "✅ Registra")
    assert recorded is not None
    assert recorded.startswith("Smazzata 2: chiude Anna.\nAnna 0\nBruno 9 = 9")


async def test_a_pad_left_alone_expires_in_words_about_the_deal(table: Table) -> None:
    english = table.in_chat(-100_777)
    await english.reply("/language en")
    for chat in (table, english):
        await chat.reply("/nuova macchiavelli Anna Bruno")
        await chat.reply("/mano")
        await tap(chat, "K")
    left = table.buttons()
    before = await table.dump()
    calls = len(table.request.calls)

    assert await sweep_expired(table.app, datetime.now(UTC) + ENTRY_LIFETIME + ONE_SECOND) == 2

    said = {p["chat_id"]: p["text"] for n, p in table.request.calls[calls:]}
    assert said == {
        table.chat_id: "⌛ Inserimento scaduto dopo 10 minuti senza tocchi: nessuna smazzata "
        "registrata.",
        english.chat_id: "⌛ Entry timed out after 10 minutes with no taps: no deal recorded.",
    }
    assert await table.press(left["A"]) == (pad_texts.closed(), None)
    assert await table.dump() == before


async def test_the_pad_carries_on_after_a_restart_and_speaks_english(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.reply("/language en")
        await table.reply("/new machiavelli Anna Bruno jokers")
        opened = await table.reply("/deal")
        assert opened.startswith("✍️ Deal 1 · entered by: Utente42")
        await tap(table, "closes (0)")
        pad = table.buttons()
    async with start_bot() as table:  # another process: the entry is the database's
        await table.press(pad["Joker"])
        _toast, shown = await tap(table, "Next ▶️")
        assert shown is not None
        assert "Anna 0 (closes)\nBruno JK = 25" in shown
        _toast, recorded = await tap(table, "✅ Record")
        assert recorded is not None
        assert recorded.startswith("Deal 1: Anna closes.\nAnna 0\nBruno JK = 25")


async def test_a_tournament_keeps_its_typed_deals(table: Table) -> None:
    names = "Anna Bruno Carlo Dario Elena Franco Gino Ida Luca"
    started = await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 {names}")
    assert started.startswith("🏆 Torneo di Macchiavelli")
    answer = await table.reply("/mano")
    assert "/mano" in answer
    assert table.buttons() == {}
