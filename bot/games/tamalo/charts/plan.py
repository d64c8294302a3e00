"""What a game's chart shows, worked out from the game alone: lines, marks, labels and the
axes' limits. Plain values, no matplotlib, so that what is drawn can be tested as data.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from bot.i18n import _, ngettext
from scoring import tamalo

#: The points axis spans at least this much, so that a hand or two is not drawn as a cliff.
MIN_SPAN: Final = 10
#: Room above and below the highest and lowest point, as a share of the span.
MARGIN: Final = 0.07


class Mark(enum.Enum):
    """A point marked on a player's line."""

    TAMALO_WON = enum.auto()
    TAMALO_LOST = enum.auto()
    CONTRO_WON = enum.auto()
    CONTRO_LOST = enum.auto()
    JOINED = enum.auto()


@dataclass(frozen=True)
class Line:
    """One player's running totals at hand numbers, from where they sat down to where they
    last played."""

    player: str
    xs: tuple[int, ...]
    ys: tuple[int, ...]
    wins: bool = False


@dataclass(frozen=True)
class Spot:
    """A mark on ``player``'s line at hand ``x``, total ``y``."""

    kind: Mark
    player: str
    x: int
    y: int


class Place(enum.Enum):
    """Where a label goes: the right margin, or inside the axes beside the point where a
    line stops early (a player who left) or starts late (a late joiner)."""

    MARGIN = enum.auto()
    STOP = enum.auto()
    START = enum.auto()


@dataclass(frozen=True)
class Label:
    """A player's name and a total, for the point (``x``, ``y``) of their line."""

    player: str
    text: str
    x: int
    y: int
    place: Place = Place.MARGIN


@dataclass(frozen=True)
class GamePlan:
    """Everything a game chart draws, in data units."""

    #: Who the key names: whoever played a hand (everyone seated, before the first hand).
    players: tuple[str, ...]
    lines: tuple[Line, ...]
    spots: tuple[Spot, ...]
    labels: tuple[Label, ...]
    #: The hands axis runs from 0 to ``hands`` (16 in 4 Quadri).
    hands: int
    low: float
    high: float
    #: The target as a dashed line, when the lines come near it; else it is named above the axes.
    target_line: int | None
    target_above: int | None
    quadri: bool
    #: In 4 Quadri, the winner(s) of each quadro closed so far.
    quadro_winners: tuple[tuple[str, ...], ...]
    winners: frozenset[str]


def plan_game(game: tamalo.Game, *, finished: bool) -> GamePlan:
    """The chart of ``game``; once ``finished``, the winners' lines are highlighted."""
    winners = frozenset(game.winners()) if finished else frozenset()
    lines, spots = _lines_and_calls(game, winners)
    quadri = game.rules.quadri
    hands = tamalo.QUADRI * tamalo.HANDS_PER_QUADRO if quadri else max(len(game.hands), 1)
    spots += tuple(Spot(Mark.JOINED, ln.player, ln.xs[0], ln.ys[0]) for ln in lines if ln.xs[0])
    values = [y for line in lines for y in line.ys]
    target_line = target_above = None
    if not quadri:  # 4 Quadri ends after 16 hands, not at the target
        if not values or _near(game.rules.target, values):
            target_line = game.rules.target
            values.append(target_line)
        else:
            target_above = game.rules.target
    low, high = _limits(values)
    return GamePlan(
        players=tuple(line.player for line in lines) if game.hands else game.players,
        lines=lines,
        spots=spots,
        labels=_labels(game, lines),
        hands=hands,
        low=low,
        high=high,
        target_line=target_line,
        target_above=target_above,
        quadri=quadri,
        quadro_winners=tuple(
            game.quadro_winners(quadro) for quadro in range(1, game.closed_quadri() + 1)
        ),
        winners=winners,
    )


