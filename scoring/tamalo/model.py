"""The values the rules speak about: a game's rules, a hand as reported at the table."""

from __future__ import annotations

import enum
from collections.abc import Set
from dataclasses import dataclass, field

DEFAULT_TARGET = 100
#: 4 Quadri: four games ("quadri") of four hands each.
QUADRI = 4
HANDS_PER_QUADRO = 4
QUADRI_PLAYERS = 4
#: The highest total a hand may report: no real hand comes near it, a bigger number is a typo.
MAX_TOTAL = 500


class Mode(enum.StrEnum):
    """How hands are scored; the value is the word typed at ``/nuova``."""

    CLASSIC = "classica"
    CONTRO = "contro"


@dataclass(frozen=True)
class Rules:
    """A game's scoring mode and house options (RULES.md).

    ``quadri`` is the 4 Quadri format, scored with ``mode``; ``six_cards`` changes no score;
    ``dealer_tiebreak`` breaks a 4 Quadri tie with the dealer-weighted mean.
    """

    mode: Mode = Mode.CLASSIC
    target: int = DEFAULT_TARGET
    tie_beats_caller: bool = False
    jokers: bool = False
    quadri: bool = False
    six_cards: bool = False
    dealer_tiebreak: bool = False

    @property
    def hands_in_game(self) -> int | None:
        """A 4 Quadri game has exactly 16 hands; other games end at the target."""
        return QUADRI * HANDS_PER_QUADRO if self.quadri else None


@dataclass(frozen=True)
class Report:
    """One player's line of a hand: the total ``S`` of the cards left in front of them."""

    player: str
    total: int


@dataclass(frozen=True)
class Hand:
    """A hand as reported: every active player's total, who called Tamalo and ControTamalo,
    and who got rid of all their cards (``out``, total 0)."""

    reports: tuple[Report, ...]
    caller: str | None = None
    counter_caller: str | None = None
    out: Set[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        names = [r.player for r in self.reports]
        if len(set(names)) != len(names):
            raise ValueError(f"a player is reported twice: {names}")
        if any(r.total < 0 for r in self.reports):
            raise ValueError("a total is negative")
        if self.caller is not None and self.caller not in names:
            raise ValueError(f"the caller {self.caller!r} is not in the hand")
        if self.counter_caller is not None:
            if self.caller is None or self.counter_caller == self.caller:
                raise ValueError("a ControTamalo needs a Tamalo called by someone else")
            if self.counter_caller not in names:
                raise ValueError(f"the counter-caller {self.counter_caller!r} is not in the hand")
        object.__setattr__(self, "out", frozenset(self.out))
        if any(p not in names or self.total_of(p) != 0 for p in self.out):
            raise ValueError(f"who finished the cards must be in the hand with 0: {self.out}")

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.reports)

    def total_of(self, player: str) -> int:
        return next(r.total for r in self.reports if r.player == player)
