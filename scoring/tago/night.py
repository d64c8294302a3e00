"""A night of Tagò: the table, the seats and their buy-ins, and what happened since, as
events (hands, re-buys, arrivals, departures, curiosi) from which the ledger is worked out:
stacks after each hand, the jackpot, the results and the settle-up (RULES-tago.md, "Chips",
"Settle-up").

A Night offers what every game's match offers: ``players``, ``deals``, ``is_over()``,
``standings()`` and ``totals()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scoring.tago.chip_errors import NightClosed, NoSuchDeal
from scoring.tago.errors import PlayerCount
from scoring.tago.hand import Hand
from scoring.tago.judge import MAX_PLAYERS, MIN_PLAYERS
from scoring.tago.ledger import (
    Completed,
    Curioso,
    Deal,
    Event,
    Join,
    Leave,
    Ledger,
    Rebuy,
    apply,
    complete,
)
from scoring.tago.seats import check_buy_in, next_dealer
from scoring.tago.settle import Payment, settle_up
from scoring.tago.table import Table


@dataclass(frozen=True)
class Standing:
    """A player's place tonight by result (chips − bought in); equal results share a rank."""

    rank: int
    player: str
    stack: int
    result: int


@dataclass(frozen=True)
class Night:
    """Build with ``Night.open`` and the ``with_…`` methods, or ``Night.replay`` from the
    stored events; ``ledger`` is worked out from them (kept, so that a hand costs one)."""

    table: Table
    opening: Mapping[str, int]
    ledger: Ledger
    jackpot_in: int = 0
    first_dealer: int = 0
    events: tuple[Event, ...] = ()
    closed: bool = False

    @classmethod
    def open(
        cls,
        table: Table,
        buy_ins: Mapping[str, int | None],
        *,
        jackpot: int = 0,
        first_dealer: int = 0,
    ) -> Night:
        """The seats in order with their buy-ins (``None``: the table's stack), the jackpot
        carried in from earlier nights, and the seat of the first dealer."""
        if not MIN_PLAYERS <= len(buy_ins) <= MAX_PLAYERS:
            raise PlayerCount(len(buy_ins))
        opening = {p: table.stack if amount is None else amount for p, amount in buy_ins.items()}
        for player, amount in opening.items():
            check_buy_in(table, player, amount)
        ledger = Ledger(tuple(opening), opening, opening, jackpot)
        return cls(table, opening, ledger, jackpot, first_dealer % len(opening))

    @classmethod
    def replay(
        cls,
        table: Table,
        opening: Mapping[str, int],
        events: Sequence[Event],
        *,
        jackpot: int = 0,
        first_dealer: int = 0,
        closed: bool = False,
    ) -> Night:
        """The night rebuilt from what was stored, every event checked again in order."""
        night = cls.open(table, dict(opening), jackpot=jackpot, first_dealer=first_dealer)
        for event in events:
            night = night._with(event)
        return replace(night, closed=closed)

    # --- the seam every game offers ---

    @property
    def players(self) -> tuple[str, ...]:
        return self.ledger.players

    @property
    def deals(self) -> tuple[Deal, ...]:
        return self.ledger.deals

    def is_over(self) -> bool:
        return self.closed

    def totals(self) -> dict[str, int]:
        """Each player's chips now (cents)."""
        return dict(self.ledger.stacks)

    def standings(self) -> tuple[Standing, ...]:
        """Best result first; equal results share a rank, in seat order."""
        results = self.results()
        standings: list[Standing] = []
        for position, player in enumerate(sorted(self.players, key=lambda p: -results[p]), 1):
            tied = standings and standings[-1].result == results[player]
            rank = standings[-1].rank if tied else position
            standings.append(Standing(rank, player, self.ledger.stacks[player], results[player]))
        return tuple(standings)

    @property
    def next_dealer(self) -> str:
        """Who deals the next hand: the seat after the last hand's dealer, clockwise, among
        those still at the table (the first hand: the first dealer's seat)."""
        seated = [p for p in self.players if p not in self.ledger.left]
        previous = self.deals[-1].dealer if self.deals else None
        return next_dealer(self.players, seated, previous, self.first_dealer)

    # --- the money ---

    @property
    def jackpot(self) -> int:
        return self.ledger.jackpot

    @property
    def jackpot_grown(self) -> int:
        """What the jackpot grew by tonight (negative when a ZERO took more)."""
        return self.ledger.jackpot - self.jackpot_in

    def results(self) -> dict[str, int]:
        """Each player's chips now minus what they bought in (first stack and re-buys)."""
        ledger = self.ledger
        return {p: ledger.stacks[p] - ledger.bought_in[p] for p in ledger.players}

    def settle_up(self) -> tuple[Payment, ...]:
        """The fewest payments by the table's rule, the jackpot's cashier included."""
        return settle_up(self.results(), self.jackpot_grown)

    # --- what happens ---

    def with_hand(self, hand: Hand) -> Night:
        return self._with(hand)

    def completed(self, hand: Hand, number: int | None = None) -> Completed:
        """``hand`` with every seated player in it (``ledger.complete``): those it leaves
        out folded with the ante, or sit out without it; the seats and chips are the
        night's now, or, for hand ``number`` reported again, as they were before it."""
        ledger = self.ledger if number is None else self._before_hand(number)
        return complete(ledger, self.table, hand)

    def with_rebuy(self, player: str, amount: int) -> Night:
        return self._with(Rebuy(player, amount))

    def with_player(self, player: str, buy_in: int | None = None) -> Night:
        return self._with(Join(player, self.table.stack if buy_in is None else buy_in))

    def with_leaving(self, player: str) -> Night:
        """``player`` leaves: chips cashed out as they stand, the result kept for the end."""
        return self._with(Leave(player))

    def with_curioso(self, player: str) -> Night:
        return self._with(Curioso(player))

    def settled(self) -> Night:
        """The night closed: no more hands; its results and payments are final."""
        return replace(self, closed=True)

    def without_last_hand(self) -> Night:
        """The night before its last hand and that hand's curiosi; re-buys and arrivals
        after it stay (they were real money)."""
        if not self.deals:
            raise NoSuchDeal(1, 0)
        return self._replayed_with(len(self.deals), None)

    def with_hand_replaced(self, number: int, hand: Hand) -> Night:
        """Hand ``number`` (1-based) reported again; every event after it is checked again
        against the chips it leaves."""
        if not 1 <= number <= len(self.deals):
            raise NoSuchDeal(number, len(self.deals))
        return self._replayed_with(number, hand)

    def _before_hand(self, number: int) -> Ledger:
        """The ledger as hand ``number`` (1-based) found it."""
        if not 1 <= number <= len(self.deals):
            raise NoSuchDeal(number, len(self.deals))
        night = Night.open(
            self.table, dict(self.opening), jackpot=self.jackpot_in, first_dealer=self.first_dealer
        )
        hands = 0
        for event in self.events:
            hands += isinstance(event, Hand)
            if hands == number:
                break
            night = night._with(event)
        return night.ledger

    def _with(self, event: Event) -> Night:
        if self.closed:
            raise NightClosed()
        ledger = apply(self.ledger, self.table, self.first_dealer, event)
        return replace(self, ledger=ledger, events=(*self.events, event))

    def _replayed_with(self, number: int, hand: Hand | None) -> Night:
        """The events with hand ``number`` replaced by ``hand`` or, for ``None``, dropped
        with its curiosi; replayed from the opening."""
        events: list[Event] = []
        seen = 0
        for event in self.events:
            seen += isinstance(event, Hand)
            if seen != number or not isinstance(event, Hand | Curioso):
                events.append(event)
            elif isinstance(event, Hand) and hand is not None:
                events.append(hand)
            elif isinstance(event, Curioso) and hand is not None:
                events.append(event)  # kept: checked against the hand as reported again
        return Night.replay(
            self.table,
            self.opening,
            events,
            jackpot=self.jackpot_in,
            first_dealer=self.first_dealer,
            closed=self.closed,
        )
