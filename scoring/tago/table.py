"""The table a night is played at (RULES-tago.md, "Chips"): Light or Heavy, the minimum bet,
the stack to sit down, the ante and the jackpot's share. Every amount is in cents."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from scoring.tago.chip_errors import (
    BadAnte,
    BadJackpotShare,
    BadTable,
    OverTableMaximum,
    UnknownAmount,
)

CENTS = 100
#: The most chips one amount may be (a bet, a stack, a re-buy…), as Tamalo caps a hand's
#: total: far above any table's, low enough that no reply or stored number runs wild.
MAX_AMOUNT = 1_000_000 * CENTS
DEFAULT_JACKPOT_PERCENT = 10
MAX_JACKPOT_PERCENT = 50
#: Betting rounds in a hand (seed: "TRE GIRI DI SCOMMESSE"); a play-off is one more.
ROUNDS = 3

_AMOUNT = re.compile(r"(\d+)(?:[.,](\d{1,2}))?")


def parse_amount(token: str) -> int:
    """Chips as typed, in cents: ``5`` is 500, ``2.5`` and ``2,5`` are 250."""
    match = _AMOUNT.fullmatch(token.strip())
    if match is None:
        raise UnknownAmount(token.strip())
    whole, decimals = match.groups()
    return int(whole) * CENTS + int((decimals or "").ljust(2, "0"))


def format_amount(cents: int) -> str:
    """Cents as the table says them: 250 is ``2,5``, 500 is ``5``, 1234 is ``12,34``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), CENTS)
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole},{part:02d}".rstrip("0")


class Stakes(enum.StrEnum):
    """Light has a maximum bet (the table's stack); Heavy has none."""

    LIGHT = "light"
    HEAVY = "heavy"


@dataclass(frozen=True)
class Table:
    """``light 5/300``: minimum bet 5, maximum bet 300, and 300 to sit down; ``heavy 5/300``:
    the same without a maximum. The ante is the minimum bet or its half; ``jackpot_percent``
    of every ante goes to the jackpot (RULES-tago.md, "Reading — the share")."""

    stakes: Stakes
    min_bet: int
    stack: int
    ante: int
    jackpot_percent: int = DEFAULT_JACKPOT_PERCENT

    def __post_init__(self) -> None:
        if not 0 < self.min_bet <= self.stack:
            raise BadTable(self.min_bet, self.stack)
        if self.ante not in (self.min_bet, self.min_bet / 2):
            raise BadAnte(self.ante, self.min_bet)
        if not 0 <= self.jackpot_percent <= MAX_JACKPOT_PERCENT:
            raise BadJackpotShare(self.jackpot_percent)

    @property
    def max_bet(self) -> int | None:
        return self.stack if self.stakes is Stakes.LIGHT else None

    @property
    def jackpot_share(self) -> int:
        """What each ante gives the jackpot, in whole cents (rounded down: 15% of a 2,5 ante
        is 37 cents, the half cent stays in the pot)."""
        return self.ante * self.jackpot_percent // 100

    def max_contribution(self, rounds: int = ROUNDS) -> int | None:
        """Light: the most a player can put in over ``rounds`` betting rounds, the ante
        included. Reading: the bot is told totals, not bets; a bet (and so what one player
        puts in during one round) is at most the maximum, so a total above this broke it."""
        if self.max_bet is None:
            return None
        return self.ante + rounds * self.max_bet

    def check_contribution(self, player: str, paid: int, rounds: int = ROUNDS) -> None:
        """Refuse a total that needs a bet above the maximum (Light only)."""
        maximum = self.max_contribution(rounds)
        if maximum is not None and paid > maximum:
            raise OverTableMaximum(player, paid, maximum)

    def check_bet(self, player: str, bet: int) -> None:
        """Refuse one bet above the maximum (Light only), when the bot is told a bet."""
        if self.max_bet is not None and bet > self.max_bet:
            raise OverTableMaximum(player, bet, self.max_bet)
