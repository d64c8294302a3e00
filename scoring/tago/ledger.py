"""The night's ledger: the seats, the chips in front of each, what each bought in, the
jackpot and the hands played, one event at a time (RULES-tago.md, "Chips")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from scoring.tago.chip_errors import (
    AlreadyAtTable,
    HasLeft,
    NotCurious,
    NotPositive,
    NotSeated,
    OverChips,
    TableFull,
    TooFewLeft,
)
from scoring.tago.hand import Entry, Hand, HandResult, settle_hand
from scoring.tago.judge import MAX_PLAYERS, MIN_PLAYERS
from scoring.tago.seats import check_buy_in, from_the_left, next_dealer
from scoring.tago.table import Table


@dataclass(frozen=True)
class Rebuy:
    """A re-buy between hands: allowed at any time (a re-buy during a hand is ``Entry.rebuy``)."""

    player: str
    amount: int


@dataclass(frozen=True)
class Join:
    """A player sitting down after the start, buying in at least the table's stack."""

    player: str
    buy_in: int


@dataclass(frozen=True)
class Leave:
    """A player leaving the night between hands: their chips are cashed out as they stand,
    and their result (chips − bought in) stays in the settle-up."""

    player: str


@dataclass(frozen=True)
class Curioso:
    """Who folded in the last hand pays one ante to the jackpot to see their hidden card."""

    player: str


Event = Hand | Rebuy | Join | Leave | Curioso


@dataclass(frozen=True)
class Deal:
    """A hand played: its report, dealer and first player, how it ended, the jackpot a ZERO
    took, and the stacks and jackpot after it (its curiosi paid)."""

    number: int
    hand: Hand
    dealer: str
    first_player: str
    result: HandResult
    jackpot_won: int
    stacks: Mapping[str, int]
    jackpot: int
    curious: tuple[str, ...] = ()
    #: Who had left the night before this hand (their stacks are what they cashed out).
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ledger:
    """Where the night stands: seats in order (who left included: their results count),
    chips, money bought in, jackpot, hands, and who left."""

    players: tuple[str, ...]
    stacks: Mapping[str, int]
    bought_in: Mapping[str, int]
    jackpot: int
    deals: tuple[Deal, ...] = ()
    left: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        """Who is at the table now, in seat order."""
        return tuple(p for p in self.players if p not in self.left)

    def check_seated(self, player: str) -> None:
        if player in self.left:
            raise HasLeft(player, self.stacks[player])
        if player not in self.players:
            raise NotSeated(player, self.seated)


@dataclass(frozen=True)
class Completed:
    """A hand as reported, with every seated player in it: ``unwritten``, those the report
    left out, folded before betting with the ante paid; ``sitting_out``, those left out with
    fewer chips than the ante, who are not in the hand."""

    hand: Hand
    unwritten: tuple[str, ...] = ()
    sitting_out: tuple[str, ...] = ()


def complete(ledger: Ledger, table: Table, hand: Hand) -> Completed:
    """RULES-tago.md, "Each hand, every player pays the ante". Reading: a seated player the
    report leaves out folded before betting, and paid the ante; one who cannot pay it (fewer
    chips than the ante) sits the hand out."""
    written = set(hand.players)
    entries = list(hand.entries)
    unwritten: list[str] = []
    sitting_out: list[str] = []
    for player in ledger.seated:
        if player in written:
            continue
        if ledger.stacks[player] < table.ante:
            sitting_out.append(player)
        else:
            entries.append(Entry(player, table.ante, folded=True))
            unwritten.append(player)
    seats = {player: seat for seat, player in enumerate(ledger.players)}
    entries.sort(key=lambda entry: seats.get(entry.player, len(seats)))
    completed = replace(hand, entries=tuple(entries))
    return Completed(completed, tuple(unwritten), tuple(sitting_out))


