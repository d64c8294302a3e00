"""``/entra Paola`` with Paolo seated: the question "Intendevi Paolo?" carries a button that
seats Paola as ``/entra Paola nuovo`` would, once, while her game runs, whoever presses it."""

from __future__ import annotations

import re

import pytest

from bot.games.tamalo.commands import buttons
from tests.bot.conftest import StartBot, Table

ASKED = (
    "Intendevi Paolo? Paolo gioca già in questa partita, e non faccio entrare Paola per un "
    "errore di battitura. Se Paola è davvero un'altra persona: /entra Paola nuovo."
)
JOINED = "Paola entra in partita con 20 punti (come l'ultimo in classifica)."


async def asked(table: Table) -> str:
    """Paolo and Bruno play a hand, then ``/entra Paola``: the button's callback data."""
    await table.send("/nuova Paolo Bruno")
    await table.send("/mano 10 20")
    assert await table.reply("/entra Paola") == ASKED
    (data,) = table.buttons().values()
    return data


async def test_the_question_carries_a_button_that_seats_the_new_player(table: Table) -> None:
    await table.send("/nuova Paolo Bruno")
    await table.send("/mano 10 20")
    before = await table.dump()
    assert await table.reply("/entra Paola") == ASKED
    (label, data), = table.buttons().items()  # fmt: skip
    assert label == "➕ Fai entrare Paola"
    assert re.fullmatch(r"entra:\d+:Paola", data)
    assert await table.dump() == before  # asked, not seated

    toast, edited = await table.press(data, user=7)  # anyone in the group, like typing it
    assert toast is None
    assert (edited or "").startswith(JOINED)
    assert table.last_buttons() == []
    assert await table.totals() == {"Paolo": 10, "Bruno": 20, "Paola": 20}
    assert "Paola 27" in await table.reply("/mano Paolo 5 Bruno 6 Paola 7")


async def test_the_button_works_after_a_restart(start_bot: StartBot) -> None:
    async with start_bot() as table:
        data = await asked(table)
    async with start_bot() as table:
        _toast, edited = await table.press(data)
        assert (edited or "").startswith(JOINED)
        assert "Paola" in await table.totals()


async def test_a_second_press_changes_nothing_and_says_so(table: Table) -> None:
    data = await asked(table)
    await table.press(data)
    after = await table.dump()
    toast, edited = await table.press(data, user=8)
    assert toast == "Paola gioca già in questa partita: non ho cambiato nulla."
    assert edited is None
    assert await table.dump() == after


async def test_a_press_after_paola_was_typed_in_changes_nothing(table: Table) -> None:
    data = await asked(table)
    assert (await table.reply("/entra Paola nuovo")).startswith(JOINED)  # the typed form
    after = await table.dump()
    assert await table.press(data) == (
        "Paola gioca già in questa partita: non ho cambiato nulla.",
        None,
    )
    assert await table.dump() == after


async def test_a_press_after_fine_changes_nothing(table: Table) -> None:
    data = await asked(table)
    await table.close()
    after = await table.dump()
    message = "Quella partita è chiusa: non ho fatto entrare Paola."
    assert await table.press(data) == (message, None)
    assert await table.dump() == after
    await table.send("/nuova Paolo Bruno Carlo")  # a new game does not take the old button
    after = await table.dump()
    assert await table.press(data) == (message, None)
    assert await table.dump() == after


async def test_a_join_by_the_button_is_undone_like_a_typed_one(table: Table) -> None:
    data = await asked(table)
    await table.press(data)
    assert (await table.send("/annulla"))[0].startswith("Ho annullato l'entrata di Paola")
    assert await table.totals() == {"Paolo": 10, "Bruno": 20}


@pytest.mark.parametrize(
    "data",
    [
        "entra:99999999999:Paola",  # a forged id: never a database error
        "entra:1:Pa ola",
        "entra:1:",
        "entra:x:Paola",
    ],
)
async def test_a_forged_join_button_changes_nothing(table: Table, data: str) -> None:
    await asked(table)
    before = await table.dump()
    assert await table.press(data) == ("Questa domanda ha già avuto risposta.", None)
    assert await table.dump() == before


async def test_a_forged_name_is_checked_as_if_typed(table: Table) -> None:
    data = await asked(table)
    game = data.split(":")[1]
    before = await table.dump()
    toast, edited = await table.press(f"entra:{game}:Paolo")
    assert (toast, edited) == ("Paolo gioca già in questa partita: non ho cambiato nulla.", None)
    toast, edited = await table.press(f"entra:{game}:3")
    assert "non va bene come nome" in (toast or "")
    assert edited is None
    assert await table.dump() == before


async def test_in_english(table: Table) -> None:
    await table.send("/language en")
    await table.send("/new Paolo Bruno")
    await table.send("/hand 10 20")
    assert await table.reply("/join Paola") == (
        "Did you mean Paolo? Paolo is already playing in this game, and I won't seat Paola "
        "because of a typo. If Paola really is someone else: /join Paola new."
    )
    (label, data), = table.buttons().items()  # fmt: skip
    assert label == "➕ Seat Paola"
    _toast, edited = await table.press(data)
    assert (edited or "").startswith("Paola joins the game with 20 points")
    assert await table.press(data) == (
        "Paola is already playing in this game: nothing changed.",
        None,
    )
    await table.close()
    assert await table.press(data) == (
        "That game is closed: I didn't seat Paola.",
        None,
    )


def test_the_callback_data_fits_telegrams_64_bytes() -> None:
    longest = buttons.join_new(999_999_999, "P" * 32)
    assert longest is not None
    (data,) = [b.callback_data for row in longest.inline_keyboard for b in row]
    assert len(str(data).encode()) <= 64
    # A name too long in bytes (32 letters of two bytes each) gets no button: typed instead.
    assert buttons.join_new(999_999_999, "Ж" * 32) is None


async def test_a_press_after_other_changes_seats_paola_as_typing_would(table: Table) -> None:
    data = await asked(table)
    await table.send("/entra Dario")
    await table.send("/mano Paolo 30 Bruno 1 Dario 2")
    _toast, edited = await table.press(data)
    assert (edited or "").startswith("Paola entra in partita con 40 punti")
    assert list(await table.totals()) == ["Paolo", "Bruno", "Dario", "Paola"]
