"""What a home game's chart (/grafico) shows, worked out from the match alone: each player's
running total deal by deal, where each closed, the winners once it is over, the target and
the axes' limits. Plain values, no matplotlib: worked out in the bot process and handed to a
chart worker (``bot.games.macchiavelli.render.draw_match``), and testable as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring.macchiavelli import Match

#: The points axis spans at least this much, so that a deal or two is not drawn as a cliff.
MIN_SPAN: Final = 20
#: Room above the highest point and below 0, as a share of the span.
MARGIN: Final = 0.07
#: A target farther above the highest total than this many times it is named above the
#: axes instead of drawn: drawn, it would flatten every line at the bottom.
TARGET_REACH: Final = 2.0


@dataclass(frozen=True)
class Line:
    """A player's running totals: ``ys[k]`` after deal ``k`` (``ys[0]``: 0, before the first)."""

    player: str
    ys: tuple[int, ...]
    wins: bool = False


@dataclass(frozen=True)
class MatchPlan:
    """Everything a home game's chart draws, in data units."""

    lines: tuple[Line, ...]  # in seat order
    #: The deals closed: (deal, who closed, their total after it).
    closes: tuple[tuple[int, str, int], ...]
    deals: int
    high: float
    target_line: int | None = None  # drawn across the axes
    target_above: int | None = None  # named above them (off the scale)

    @property
    def low(self) -> float:
        """The axis' bottom: below 0, so that a star at 0 (a first deal closed) shows whole."""
        return -self.high * MARGIN

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(line.player for line in self.lines if line.wins)


def plan_match(match: Match, *, finished: bool) -> MatchPlan:
    """``match``'s chart: its winners highlighted once ``finished`` (over by its rules, or
    closed with /fine)."""
    history = (dict.fromkeys(match.players, 0), *match.running_totals())
    winners = set(match.winners()) if finished else set()
    lines = tuple(
        Line(p, tuple(totals[p] for totals in history), p in winners) for p in match.players
    )
    closes = tuple(
        (number, deal.closer, history[number][deal.closer])
        for number, deal in enumerate(match.deals, start=1)
        if deal.closer is not None
    )
    top = max((max(line.ys) for line in lines), default=0)
    target = match.rules.target
    shown = target is not None and target <= TARGET_REACH * max(top, MIN_SPAN)
    if shown and target is not None:
        top = max(top, target)
    high = max(top, MIN_SPAN) * (1 + MARGIN)
    return MatchPlan(
        lines,
        closes,
        len(match.deals),
        high,
        target_line=target if shown else None,
        target_above=None if shown else target,
    )
