"""How a tournament is played: its rules, and the seating plan of the rounds the movement
seats. RULES-macchiavelli.md, "Rounds", "The Nava movement"; the mixed movement is issue 25's."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from scoring.macchiavelli.errors import OptionOutOfRange
from scoring.macchiavelli.mixed import mixed_plan
from scoring.macchiavelli.movement import nava_plan
from scoring.macchiavelli.seating import Seating
from scoring.macchiavelli.victory import ROUND_DEALS

ROUNDS = (3, 5)


class Movement(enum.StrEnum):
    """How players move between rounds; the value is the word typed (``movimento=misto``)."""

    NAVA = "nava"
    MIXED = "misto"


@dataclass(frozen=True)
class TournamentRules:
    """3–5 rounds of 3–5 deals each; ``danese`` makes the last round seated by standings."""

    rounds: int = 3
    deals: int = 3
    danese: bool = False
    movement: Movement = Movement.NAVA
    jokers: bool = False

    def __post_init__(self) -> None:
        if not ROUNDS[0] <= self.rounds <= ROUNDS[1]:
            raise OptionOutOfRange("rounds", self.rounds, *ROUNDS)
        if not ROUND_DEALS[0] <= self.deals <= ROUND_DEALS[1]:
            raise OptionOutOfRange("round_deals", self.deals, *ROUND_DEALS)

    @property
    def moved_rounds(self) -> int:
        """Rounds seated by the movement: all but a Danese."""
        return self.rounds - 1 if self.danese else self.rounds


def plan_rounds(first: Seating, rules: TournamentRules, rng: random.Random) -> tuple[Seating, ...]:
    """The seating of every round the movement seats, round 1 being ``first``."""
    if rules.movement is Movement.MIXED:
        return mixed_plan(first, rules.moved_rounds, rng)
    return nava_plan(first, rules.moved_rounds)
