"""The hand entered with buttons, step by step, without Telegram."""

from __future__ import annotations

import pytest

from bot.games.tamalo.keypad import Entry, EntryMistake, Step, callback, parse_callback


def pressed(entry: Entry, *actions: str) -> Entry:
    for action in actions:
        entry = entry.press(action)
    return entry


def test_the_entry_makes_the_text_mano_takes() -> None:
    entry = pressed(Entry(("Anna", "Bruno", "Carla"), contro=True), "c0", "x1", "d3", "ok",
                    "d1", "d2", "ok", "out")  # fmt: skip

    assert entry.step is Step.CONFIRM
    assert entry.hand_text() == "Anna 3 Bruno 12 Carla 0 t=Anna ct=Bruno f=Carla"
    assert entry.version == 8


def test_back_walks_the_steps_again_keeping_what_was_entered() -> None:
    entry = pressed(Entry(("Anna", "Bruno"), contro=True), "c1", "x-", "d7", "ok", "d4", "ok")

    back = pressed(entry, "back")
    assert (back.step, back.player, back.typing) == (Step.TOTALS, "Bruno", "4")
    back = pressed(back, "back")
    assert (back.player, back.typing) == ("Anna", "7")
    assert pressed(back, "back").step is Step.COUNTER
    assert pressed(back, "back", "back").step is Step.CALLER
    # Going forward again keeps the totals already entered.
    again = pressed(back, "ok", "ok")
    assert again.hand_text() == "Anna 7 Bruno 4 t=Bruno"


def test_an_entry_is_blank_until_something_is_entered() -> None:
    entry = Entry(("Anna", "Bruno"), contro=False, number=3)
    assert entry.blank
    assert entry.shown_again().renumbered(4).blank
    assert not pressed(entry, "c1").blank  # a caller
    assert not pressed(entry, "c-", "d5").blank  # a digit typed
    assert not pressed(entry, "c-", "out", "back", "back").blank  # a total kept
    assert pressed(entry, "c-", "back").blank  # back where it began


def test_a_player_marked_out_and_then_given_a_total_is_no_longer_out() -> None:
    entry = pressed(Entry(("Anna", "Bruno"), contro=False), "c-", "out", "d5", "ok", "back",
                    "back", "d9", "ok")  # fmt: skip

    assert entry.hand_text() == "Anna 9 Bruno 5"


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (("c-", "ok"), "nothing_typed"),
        (("c-", "d5", "d0", "d0", "d1"), "too_high"),
        (("d1",), "stale"),
        (("c7",), "stale"),
        (("c-", "c0"), "stale"),
        (("c-", "zz"), "stale"),
    ],
)
def test_a_button_that_cannot_apply_says_why(actions: tuple[str, ...], reason: str) -> None:
    entry = pressed(Entry(("Anna", "Bruno"), contro=False), *actions[:-1])

    with pytest.raises(EntryMistake) as raised:
        entry.press(actions[-1])

    assert raised.value.reason == reason


def test_an_entry_is_stored_and_read_back_unchanged() -> None:
    entry = pressed(
        Entry(("Anna", "Bruno", "Carla"), contro=True, number=3), "c2", "x0", "out", "d4"
    )

    assert Entry.from_json(entry.to_json()) == entry
    assert entry.renumbered(4).number == 4
    assert entry.renumbered(4).version == entry.version + 1  # its old buttons are stale


def test_callback_data_round_trips_and_rejects_anything_else() -> None:
    assert parse_callback(callback(12, 3, "d7")) == (12, 3, "d7")
    assert parse_callback("tresei:1:1") is None
    assert parse_callback("mano:x:1:ok") is None
    assert parse_callback("mano:1:2:") is None