def _lines_and_calls(
    game: tamalo.Game, winners: frozenset[str]
) -> tuple[tuple[Line, ...], tuple[Spot, ...]]:
    """Each player's running totals (a late joiner from their entry total; one who has not
    played yet, a single point there), and a spot for every Tamalo and ControTamalo call,
    won or lost, on the caller's line."""
    xs: dict[str, list[int]] = {p: [] for p in game.players}
    ys: dict[str, list[int]] = {p: [] for p in game.players}
    spots: list[Spot] = []
    for number, (scored, totals) in enumerate(
        zip(game.hands, game.running_totals(), strict=True), start=1
    ):
        for player, points in scored.points.items():
            if not xs[player]:
                xs[player].append(number - 1)
                ys[player].append(totals[player] - points)
            xs[player].append(number)
            ys[player].append(totals[player])
        hand = scored.hand
        if hand.caller is not None:
            kind = Mark.TAMALO_WON if scored.call_won else Mark.TAMALO_LOST
            spots.append(Spot(kind, hand.caller, number, totals[hand.caller]))
        if hand.counter_caller is not None and scored.counter_won is not None:
            kind = Mark.CONTRO_WON if scored.counter_won else Mark.CONTRO_LOST
            spots.append(Spot(kind, hand.counter_caller, number, totals[hand.counter_caller]))
    if game.hands:  # who sat down and has not played yet stands at their entry total
        played, totals = len(game.hands), game.totals()
        for player in game.ranked:
            if not xs[player]:
                xs[player].append(played)
                ys[player].append(totals[player])
    lines = tuple(
        Line(p, tuple(xs[p]), tuple(ys[p]), wins=p in winners) for p in game.players if xs[p]
    )
    return lines, tuple(spots)


def _near(target: int, values: list[int]) -> bool:
    """Whether an axis reaching ``target`` still gives the lines at least half its height (or
    is no taller than the least span): a game closed far from the target is drawn to its own
    scale instead."""
    low, high = min(0, *values), max(0, *values)
    return target - low <= max(2 * (high - low), MIN_SPAN)


def _limits(values: list[int]) -> tuple[float, float]:
    """The points axis: every value and 0, at least ``MIN_SPAN`` wide, with a margin."""
    low, high = min(0, *values), max(0, *values)
    high = max(high, low + MIN_SPAN)
    margin = (high - low) * MARGIN
    return low - margin, high + margin


def _labels(game: tamalo.Game, lines: tuple[Line, ...]) -> tuple[Label, ...]:
    """Each line's name and last total: in the margin, or where it stops for a player who
    left before the last hand; and a late joiner's entry total where they sat down (in the
    margin for one who has not played yet: their line is that one point)."""
    played = len(game.hands)
    won = game.quadri_won() if game.rules.quadri else {}
    labels: list[Label] = []
    for line in lines:
        text = f"{line.player} {_signed(line.ys[-1])}"
        if line.player in game.left_after:
            text += _(" (esce)")
        elif len(line.xs) == 1:
            text += _(" (entra)")
        if line.player in won:
            count = won[line.player]
            text += " · " + ngettext("{count} quadro", "{count} quadri", count).format(count=count)
        place = Place.STOP if line.xs[-1] < played else Place.MARGIN
        labels.append(Label(line.player, text, line.xs[-1], line.ys[-1], place))
        if line.xs[0] and len(line.xs) > 1:
            total = _signed(line.ys[0])
            start = _("{player} entra con {total}").format(player=line.player, total=total)
            labels.append(Label(line.player, start, line.xs[0], line.ys[0], Place.START))
    return tuple(labels)


def _signed(total: int) -> str:
    """A total as the axis writes it, with a true minus sign."""
    return str(total).replace("-", "\N{MINUS SIGN}")


@dataclass(frozen=True)
class PointsPanel:
    """The night's hand points of one scoring mode, per player, sorted, on an axis from
    ``low`` to ``high``."""

    heading: str
    points: dict[str, tuple[int, ...]]
    low: float
    high: float


def points_panels(figures: tamalo.NightFigures) -> tuple[PointsPanel, ...]:
    """One panel per scoring mode played tonight: classic and ControTamalo points are not on
    one scale, and ControTamalo's go below zero."""
    panels: list[PointsPanel] = []
    for heading, points in (
        (_("Punti per mano · classica"), figures.hand_points),
        (_("Punti per mano · ControTamalo"), figures.contro_points),
    ):
        if any(points.values()):
            values = [v for hands in points.values() for v in hands]
            low, high = min(0, *values), max(0, *values)
            margin = (high - low) * 0.04 + 1
            ordered = {p: tuple(sorted(hands)) for p, hands in points.items()}
            panels.append(PointsPanel(heading, ordered, low - margin, high + margin))
    return tuple(panels)
