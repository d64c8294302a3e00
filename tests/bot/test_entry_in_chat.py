"""``/mano`` alone: a hand entered with buttons only, in one message edited in place."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import text

from bot.commands.entries import sweep_expired
from bot.games.tamalo.texts import entry as keypad_texts
from storage import ENTRY_LIFETIME
from tests.bot.conftest import StartBot, Table

TYPED = "/mano Anna 3 Bruno 12 Carla 0 t=Anna ct=Bruno f=Carla"
#: The same hand, button by button.
PRESSES = (
    "Anna",
    "Bruno",
    "3",
    keypad_texts.entry_ok(),
    "1",
    "2",
    keypad_texts.entry_ok(),
    keypad_texts.entry_out(),
)


async def tap(table: Table, label: str, *, user: int = 42) -> tuple[str | None, str | None]:
    """Press the button ``label`` of the bot's last message."""
    return await table.press(table.buttons()[label], user=user)


async def stored_hands(table: Table) -> list[tuple[Any, ...]]:
    async with table.app.bot_data.db.reading() as session:
        rows = await session.execute(
            text(
                "SELECT h.number, p.name, r.value, r.flags, r.points FROM hands h"
                " JOIN games g ON g.id = h.game_id JOIN hand_results r ON r.hand_id = h.id"
                " JOIN players p ON p.id = r.player_id"
                " WHERE g.chat_id = :chat ORDER BY h.number, r.position"
            ),
            {"chat": table.chat_id},
        )
        return [tuple(row) for row in rows]


async def test_a_hand_entered_with_buttons_is_the_hand_typed(table: Table) -> None:
    typed = table.in_chat(-100_777)
    await typed.send("/nuova contro Anna Bruno Carla")
    [typed_reply] = await typed.send(TYPED)
    await table.send("/nuova contro Anna Bruno Carla")

    [opened] = await table.send("/mano")
    assert opened.startswith("✍️ Mano 1 · inserisce: Utente42")
    assert opened.endswith("Chi ha chiamato Tamalo?")
    assert list(table.buttons()) == [
        "Anna",
        "Bruno",
        "Carla",
        "Nessuno",
        keypad_texts.entry_cancel(),
    ]
    shown = []
    for label in PRESSES:
        toast, edited = await tap(table, label)
        assert toast is None
        assert edited is not None
        shown.append(edited)
    assert "Chi ha chiamato ControTamalo?" in shown[0]
    assert "▶️ Bruno 12" in shown[5]
    assert shown[-1].endswith("Tutto giusto? «Registra» e la mano è segnata.")
    assert "Anna 3\nBruno 12\nCarla 0 (fuori)" in shown[-1]

    toast, recorded = await tap(table, keypad_texts.entry_record())

    assert recorded == typed_reply
    assert table.buttons() == {}
    assert await stored_hands(table) == await stored_hands(typed)
    assert await table.totals() == await typed.totals()


