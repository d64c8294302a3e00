"""The table's screen's benchmark runs in its quick mode and measures what it says: the page
is weighed as served, the taps are counted as the page's script takes them on the forms the
games build (each hand checked against the typed one), and two bot processes report an open
board's update, their memory and their ``/mano``."""

from __future__ import annotations

from bench import board
from bot.forms import Cards, Choice, Form, Number, Row


def test_taps_are_counted_as_the_pages_script_takes_them() -> None:
    palette = tuple((card, card) for card in "0123456789")
    form = Form(
        "Mano 1",
        (
            Row("mano", (Cards("punto", "PUNTO", palette, 3), Choice("x", "x", (("a", "A"),)))),
            Row("Anna", (Number("p0", "fiches"), Cards("c0", "carte", palette, 3))),
            Row("Bruno", (Number("p1", "fiches"), Cards("c1", "carte", palette, 3))),
        ),
        "stamp",
        lambda values: "/mano",
    )
    # Open (1); the PUNTO: its field and 3 cards, which move on to Anna's chips by
    # themselves; 20 and "Avanti" to her cards; 2 cards, not full: Bruno's chips tapped;
    # 7; a choice (1); Registra (1).
    tapped = {"punto": "1,2,3", "p0": "20", "c0": "4,5", "p1": "7", "x": "a"}
    assert board.taps_on(form, tapped) == 1 + 4 + 3 + 2 + 2 + 1 + 1


async def test_the_benchmark_runs_in_its_quick_mode() -> None:
    figures = {figure.name: figure for figure in await board.measure(quick=True)}

    weight = figures["the table's screen: page, script, style and form"]
    assert 5 < weight.value < board.PAGE_LIMIT_KB
    tamalo = figures["taps, a 4-player Tamalo hand on the form"]
    assert tamalo.value == 13  # open, Anna, then 3, 12, 7, 20 each a field and digits, send
    assert tamalo.reference == len(board.KEYPAD) + 1 == 13
    assert any(name.startswith("taps, a 4-player Tagò hand") for name in figures)
    shown = figures["a hand to an open scoreboard's update"]
    assert 0 < shown.value < 10
    assert figures["the bot's memory with 5 scoreboards open"].reference > 20
    assert figures["/mano with 5 scoreboards open"].value > 0
