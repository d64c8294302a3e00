"""The points game's form on the table's screen: each side playing the round, its points on
the number pad, and its sign (negative points, Burraco's cards left in hand); sent as the
``/mano Anna 4 Bruno+Dario -150`` a player types, by names."""

from __future__ import annotations

from collections.abc import Mapping

from bot.forms import Choice, Form, Number, Row, required
from bot.games.punti import form_texts as texts
from bot.games.punti.keypad import MOST_DIGITS
from play.errors import NoRunningGame
from play.punti.game import latest
from storage import Front, UnitOfWork

#: The highest points the pad takes, as the chat's keypad.
MOST = 10**MOST_DIGITS - 1
MINUS = "-"


async def form(work: UnitOfWork, front: Front) -> Form:
    """The form of the running game's next round."""
    record = latest(front)
    if record is None or not record.running:
        raise NoRunningGame
    number = len(record.match.rounds) + 1
    sides = tuple(side.name for side in record.match.playing(number))
    signs = (("", texts.positive()), (MINUS, texts.negative()))
    rows = tuple(
        Row(
            side,
            (Number(f"p{seat}", texts.points(), MOST), Choice(f"s{seat}", texts.sign(), signs)),
        )
        for seat, side in enumerate(sides)
    )

    def command(values: Mapping[str, str]) -> str:
        words = []
        for seat, side in enumerate(sides):
            points = int(required(Number(f"p{seat}", texts.points_of(side)), values))
            negative = values[f"s{seat}"] == MINUS and points != 0
            words.append(f"{side} {'-' if negative else ''}{points}")
        return "/mano " + " ".join(words)

    stamp = f"{record.stored.id}:{number}:{'|'.join(sides)}"
    return Form(texts.title(record.name, number), rows, stamp, command, texts.hint())
