"""What a night's chart shows, worked out from the night alone: each player's stack hand by
hand from the buy-in, the marks (a re-buy, an all-in, a ZERO's jackpot, a late arrival, a
departure), the end labels and the axes' limits. Plain values in chips, no matplotlib, so
that it can be tested as data."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from bot.games.tago.amounts import CENTS, chips, signed_chips
from scoring.tago import Curioso, Deal, Hand, Join, Leave, Night, Rebuy

#: The chips axis spans at least this much, so that a quiet night is not drawn as cliffs.
MIN_SPAN: Final = 20.0
#: Room above and below the highest and lowest point, as a share of the span.
MARGIN: Final = 0.07


class Mark(enum.Enum):
    """A point marked on a player's line."""

    REBUY = enum.auto()  # chips bought: the line jumps up at the mark
    ALL_IN = enum.auto()  # everything in front of the player went into the hand
    JACKPOT = enum.auto()  # a ZERO: the hand and the whole jackpot
    JOINED = enum.auto()  # a late arrival's line starts here
    LEFT = enum.auto()  # who left the night: the line ends here, the stack cashed out


@dataclass
class Line:
    """One player's stack (in chips) at hand numbers: ``x`` 0 is the buy-in; a re-buy is a
    step up at one ``x``; a late arrival's line starts at the hand they sat down after, and
    who left ends at the hand they left after."""

    player: str
    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)

    def to(self, x: float, y: float) -> None:
        self.xs.append(x)
        self.ys.append(y)


@dataclass(frozen=True)
class Spot:
    kind: Mark
    player: str
    x: float
    y: float


@dataclass(frozen=True)
class End:
    """A line's label by its end: the stack now and the night's result (in the language
    in force: the plan is made where the chart is drawn)."""

    player: str
    y: float
    text: str


@dataclass(frozen=True)
class NightPlan:
    players: tuple[str, ...]
    hands: int
    lines: tuple[Line, ...]
    spots: tuple[Spot, ...]
    ends: tuple[End, ...]
    low: float
    high: float


def _chips(cents: int) -> float:
    return cents / CENTS


def plan_night(night: Night) -> NightPlan:
    """Every player's stack after each hand and each re-buy, with the marks and labels."""
    lines = {p: Line(p) for p in night.opening}
    for player, amount in night.opening.items():
        lines[player].to(0, _chips(amount))
    stacks = dict(night.opening)
    spots: list[Spot] = []
    deals = iter(night.deals)
    played = 0
    gone: set[str] = set()
    for event in night.events:
        if isinstance(event, Hand):
            deal = next(deals)
            played = deal.number
            spots += _play(deal, stacks, {p: line for p, line in lines.items() if p not in gone})
        elif isinstance(event, Leave):
            gone.add(event.player)
            spots.append(Spot(Mark.LEFT, event.player, played, _chips(stacks[event.player])))
        elif isinstance(event, Rebuy):
            stacks[event.player] += event.amount
            y = _chips(stacks[event.player])
            lines[event.player].to(played, y)
            spots.append(Spot(Mark.REBUY, event.player, played, y))
        elif isinstance(event, Join):
            stacks[event.player] = event.buy_in
            lines[event.player] = Line(event.player)
            lines[event.player].to(played, _chips(event.buy_in))
            spots.append(Spot(Mark.JOINED, event.player, played, _chips(event.buy_in)))
        elif isinstance(event, Curioso):  # paid at the end of the hand just played
            stacks[event.player] -= night.table.ante
            lines[event.player].ys[-1] = _chips(stacks[event.player])
    results = night.results()
    ends = tuple(
        End(p, _chips(stacks[p]), f"{p} {chips(stacks[p])} ({signed_chips(results[p])})")
        for p in night.players
    )
    ys = [y for line in lines.values() for y in line.ys]
    low, high = min(0.0, *ys), max(ys)
    if high - low < MIN_SPAN:
        high = low + MIN_SPAN
    pad = (high - low) * MARGIN
    return NightPlan(
        night.players,
        len(night.deals),
        tuple(lines[p] for p in night.players),
        tuple(spots),
        ends,
        low - pad,  # below 0 too: a stack at 0 is drawn clear of the axis, marks whole
        high + pad,
    )


def _play(deal: Deal, stacks: dict[str, int], lines: dict[str, Line]) -> list[Spot]:
    """Hand ``deal``: each seat's stack after it (a seat not in it stays level), a re-buy
    made during it drawn as a step before it, and its all-ins and jackpot marked."""
    spots: list[Spot] = []
    x = deal.number
    for entry in deal.hand.entries:
        before = stacks[entry.player] + entry.rebuy
        if entry.rebuy:
            lines[entry.player].to(x - 1, _chips(before))
            spots.append(Spot(Mark.REBUY, entry.player, x - 1, _chips(before)))
        stacks[entry.player] = before - entry.paid + deal.result.winnings.get(entry.player, 0)
        if entry.player == deal.result.jackpot_winner:
            stacks[entry.player] += deal.jackpot_won
            spots.append(Spot(Mark.JACKPOT, entry.player, x, _chips(stacks[entry.player])))
        elif entry.paid == before and not entry.folded:
            spots.append(Spot(Mark.ALL_IN, entry.player, x, _chips(stacks[entry.player])))
    for player, line in lines.items():
        line.to(x, _chips(stacks[player]))
    return spots
