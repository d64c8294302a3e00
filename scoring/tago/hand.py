"""One hand of chips: who put in what, who folded, the cards shown, and how the pots go
(RULES-tago.md, "Chips: the night, the hands, the pots"). Amounts in cents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoring.tago.cards import Cards, check_counts
from scoring.tago.chip_errors import (
    AlreadyAtTable,
    BelowAnte,
    CardsNeeded,
    NobodyIn,
    NotPositive,
    NotSeated,
    OverChips,
    RebuyTooLarge,
)
from scoring.tago.errors import PUNTO, PlayerCount, WrongNumberOfCards
from scoring.tago.judge import MAX_PLAYERS, MIN_PLAYERS, Category, Showdown, judge
from scoring.tago.playoff import PlayedOff, Playoff, pot_winners, read_playoffs
from scoring.tago.pots import Pot, layer_pots, split
from scoring.tago.table import ROUNDS, Table


@dataclass(frozen=True)
class Entry:
    """A player's line of a hand: everything they put in (``paid``, the ante included), their
    cards or a fold, and a re-buy made during the hand (once: RULES-tago.md, "Re-buy")."""

    player: str
    paid: int
    cards: Cards | None = None
    folded: bool = False
    rebuy: int = 0


@dataclass(frozen=True)
class Hand:
    """A hand as reported: the entries in seat order, the PUNTO (needed at a showdown) with
    the first player's choice when it has a pair, any play-offs of ties, and the dealer when
    the table says so (else the night passes the deal clockwise)."""

    entries: tuple[Entry, ...]
    punto: Cards | None = None
    choice: int | None = None
    playoffs: tuple[Playoff, ...] = ()
    dealer: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(entry.player for entry in self.entries)

    @property
    def live(self) -> tuple[str, ...]:
        """The players still in at the end (not folded)."""
        return tuple(entry.player for entry in self.entries if not entry.folded)

    def entry(self, player: str) -> Entry:
        return next(entry for entry in self.entries if entry.player == player)


@dataclass(frozen=True)
class PotResult:
    """A pot, who won it (several: a split) and what each takes; ``odd_cents`` went one each
    to the first winners from the dealer's left."""

    pot: Pot
    winners: tuple[str, ...]
    shares: Mapping[str, int]

    @property
    def odd_cents(self) -> int:
        return self.pot.amount % len(self.winners)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: the showdown (none when one player was left), the play-offs, what
    the antes gave the jackpot, the pots, each player's winnings from them, and who showed a
    ZERO and so takes the jackpot."""

    showdown: Showdown | None
    playoffs: tuple[PlayedOff, ...]
    jackpot_in: int
    pots: tuple[PotResult, ...]
    winnings: Mapping[str, int] = field(default_factory=dict)
    jackpot_winner: str | None = None


def settle_hand(
    hand: Hand, table: Table, stacks: Mapping[str, int], order: Sequence[str]
) -> HandResult:
    """Check ``hand`` against the table and the chips in front of each player (``stacks``),
    then judge it and split its pots; ``order`` is its players from the dealer's left.

    The ante's jackpot share comes off each contribution before the pots are made
    (RULES-tago.md, "Chips": a contribution is "less the jackpot share").
    """
    _check_entries(hand, table, stacks)
    live = hand.live
    showdown = _showdown(hand, live)
    playoffs = read_playoffs(hand.playoffs, hand.punto, hand.choice, live)
    share = table.jackpot_share
    contributions = {entry.player: entry.paid - share for entry in hand.entries}
    used: set[int] = set()
    results: list[PotResult] = []
    for pot in layer_pots(contributions, live):
        winners = pot_winners(pot.contestants, showdown, playoffs, used)
        results.append(PotResult(pot, winners, split(pot.amount, winners, order)))
    for index, playoff in enumerate(hand.playoffs):
        playoff.check_used(index in used)
    winnings = dict.fromkeys(hand.players, 0)
    for result in results:
        for player, amount in result.shares.items():
            winnings[player] += amount
    zero = _zero(hand, showdown, [playoffs[i] for i in sorted(used)])
    return HandResult(showdown, playoffs, share * len(hand.entries), tuple(results), winnings, zero)


def _check_entries(hand: Hand, table: Table, stacks: Mapping[str, int]) -> None:
    if not MIN_PLAYERS <= len(hand.entries) <= MAX_PLAYERS:
        raise PlayerCount(len(hand.entries))
    seen: set[str] = set()
    for entry in hand.entries:
        player = entry.player
        if player in seen:
            raise AlreadyAtTable(player)
        seen.add(player)
        if player not in stacks:
            raise NotSeated(player, tuple(stacks))
        if entry.rebuy < 0:
            raise NotPositive(entry.rebuy)
        if entry.paid < table.ante:
            raise BelowAnte(player, entry.paid, table.ante)
        if entry.paid > stacks[player] + entry.rebuy:
            raise OverChips(player, entry.paid, stacks[player] + entry.rebuy)
        if entry.rebuy > max(0, entry.paid - stacks[player]):
            raise RebuyTooLarge(player, entry.rebuy, max(0, entry.paid - stacks[player]))
        rounds = ROUNDS + sum(player in playoff.players for playoff in hand.playoffs)
        table.check_contribution(player, entry.paid, rounds)
        if entry.cards is not None and len(entry.cards) != 3:
            raise WrongNumberOfCards(player, len(entry.cards))
    if hand.punto is not None and len(hand.punto) != 3:
        raise WrongNumberOfCards(PUNTO, len(hand.punto))
    check_counts(hand.punto or (), *(e.cards for e in hand.entries if e.cards is not None))


def _showdown(hand: Hand, live: tuple[str, ...]) -> Showdown | None:
    """The judge's answer over the players still in; one player left takes all unjudged."""
    if not live:
        raise NobodyIn()
    if len(live) == 1:
        return None
    if hand.punto is None:
        raise CardsNeeded(PUNTO)
    hands: dict[str, Cards] = {}
    for player in live:
        cards = hand.entry(player).cards
        if cards is None:
            raise CardsNeeded(player)
        hands[player] = cards
    return judge(hand.punto, hands, hand.choice)


def _zero(hand: Hand, showdown: Showdown | None, playoffs: Sequence[PlayedOff]) -> str | None:
    """Who shows a ZERO while still in: at the showdown, in a play-off that decided a pot,
    or (Reading) as the last player left, if they show it, though nobody contests it."""
    lines = [
        *(showdown.lines if showdown else ()),
        *(x for p in playoffs for x in p.lines.values()),
    ]
    for line in lines:
        if line.category is Category.ZERO:
            return line.player
    if showdown is None:
        cards = hand.entry(hand.live[0]).cards
        if cards is not None and tuple(cards) == (0, 0, 0):
            return hand.live[0]
    return None