async def test_cancel_and_expiry_leave_nothing_behind(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    before = await table.dump()

    await table.send("/mano")
    await tap(table, "Anna")
    _, cancelled = await tap(table, keypad_texts.entry_cancel())
    assert cancelled == keypad_texts.entry_cancelled()
    assert await table.dump() == before

    await table.send("/mano")
    await tap(table, "Nessuno")
    await tap(table, "7")
    late = table.buttons()
    assert await sweep_expired(table.app) == 0  # touched just now
    calls = len(table.request.calls)
    later = datetime.now(UTC) + ENTRY_LIFETIME + timedelta(seconds=1)

    assert await sweep_expired(table.app, later) == 1

    [(method, said)] = table.request.calls[calls:]
    assert (method, said["text"]) == ("editMessageText", keypad_texts.entry_expired())
    assert await table.press(late[keypad_texts.entry_ok()]) == (keypad_texts.entry_closed(), None)
    assert await table.dump() == before
    # And a new entry can start.
    [opened] = await table.send("/mano")
    assert opened.startswith("✍️ Mano 1")


async def test_one_entry_at_a_time_and_only_its_author_presses(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano", user=42)
    entry = table.buttons()

    assert await table.send("/mano", user=43) == [keypad_texts.entry_busy("Utente42")]
    assert await table.press(entry["Anna"], user=43) == (
        keypad_texts.entry_not_yours("Utente42"),
        None,
    )
    # Typing the hand in full still works meanwhile.
    [typed] = await table.send("/mano Anna 9 Bruno 8", user=43)
    assert typed.startswith("Mano 1:")

    warning = (
        "⚠️ Intanto la mano 1 è stata scritta con /mano: questa sarebbe la mano 2. "
        "Controlla e premi di nuovo: se era la stessa mano, «Annulla»."
    )
    toast, edited = await table.press(entry["Anna"], user=42)
    assert toast == warning
    assert edited is not None
    assert edited.startswith(warning + "\n\n✍️ Mano 2 · inserisce: Utente42")
    assert edited.endswith("Chi ha chiamato Tamalo?")  # the press was not taken


async def test_an_entry_whose_number_a_typed_hand_took_asks_to_record_again(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano")
    for label in ("Nessuno", "5", keypad_texts.entry_ok(), "6", keypad_texts.entry_ok()):
        await tap(table, label)
    record = table.buttons()[keypad_texts.entry_record()]
    await table.send("/mano Anna 9 Bruno 8", user=43)

    toast, shown = await table.press(record)
    assert toast is not None
    assert toast.startswith("⚠️ Intanto la mano 1 è stata scritta con /mano")
    assert shown is not None
    assert "✍️ Mano 2 · inserisce: Utente42" in shown
    assert shown.endswith("Tutto giusto? «Registra» e la mano è segnata.")
    assert await table.totals() == {"Anna": 9, "Bruno": 8}  # not recorded
    assert await table.press(record) == (keypad_texts.entry_stale(), shown.split("\n\n", 1)[1])

    _, recorded = await tap(table, keypad_texts.entry_record())
    assert recorded is not None
    assert recorded.startswith("Mano 2:")
    assert await table.totals() == {"Anna": 14, "Bruno": 14}


async def test_a_double_tap_records_once_and_old_buttons_do_nothing(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano")
    first_view = table.buttons()
    for label in ("Nessuno", "5", keypad_texts.entry_ok(), "6", keypad_texts.entry_ok()):
        await tap(table, label)
    record = table.buttons()[keypad_texts.entry_record()]

    # A button of a view already left behind: told so, and shown where the entry is.
    toast, shown = await table.press(first_view["Anna"])
    assert toast == keypad_texts.entry_stale()
    assert shown is not None
    assert shown.endswith("Tutto giusto? «Registra» e la mano è segnata.")

    _, recorded = await table.press(record)
    again = await table.press(record)

    assert recorded is not None
    assert recorded.startswith("Mano 1:")
    assert again == (keypad_texts.entry_closed(), None)
    assert await table.totals() == {"Anna": 5, "Bruno": 6}


async def test_mistakes_on_the_pad_are_told_and_change_nothing(table: Table) -> None:
    await table.send("/nuova contro Anna Bruno")
    await table.send("/mano")
    await tap(table, "Anna")
    assert list(table.buttons()) == [
        "Bruno",
        "Nessuno",
        keypad_texts.entry_back(),
        keypad_texts.entry_cancel(),
    ]
    await tap(table, "Nessuno")

    assert await tap(table, keypad_texts.entry_ok()) == (
        keypad_texts.entry_mistake("nothing_typed"),
        None,
    )
    for digit in "500":
        await tap(table, digit)
    assert await tap(table, "1") == ("Un totale arriva al massimo a 500.", None)
    _, shown = await tap(table, keypad_texts.entry_delete())
    assert shown is not None
    assert "▶️ Anna 50" in shown


async def test_an_entry_carries_on_after_a_restart(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.send("/nuova Anna Bruno")
        await table.send("/mano")
        await tap(table, "Bruno")
        await tap(table, "9")
        pad = table.buttons()
    async with start_bot() as table:
        await table.press(pad[keypad_texts.entry_ok()])
        await tap(table, "2")
        await tap(table, keypad_texts.entry_ok())
        _, recorded = await tap(table, keypad_texts.entry_record())

        assert recorded is not None
        assert recorded.startswith("Mano 1:\nAnna 9\nBruno 0 · Tamalo riuscito ✅")


async def test_every_button_fits_telegrams_64_bytes(table: Table) -> None:
    await table.send("/nuova contro " + " ".join(f"Giocatore{n}" for n in range(12)))
    await table.send("/mano")
    await tap(table, "Giocatore11")
    await tap(table, "Giocatore10")

    assert table.buttons()
    assert all(len(data.encode()) <= 64 for data in table.buttons().values())


async def test_an_entry_shown_again_after_a_typed_hand_is_for_the_next_hand_unwarned(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano")
    await table.send("/mano 3 12 7")  # hand 1, typed while the empty entry was open

    [shown] = await table.send("/mano")
    toast, pressed = await tap(table, "Anna")

    assert shown.startswith("✍️ Mano 2 · inserisce: Utente42")
    assert toast is None  # nothing happened since it was shown as hand 2
    assert pressed is not None
    assert pressed.startswith("✍️ Mano 2 · inserisce: Utente42")
    assert "Intanto" not in pressed
    for label in ("1", keypad_texts.entry_ok(), "2", keypad_texts.entry_ok()):
        await tap(table, label)
    await tap(table, "3")
    await tap(table, keypad_texts.entry_ok())
    _, recorded = await tap(table, keypad_texts.entry_record())
    assert recorded is not None
    assert recorded.startswith("Mano 2:")


async def test_an_entry_begun_then_typed_says_so_when_shown_again_and_not_after(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano")
    for label in ("Nessuno", "5", keypad_texts.entry_ok()):
        await tap(table, label)
    await table.send("/mano 9 8")

    [shown] = await table.send("/mano")
    toast, pressed = await tap(table, "6")

    warning = (
        "⚠️ Intanto la mano 1 è stata scritta con /mano: quello che avevi inserito ora è per "
        "la mano 2. Controlla: se era la stessa mano, «Annulla»."
    )
    assert shown.startswith(warning + "\n\n✍️ Mano 2 · inserisce: Utente42")
    assert "▶️ Bruno" in shown
    assert toast is None
    assert pressed is not None
    assert pressed.startswith("✍️ Mano 2 · inserisce: Utente42")


async def test_an_entry_begun_then_undone_under_says_so_when_shown_again(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.send("/mano")
    await tap(table, "Anna")
    await table.send("/annulla")

    [shown] = await table.send("/mano")

    assert shown.startswith(
        "⚠️ Intanto è stata annullata una mano: quello che avevi inserito ora è per la mano 1. "
        "Controlla.\n\n✍️ Mano 1 · inserisce: Utente42\nTamalo: Anna"
    )
    assert (await tap(table, "5"))[0] is None


async def test_an_entry_after_an_undo_says_its_number_changed(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.send("/mano")
    nobody = table.buttons()["Nessuno"]
    await table.send("/annulla")
    toast, shown = await table.press(nobody)
    assert toast == (
        "⚠️ Intanto è stata annullata una mano: questa sarebbe la mano 1. "
        "Controlla e premi di nuovo."
    )
    assert shown is not None
    assert "✍️ Mano 1 · inserisce: Utente42" in shown


async def test_the_same_person_s_mano_shows_their_entry_again_in_a_new_message(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano")
    for label in ("Nessuno", "5"):
        await tap(table, label)
    old = table.buttons()  # its message then scrolled away, or the console was closed

    calls = await table.calls("/mano")

    # The entry, where it stands, in a new message.
    assert [method for method, _ in calls] == ["sendMessage"]
    shown = calls[0][1]["text"]
    assert "sta già inserendo" not in shown
    assert shown.startswith("✍️ Mano 1 · inserisce: Utente42")
    assert "▶️ Anna 5" in shown
    new = table.buttons()
    assert (
        new[keypad_texts.entry_ok()] != old[keypad_texts.entry_ok()]
    )  # a version the old buttons lack
    # The old message's buttons say they no longer work, and change nothing.
    assert await table.press(old[keypad_texts.entry_ok()]) == (keypad_texts.entry_closed(), None)
    await table.press(new[keypad_texts.entry_ok()])
    for label in ("7", keypad_texts.entry_ok()):
        await tap(table, label)
    _, recorded = await tap(table, keypad_texts.entry_record())
    assert recorded is not None
    assert recorded.startswith("Mano 1:")
    assert await table.totals() == {"Anna": 5, "Bruno": 7}
    # Someone else is still told to wait, in a sentence that reads right.
    await table.send("/mano")
    assert await table.send("/mano", user=43) == [
        "Questa mano la sta già inserendo con i pulsanti Utente42: aspetta che finisca (o che "
        "la annulli). Puoi sempre scriverla per intero: /mano Anna 3 Bruno 12 …"
    ]


async def test_an_entry_follows_who_plays_when_players_leave_or_join(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 5 6 7")
    await table.send("/mano")
    await tap(table, "Nessuno")
    old = table.buttons()
    await table.send("/esci Carlo")
    await table.send("/entra Dario")

    # Shown again: it says the players changed and starts over with who plays now.
    [shown] = await table.send("/mano")
    warning = "⚠️ Intanto sono cambiati i giocatori: ricomincio da capo con chi gioca ora."
    assert shown.startswith(warning + "\n\n✍️ Mano 2 · inserisce: Utente42")
    assert shown.endswith("Chi ha chiamato Tamalo?")
    assert list(table.buttons()) == [
        "Anna",
        "Bruno",
        "Dario",
        "Nessuno",
        keypad_texts.entry_cancel(),
    ]
    assert await table.press(old[keypad_texts.entry_ok()]) == (keypad_texts.entry_closed(), None)
    for label in ("Nessuno", "1", keypad_texts.entry_ok(), "4", keypad_texts.entry_ok()):
        await tap(table, label)
    # Dario leaves while the totals are typed: the next press starts over again.
    pad = table.buttons()
    [left] = await table.send("/esci Dario")
    assert left.startswith("Dario lascia la partita")
    toast, edited = await table.press(pad["2"])
    assert toast == warning
    assert edited is not None
    assert edited.startswith(warning + "\n\n✍️ Mano 2")
    assert list(table.buttons()) == ["Anna", "Bruno", "Nessuno", keypad_texts.entry_cancel()]
    for label in ("Nessuno", "8", keypad_texts.entry_ok(), "1", "2", keypad_texts.entry_ok()):
        await tap(table, label)

    _, recorded = await tap(table, keypad_texts.entry_record())

    assert recorded is not None
    assert recorded.startswith("Mano 2:\nAnna 8\nBruno 12\n\n")
    assert await table.totals() == {"Anna": 13, "Bruno": 18, "Carlo": 7, "Dario": 6}


async def test_an_entry_of_a_game_that_ended_meanwhile_says_so(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.send("/mano")
    await tap(table, "Nessuno")
    await table.close()
    await table.send("/riapri")
    await table.send("/mano")
    await tap(table, "1")
    five = table.buttons()["5"]
    [ended, *_] = await table.send("/mano 99 1 1")
    assert "Partita finita" in ended

    toast, shown = await table.press(five)

    assert shown == (
        "🏁 Questa partita è finita o è stata chiusa: l'inserimento è caduto e non ho "
        "registrato nessuna mano."
    )
    assert (toast, shown) == (keypad_texts.entry_game_over(), keypad_texts.entry_game_over())
    assert await table.press(five) == (keypad_texts.entry_closed(), None)
    assert await table.totals() == {"Anna": 109, "Bruno": 20, "Carlo": 30}
