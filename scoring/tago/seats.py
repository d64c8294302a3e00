"""Who deals each hand and the order of play from the dealer's left (the first player chooses
a PUNTO with a pair; odd cents go in this order)."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.tago.chip_errors import NotSeated, StackTooSmall
from scoring.tago.table import Table


def next_dealer(
    seats: Sequence[str], playing: Sequence[str], previous: str | None, first_seat: int
) -> str:
    """The deal passes clockwise to the next seat playing the hand; the first hand is dealt
    from ``first_seat``, or the next seat playing it."""
    start = first_seat if previous is None else seats.index(previous) + 1
    for step in range(len(seats)):
        candidate = seats[(start + step) % len(seats)]
        if candidate in playing:
            return candidate
    raise ValueError("nobody plays the hand")


def from_the_left(seats: Sequence[str], playing: Sequence[str], dealer: str) -> tuple[str, ...]:
    """``playing`` in the order of play: from the dealer's left clockwise, the dealer last."""
    if dealer not in seats:
        raise NotSeated(dealer, seats)
    at = seats.index(dealer)
    return tuple(sorted(playing, key=lambda p: (seats.index(p) - at - 1) % len(seats)))


def check_buy_in(table: Table, player: str, amount: int) -> None:
    """Sitting down takes at least the table's stack."""
    if amount < table.stack:
        raise StackTooSmall(player, amount, table.stack)
