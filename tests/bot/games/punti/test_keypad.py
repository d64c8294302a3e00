"""``/mano`` alone in a points game: the round tapped on a keypad, side by side, recorded as
the typed round is; a tap that cannot apply changes nothing, and only who opened it taps."""

from __future__ import annotations

import pytest

from bot.games.punti.keypad import Keypad, PadMistake
from tests.bot.conftest import Table


async def tap(table: Table, label: str, *, user: int = 42) -> tuple[str | None, str | None]:
    """Press the button ``label`` of the keypad's message as it is now."""
    return await table.press(table.buttons()[label], user=user)


async def test_a_round_tapped_is_recorded_as_typed(table: Table) -> None:
    await table.send("/nuova punti nome=Burraco soglia=2005 Anna+Carla Bruno+Dario")
    (opened,) = await table.send("/mano")
    assert opened.startswith("✍️ Smazzata 1 · inserisce: ")
    assert "▶️ Anna+Carla …" in opened
    toast, _ = await tap(table, "Avanti ▶️")
    assert toast == "Tocca i punti di Anna+Carla, anche 0, poi «Avanti»."
    for label in ("1", "5", "0", "±"):
        await tap(table, label)
    _, shown = await tap(table, "Avanti ▶️")
    assert shown is not None
    assert "Anna+Carla -150\n▶️ Bruno+Dario …" in shown
    # Someone else's taps change nothing.
    toast, _ = await tap(table, "1", user=7)
    assert toast is not None
    assert toast.startswith("Questi pulsanti sono di chi inserisce la smazzata")
    for label in ("1", "2", "0", "9", "⌫", "0"):
        await tap(table, label)
    _, shown = await tap(table, "Avanti ▶️")
    assert shown is not None
    assert shown.endswith("Tutto giusto? «Registra» e la smazzata è segnata.")
    _, recorded = await tap(table, "✅ Registra")
    assert recorded == "🏆 Burraco · 1 smazzata\n1. Bruno+Dario 1200\n2. Anna+Carla -150"
    assert await table.reply("/classifica") == recorded


async def test_a_keypad_cancelled_records_nothing(table: Table) -> None:
    await table.send("/nuova punti Anna Bruno")
    await table.send("/mano")
    before = await table.dump()
    await tap(table, "7")
    _, said = await tap(table, "✖️ Annulla")
    assert said == "Inserimento annullato: nessuna smazzata registrata."
    assert await table.dump() == before


def test_the_keypad_takes_seven_digits_and_a_sign() -> None:
    pad = Keypad(("Anna", "Bruno"), 1)
    for _digit in range(7):
        pad = pad.press("d9")
    with pytest.raises(PadMistake) as eighth:
        pad.press("d9")
    assert eighth.value.reason == "too_long"
    pad = pad.press("sign").press("next").press("d0").press("next")
    assert pad.points() == {"Anna": -9_999_999, "Bruno": 0}
    assert Keypad.from_json(pad.to_json()) == pad
