"""The settle-up at the end of a night (RULES-tago.md, "Settle-up"): who pays whom."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Cashier(enum.Enum):
    """The jackpot's cashier: one more party to the settle-up, never a player's name."""

    JACKPOT = "jackpot"


JACKPOT = Cashier.JACKPOT
#: Who takes part in a settle-up: a player, or the jackpot's cashier.
Party = str | Cashier


@dataclass(frozen=True)
class Payment:
    """``payer`` gives ``payee`` ``amount`` cents."""

    payer: Party
    payee: Party
    amount: int


def payments(balances: Mapping[Party, int]) -> tuple[Payment, ...]:
    """Payments that settle ``balances`` (cents; positive is owed, they add up to zero):
    the largest debtor pays the largest creditor, repeatedly; on equal amounts the party
    named first goes first. Each payment settles one party at least, and the last two at
    once, so there are at most one fewer payments than parties with a balance. (The greedy
    rule of RULES-tago.md; the fewest possible can be fewer when some debts cancel exactly
    in groups, a search the table does not need.)"""
    if sum(balances.values()) != 0:
        raise ValueError(f"balances add up to {sum(balances.values())}, not 0")
    left = {party: amount for party, amount in balances.items() if amount}
    order = {party: index for index, party in enumerate(left)}
    paid: list[Payment] = []
    while left:
        debtor = min(left, key=lambda p: (left[p], order[p]))
        creditor = min(left, key=lambda p: (-left[p], order[p]))
        amount = min(-left[debtor], left[creditor])
        paid.append(Payment(debtor, creditor, amount))
        for party, change in ((debtor, amount), (creditor, -amount)):
            left[party] += change
            if not left[party]:
                del left[party]
    return tuple(paid)


def settle_up(results: Mapping[str, int], jackpot_grown: int) -> tuple[Payment, ...]:
    """The night's payments: the players' ``results`` (final chips − bought in) add up to
    minus what the jackpot grew by tonight, which its cashier is owed (or pays, when a ZERO
    took more than the night put in)."""
    balances: dict[Party, int] = dict(results.items())
    balances[JACKPOT] = jackpot_grown
    return payments(balances)
