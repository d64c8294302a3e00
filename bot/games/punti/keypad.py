"""A round entered with buttons (``/mano`` alone): where the entry stands, and what each
button does to it. Pure: no Telegram, no database; the entry is stored as JSON between taps
(in the entries' table every game's entries share: one open entry per game).

Side by side, in seat order: the side's points tapped on a keypad (digits, the sign, a
backspace), then "Avanti"; then a last confirm. The round it makes is the round ``/mano``
takes when typed in seat order, recorded by the same play function.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, replace

from bot import callback_data

#: Callback data: ``ppad:<entry id>:<version>:<action>``, far below Telegram's 64 bytes.
PREFIX = "ppad"
#: What the stored JSON says it is: an entry of another game's pad is never read as this.
KIND = "punti"
#: Digits a side's points take at most (as typed: ``/mano`` takes seven).
MOST_DIGITS = 7


class Step(enum.StrEnum):
    POINTS = "points"
    CONFIRM = "confirm"


class Action(enum.StrEnum):
    """What a button does; a digit's button also carries its digit (``d7``)."""

    DIGIT = "d"
    SIGN = "sign"
    DELETE = "del"
    NEXT = "next"
    BACK = "back"
    RECORD = "yes"
    CANCEL = "no"


#: The digits' actions, ``d0`` … ``d9``.
DIGITS = frozenset(f"{Action.DIGIT.value}{digit}" for digit in range(10))


class PadMistake(Exception):
    """A tap that cannot apply now: ``reason`` says which, ``side`` whose points."""

    def __init__(self, reason: str, side: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.side = side


class NotAPad(Exception):
    """Stored state that is not a points game's keypad (another game's entry)."""


@dataclass(frozen=True)
class Keypad:
    """A round being entered for ``sides`` (those playing it, seat order), as round
    ``number``."""

    sides: tuple[str, ...]
    number: int
    step: Step = Step.POINTS
    #: Each side's points as tapped so far (digits, ``-`` first if negative), in seat order.
    typed: tuple[str, ...] = ()
    #: Whose points are being tapped (an index into ``sides``).
    current: int = 0
    #: Goes up with every change: a button from an older view is told apart.
    version: int = 0
    #: The version it was last shown from in a new message: older buttons are another's.
    shown_from: int = 0

    def __post_init__(self) -> None:
        if not self.typed:
            object.__setattr__(self, "typed", ("",) * len(self.sides))

    @property
    def side(self) -> str:
        return self.sides[self.current]

    def done(self, seat: int) -> bool:
        return any(c.isdigit() for c in self.typed[seat])

    def points(self) -> dict[str, int]:
        """The round as ``/mano 4 7`` reads it, by side."""
        return {side: int(self.typed[seat]) for seat, side in enumerate(self.sides)}

    @property
    def blank(self) -> bool:
        return not any(self.typed)

    def renumbered(self, number: int) -> Keypad:
        """The entry as round ``number``: rounds were typed or undone meanwhile."""
        return replace(self, number=number, version=self.version + 1)

    def shown_again(self) -> Keypad:
        """The entry shown in a new message: the buttons of the old one stop working."""
        return replace(self, version=self.version + 1, shown_from=self.version + 1)

    def press(self, action: str) -> Keypad:
        """The entry after a tap; ``PadMistake`` if it cannot apply now."""
        if action == Action.BACK:
            changed = self._back()
        elif self.step is not Step.POINTS:
            raise PadMistake("stale")
        elif action in DIGITS:
            if len(self.typed[self.current].lstrip("-")) >= MOST_DIGITS:
                raise PadMistake("too_long", self.side)
            changed = self._with(self.typed[self.current] + action[1:])
        elif action == Action.SIGN:
            now = self.typed[self.current]
            changed = self._with(now[1:] if now.startswith("-") else "-" + now)
        elif action == Action.DELETE:
            if not self.typed[self.current]:
                raise PadMistake("nothing_to_delete", self.side)
            changed = self._with(self.typed[self.current][:-1])
        elif action == Action.NEXT:
            if not self.done(self.current):
                raise PadMistake("empty", self.side)
            changed = self._next()
        else:  # record and cancel are the caller's, in the confirm step only
            raise PadMistake("stale")
        return replace(changed, version=self.version + 1)

    def _with(self, typed: str) -> Keypad:
        sides = list(self.typed)
        sides[self.current] = typed
        return replace(self, typed=tuple(sides))

    def _next(self) -> Keypad:
        if self.current + 1 < len(self.sides):
            return replace(self, current=self.current + 1)
        return replace(self, step=Step.CONFIRM)

    def _back(self) -> Keypad:
        if self.step is Step.CONFIRM:
            return replace(self, step=Step.POINTS, current=len(self.sides) - 1)
        if self.current == 0:
            raise PadMistake("first")
        return replace(self, current=self.current - 1)

    def to_json(self) -> str:
        return json.dumps(
            {
                "kind": KIND,
                "sides": list(self.sides),
                "number": self.number,
                "step": self.step.value,
                "typed": list(self.typed),
                "current": self.current,
                "version": self.version,
                "shown_from": self.shown_from,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, stored: str) -> Keypad:
        """The stored keypad; ``NotAPad`` for anything else (another game's entry)."""
        data = json.loads(stored)
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise NotAPad(stored)
        return cls(
            sides=tuple(data["sides"]),
            number=int(data["number"]),
            step=Step(data["step"]),
            typed=tuple(data["typed"]),
            current=int(data["current"]),
            version=int(data["version"]),
            shown_from=int(data["shown_from"]),
        )


def callback(entry_id: int, version: int, action: str) -> str:
    return callback_data.callback(PREFIX, entry_id, version, action)


def parse_callback(data: str) -> tuple[int, int, str] | None:
    """``ppad:12:3:d7`` → (entry 12, version 3, action ``d7``); ``None`` if malformed."""
    return callback_data.parse_callback(PREFIX, data)