def apply(ledger: Ledger, table: Table, first_dealer: int, event: Event) -> Ledger:
    """The ledger after ``event``, checked against the rules and the chips."""
    if isinstance(event, Hand):
        return _play(ledger, table, first_dealer, event)
    if isinstance(event, Join):
        return _join(ledger, table, event)
    ledger.check_seated(event.player)
    if isinstance(event, Leave):
        if len(ledger.seated) <= MIN_PLAYERS:
            raise TooFewLeft(event.player, ledger.seated)
        return replace(ledger, left=(*ledger.left, event.player))
    if isinstance(event, Rebuy):
        if event.amount <= 0:
            raise NotPositive(event.amount)
        return replace(
            ledger,
            stacks=_add(ledger.stacks, event.player, event.amount),
            bought_in=_add(ledger.bought_in, event.player, event.amount),
        )
    return _curioso(ledger, table, event.player)


def _join(ledger: Ledger, table: Table, join: Join) -> Ledger:
    """A player sits down after the start, in the last seat, with at least the table's
    stack; a ninth waits for someone to leave, and who left does not come back."""
    if join.player in ledger.left:
        raise HasLeft(join.player, ledger.stacks[join.player])
    if join.player in ledger.players:
        raise AlreadyAtTable(join.player)
    if len(ledger.seated) >= MAX_PLAYERS:
        raise TableFull(join.player, ledger.seated)
    check_buy_in(table, join.player, join.buy_in)
    return replace(
        ledger,
        players=(*ledger.players, join.player),
        stacks={**ledger.stacks, join.player: join.buy_in},
        bought_in={**ledger.bought_in, join.player: join.buy_in},
    )


def _play(ledger: Ledger, table: Table, first_dealer: int, hand: Hand) -> Ledger:
    """A hand: each stack less what it put in, plus any in-hand re-buy and its winnings; the
    antes' share into the jackpot first, then the whole jackpot to a ZERO."""
    for player in hand.players:
        ledger.check_seated(player)
    if hand.dealer is not None:
        ledger.check_seated(hand.dealer)
    previous = ledger.deals[-1].dealer if ledger.deals else None
    dealer = hand.dealer or next_dealer(ledger.players, hand.players, previous, first_dealer)
    order = from_the_left(ledger.players, hand.players, dealer)
    result = settle_hand(hand, table, ledger.stacks, order)
    stacks = dict(ledger.stacks)
    bought = dict(ledger.bought_in)
    for entry in hand.entries:
        stacks[entry.player] += entry.rebuy - entry.paid + result.winnings[entry.player]
        bought[entry.player] += entry.rebuy
    jackpot = ledger.jackpot + result.jackpot_in
    won = 0
    if result.jackpot_winner is not None:
        won, jackpot = jackpot, 0
        stacks[result.jackpot_winner] += won
    number = len(ledger.deals) + 1
    deal = Deal(number, hand, dealer, order[0], result, won, stacks, jackpot, left=ledger.left)
    return replace(
        ledger, stacks=stacks, bought_in=bought, jackpot=jackpot, deals=(*ledger.deals, deal)
    )


def _curioso(ledger: Ledger, table: Table, player: str) -> Ledger:
    """One ante from who folded in the last hand to the jackpot, once."""
    last = ledger.deals[-1] if ledger.deals else None
    if last is None or player not in last.hand.players or player in last.curious:
        raise NotCurious(player)
    if not last.hand.entry(player).folded:
        raise NotCurious(player)
    ante = table.ante
    if ledger.stacks[player] < ante:
        raise OverChips(player, ante, ledger.stacks[player])
    deal = replace(
        last,
        curious=(*last.curious, player),
        stacks=_add(last.stacks, player, -ante),
        jackpot=last.jackpot + ante,
    )
    return replace(
        ledger,
        stacks=_add(ledger.stacks, player, -ante),
        jackpot=ledger.jackpot + ante,
        deals=(*ledger.deals[:-1], deal),
    )


def _add(amounts: Mapping[str, int], player: str, amount: int) -> dict[str, int]:
    return {**amounts, player: amounts[player] + amount}
