"""The values the rules speak about: a game's rules, a hand as reported at the table."""

from __future__ import annotations

import enum
from dataclasses import dataclass

DEFAULT_TARGET = 100


class Mode(enum.StrEnum):
    """How hands are scored; the value is the word typed at ``/nuova``."""

    CLASSIC = "classica"


@dataclass(frozen=True)
class Rules:
    """A game's mode and house options (RULES.md: ``soglia``, ``pari_perde``, Jokes)."""

    mode: Mode = Mode.CLASSIC
    target: int = DEFAULT_TARGET
    tie_beats_caller: bool = False
    jokers: bool = False


@dataclass(frozen=True)
class Report:
    """One player's line of a hand: the total ``S`` of the cards left in front of them."""

    player: str
    total: int


@dataclass(frozen=True)
class Hand:
    """A hand as reported: every active player's total and who called Tamalo, if anyone."""

    reports: tuple[Report, ...]
    caller: str | None = None

    def __post_init__(self) -> None:
        names = [r.player for r in self.reports]
        if len(set(names)) != len(names):
            raise ValueError(f"a player is reported twice: {names}")
        if any(r.total < 0 for r in self.reports):
            raise ValueError("a total is negative")
        if self.caller is not None and self.caller not in names:
            raise ValueError(f"the caller {self.caller!r} is not in the hand")

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.reports)

    def total_of(self, player: str) -> int:
        return next(r.total for r in self.reports if r.player == player)
