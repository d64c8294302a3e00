"""Pots and side pots ("i resti") by levels of contribution, and a pot's split
(RULES-tago.md, "Pots and side pots")."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """A layer of the money: its amount (cents), who contests it (players still in who
    reached its level, in the hand's order) and the level that closes it. ``uncalled``: its
    one contestant's own chips alone, a bet nobody called, handed back to who made it."""

    amount: int
    contestants: tuple[str, ...]
    level: int
    uncalled: bool = False


def layer_pots(contributions: Mapping[str, int], live: Collection[str]) -> tuple[Pot, ...]:
    """The main pot, then the side pots: one per distinct contribution of the players still
    in (``live``), lowest first. Each takes from every player, folded ones too, what they put
    in between the previous level and its own, and is contested by the players still in who
    reached it. Reading: money a folded player put in above every level (a raise nobody
    still in called) goes to the last pot: a fold gives it up to the table."""
    levels = sorted({contributions[player] for player in live})
    pots: list[Pot] = []
    floor = 0
    for index, level in enumerate(levels):
        top = level if index < len(levels) - 1 else max(contributions.values())
        amount = sum(max(0, min(paid, top) - floor) for paid in contributions.values())
        contestants = tuple(p for p in contributions if p in live and contributions[p] >= level)
        if amount:
            own = sum(max(0, min(contributions[p], top) - floor) for p in contestants)
            uncalled = len(contestants) == 1 and own == amount
            pots.append(Pot(amount, contestants, level, uncalled))
        floor = top
    return tuple(pots)


def split(amount: int, winners: Sequence[str], order: Sequence[str]) -> dict[str, int]:
    """``amount`` shared by ``winners``; the cents left over go one each to the winners
    first in ``order`` (seat order from the dealer's left: RULES-tago.md, "Reading — odd
    cents")."""
    share, odd = divmod(amount, len(winners))
    ranked = sorted(winners, key=order.index)
    return {winner: share + (1 if ranked.index(winner) < odd else 0) for winner in winners}
