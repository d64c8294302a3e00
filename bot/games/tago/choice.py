"""The question when the PUNTO has a pair and nobody said its value, answered by a button:
its callback data, short and stateless, and the command read again with the choice."""

from __future__ import annotations

import re

from scoring.tago import Cards, format_halves, punto_options


def pending_choice(punto: Cards | None, choice: int | None) -> tuple[int, int] | None:
    """The PUNTO's two values when it has a pair and the first player's choice is not given:
    the question to ask (the sum first, then the third card alone)."""
    if punto is None or choice is not None or len(punto) != 3:
        return None
    options = punto_options(punto)
    return (options[0], options[1]) if len(options) > 1 else None


#: ``tg:c:<command>:<value in halves>``: the judge's (``g``) or a hand's (``m``) choice of the
#: PUNTO's value. The button's message answers the command's message, which the callback reads
#: again with the choice added: nothing is kept meanwhile.
CHOICE_PREFIX = "tg:c:"
JUDGE_CHOICE, HAND_CHOICE = "g", "m"
_CHOICE_DATA = re.compile(r"tg:c:([gm]):(\d{1,2})")


def choice_data(command: str, halves: int) -> str:
    """The data of the button choosing ``halves`` for the PUNTO (``JUDGE_CHOICE`` or
    ``HAND_CHOICE``)."""
    return f"{CHOICE_PREFIX}{command}:{halves}"


def parse_choice_data(data: str) -> tuple[str, int] | None:
    """(the command, the PUNTO's value in halves) from a choice button's data; ``None`` for
    anything else."""
    match = _CHOICE_DATA.fullmatch(data)
    return (match[1], int(match[2])) if match else None


def with_choice(text: str, halves: int) -> str:
    """The command's arguments with the choice the button made, to be parsed again: put first,
    so that it is the hand's, never a play-off's after ``spareggio``."""
    return f"scelta={format_halves(halves)} {text}"
