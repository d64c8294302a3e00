"""A hand entered with buttons (``/mano`` alone): where the entry stands, and what each button
does to it. Pure: no Telegram, no database; the entry is stored as JSON between presses.

The entry asks, in order: who called Tamalo (or nobody); in ControTamalo, who called
ControTamalo (or nobody); then each player's total on a number pad ("fuori": no cards left,
total 0); then a last confirm. The hand it makes is the text ``/mano`` would take, so a hand
entered with buttons is recorded exactly as one typed.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, replace

from bot import callback_data
from scoring.tamalo import MAX_TOTAL

#: Callback data: ``mano:<entry id>:<version>:<action>``, far below Telegram's 64 bytes.
PREFIX = "mano"
#: The largest id a database row has (a 32-bit integer): button data naming a larger one
#: is forged, and would overflow the query.
MAX_ID = callback_data.MAX_ID
MAX_DIGITS = len(str(MAX_TOTAL))


class Step(enum.StrEnum):
    CALLER = "caller"
    COUNTER = "counter"
    TOTALS = "totals"
    CONFIRM = "confirm"


class Action(enum.StrEnum):
    """What a button does; a player's button also carries the player's seat (``c2``)."""

    CALLER = "c"  # + seat, or "-" for nobody
    COUNTER = "x"  # + seat, or "-" for nobody
    DIGIT = "d"  # + digit
    DELETE = "del"
    OUT = "out"
    OK = "ok"
    BACK = "back"
    RECORD = "yes"
    CANCEL = "no"


class EntryMistake(Exception):
    """A button pressed when it cannot apply (OK with no total typed, say): ``reason`` says
    what to do instead."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Entry:
    """A hand being entered for ``players`` (who play it, in seat order)."""

    players: tuple[str, ...]
    contro: bool
    step: Step = Step.CALLER
    caller: str | None = None
    counter: str | None = None
    #: Each player's total, in seat order; ``None`` until entered.
    totals: tuple[int | None, ...] = ()
    out: frozenset[str] = frozenset()
    #: Whose total is being typed (an index into ``players``), and the digits so far.
    current: int = 0
    typing: str = ""
    #: Goes up with every change: a button from an older view is told apart.
    version: int = 0
    #: The hand number it is entered as (``None``: stored before it was kept).
    number: int | None = None
    #: The version it was last shown from in a new message: older buttons are another
    #: message's, which no longer shows it.
    shown_from: int = 0

    def __post_init__(self) -> None:
        if not self.totals:
            object.__setattr__(self, "totals", (None,) * len(self.players))

    # --- the hand it makes ---

    def hand_text(self) -> str:
        """The arguments of the ``/mano`` this entry stands for."""
        words = [f"{p} {t}" for p, t in zip(self.players, self.totals, strict=True)]
        if self.caller:
            words.append(f"t={self.caller}")
        if self.counter:
            words.append(f"ct={self.counter}")
        words += [f"f={p}" for p in self.players if p in self.out]
        return " ".join(words)

    def renumbered(self, number: int) -> Entry:
        """The entry as hand ``number``: its number was taken by a hand typed meanwhile."""
        return replace(self, number=number, version=self.version + 1)

    def restarted(self, players: tuple[str, ...], number: int) -> Entry:
        """The entry from its first step, for ``players``: who plays changed meanwhile."""
        return Entry(
            players, contro=self.contro, version=self.version + 1, number=number,
            shown_from=self.shown_from,
        )  # fmt: skip

    @property
    def blank(self) -> bool:
        """Whether nothing has been entered yet: as it opened."""
        unstamped = replace(self, version=0, number=None, shown_from=0)
        return unstamped == Entry(self.players, contro=self.contro)

    def shown_again(self) -> Entry:
        """The entry shown in a new message: the buttons of the old one stop working."""
        return replace(self, version=self.version + 1, shown_from=self.version + 1)

    @property
    def player(self) -> str:
        """Whose total is being typed."""
        return self.players[self.current]

    # --- buttons ---

    def press(self, action: str) -> Entry:
        """The entry after a button; ``EntryMistake`` if it cannot apply now."""
        verb, argument = _split(action)
        changed = self._apply(verb, argument)
        return replace(changed, version=self.version + 1)

    def _apply(self, verb: Action, argument: str) -> Entry:
        if verb is Action.BACK:
            return self._back()
        if verb is Action.CALLER and self.step is Step.CALLER:
            caller = self._seat(argument)
            after = Step.COUNTER if self.contro and caller else Step.TOTALS
            return replace(self, caller=caller, counter=None, step=after, current=0, typing="")
        if verb is Action.COUNTER and self.step is Step.COUNTER:
            counter = self._seat(argument)
            if counter is not None and counter == self.caller:
                raise EntryMistake("counter_is_caller")
            return replace(self, counter=counter, step=Step.TOTALS, current=0, typing="")
        if self.step is Step.TOTALS:
            return self._pad(verb, argument)
        raise EntryMistake("stale")

    def _pad(self, verb: Action, argument: str) -> Entry:
        if verb is Action.DIGIT:
            typing = (self.typing + argument).lstrip("0") or "0"
            if len(typing) > MAX_DIGITS or int(typing) > MAX_TOTAL:
                raise EntryMistake("too_high")
            return replace(self, typing=typing)
        if verb is Action.DELETE:
            return replace(self, typing=self.typing[:-1])
        if verb is Action.OUT:
            return self._next(0, out=True)
        if verb is Action.OK:
            if not self.typing:
                raise EntryMistake("nothing_typed")
            return self._next(int(self.typing), out=False)
        raise EntryMistake("stale")

    def _next(self, total: int, *, out: bool) -> Entry:
        totals = list(self.totals)
        totals[self.current] = total
        gone = self.out | {self.player} if out else self.out - {self.player}
        if self.current + 1 < len(self.players):
            following = totals[self.current + 1]
            typing = "" if following is None else str(following)
            return replace(
                self, totals=tuple(totals), out=gone, current=self.current + 1, typing=typing
            )
        return replace(self, totals=tuple(totals), out=gone, step=Step.CONFIRM, typing="")

    def _back(self) -> Entry:
        if self.step is Step.CONFIRM:
            last = len(self.players) - 1
            return replace(self, step=Step.TOTALS, current=last, typing=self._typed(last))
        if self.step is Step.TOTALS and self.current > 0:
            return replace(self, current=self.current - 1, typing=self._typed(self.current - 1))
        if self.step is Step.TOTALS and self.contro and self.caller:
            return replace(self, step=Step.COUNTER, typing="")
        if self.step in (Step.TOTALS, Step.COUNTER):
            return replace(self, step=Step.CALLER, typing="")
        raise EntryMistake("stale")

    def _typed(self, index: int) -> str:
        total = self.totals[index]
        return "" if total is None or self.players[index] in self.out else str(total)

    def _seat(self, argument: str) -> str | None:
        if argument == "-":
            return None
        if not argument.isdecimal() or int(argument) >= len(self.players):
            raise EntryMistake("stale")
        return self.players[int(argument)]

    # --- stored between presses ---

    def to_json(self) -> str:
        return json.dumps(
            {
                "players": list(self.players),
                "contro": self.contro,
                "step": self.step.value,
                "caller": self.caller,
                "counter": self.counter,
                "totals": list(self.totals),
                "out": sorted(self.out),
                "current": self.current,
                "typing": self.typing,
                "version": self.version,
                "number": self.number,
                "shown_from": self.shown_from,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, stored: str) -> Entry:
        data = json.loads(stored)
        return cls(
            players=tuple(data["players"]),
            contro=bool(data["contro"]),
            step=Step(data["step"]),
            caller=data["caller"],
            counter=data["counter"],
            totals=tuple(data["totals"]),
            out=frozenset(data["out"]),
            current=int(data["current"]),
            typing=str(data["typing"]),
            version=int(data["version"]),
            number=data.get("number"),
            shown_from=int(data.get("shown_from", 0)),
        )


def callback(entry_id: int, version: int, action: str) -> str:
    return callback_data.callback(PREFIX, entry_id, version, action)


def parse_callback(data: str) -> tuple[int, int, str] | None:
    """``mano:12:3:d7`` → (entry 12, version 3, action ``d7``); ``None`` if malformed."""
    return callback_data.parse_callback(PREFIX, data)


def _split(action: str) -> tuple[Action, str]:
    for verb in (Action.DELETE, Action.OUT, Action.OK, Action.BACK, Action.RECORD,
                 Action.CANCEL):  # fmt: skip
        if action == verb.value:
            return verb, ""
    verb_letter, argument = action[:1], action[1:]
    for verb in (Action.CALLER, Action.COUNTER, Action.DIGIT):
        if verb_letter == verb.value and argument:
            if verb is Action.DIGIT and not (len(argument) == 1 and argument.isdecimal()):
                break
            return verb, argument
    raise EntryMistake("stale")
