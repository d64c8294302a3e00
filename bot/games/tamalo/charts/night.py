"""The night chart (/serata): wins, hand points (classic and ControTamalo apart) and Tamalo
calls, one panel each in two columns (``bot.charts.grid``), as PNG bytes.

Pure and thread-safe, as every chart (see ``bot.charts.drawing``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from bot.charts.drawing import (
    DPI,
    GAME_SIZE,
    GRID,
    INK,
    LABEL_PT,
    MUTED,
    NIGHT_WIDTH,
    PAD_PX,
    TEXT_PT,
    TICK_PT,
    TITLE_PT,
    draw_title,
    font_at,
    new_figure,
    plain,
    player_colours,
    png,
    px,
    widest,
)
from bot.charts.grid import Room, night_grid
from bot.charts.layout import Box
from bot.games.tamalo.charts.plan import PointsPanel, points_panels
from bot.i18n import N_, _
from scoring import tamalo

NO_NIGHT: Final = N_("Nessuna partita stasera")


def night_chart(figures: tamalo.NightFigures, *, title: str, colours: Mapping[str, int]) -> bytes:
    """The end-of-night summary as PNG bytes: wins and Tamalo calls side by side, hand points
    (classic and ControTamalo apart) below, one key for them all at the bottom."""
    if figures.is_empty():
        figure = new_figure(GAME_SIZE)
        draw_title(figure, title)
        figure.text(
            0.5, 0.5, _(NO_NIGHT), ha="center", va="center", fontsize=LABEL_PT + 3, color=MUTED
        )
        return png(figure)

    # Most wins first, then the chat's order: the same order in every panel.
    chat_order = {p: (colours.get(p, len(colours)), p) for p in figures.players}
    players = sorted(figures.players, key=lambda p: (-figures.wins.get(p, 0), chat_order[p]))
    palette = player_colours(players, colours)
    rows = list(range(len(players)))
    names = [plain(p) for p in players]
    panels = points_panels(figures)

    width = NIGHT_WIDTH * DPI
    tick_pad = px(3.5)  # matplotlib's, between a tick label and its axis
    room = Room(
        title=2 * PAD_PX + 1.3 * px(TITLE_PT),
        key=2.4 * px(TEXT_PT),
        heading=1.4 * px(LABEL_PT) + 6,
        numbers=2 * tick_pad + 1.3 * px(TICK_PT),
        names=widest(names, font_at(TICK_PT)) + tick_pad + PAD_PX,
    )
    grid = night_grid(len(players), len(panels), room, width)
    figure = new_figure((NIGHT_WIDTH, grid.height / DPI))
    draw_title(figure, title)
    headings = [_("Vittorie"), _("Tamalo chiamati"), *(panel.heading for panel in panels)]
    axes = [
        _panel(figure, box, left, heading, names)
        for box, left, heading in zip(grid.panels, grid.lefts, headings, strict=True)
    ]
    wins_ax, calls_ax, *points_axes = axes

    wins = [figures.wins.get(p, 0) for p in players]
    bars = wins_ax.barh(rows, wins, height=0.65, color=[palette[p] for p in players])
    wins_ax.bar_label(bars, padding=5, fontsize=TEXT_PT, fontweight="bold")
    _leave_room(wins_ax, max(*wins, 1), [str(w) for w in wins], grid.panels[0])
    _draw_calls(calls_ax, figures, players, palette, grid.panels[1])
    for ax, panel in zip(points_axes, panels, strict=True):
        _draw_points(ax, panel, players, palette)
    _draw_key(figure, bool(panels), (room.margin + room.key / 2) / grid.height)
    return png(figure, level=6)  # once a night: smaller rather than faster


def _panel(figure: Figure, box: Box, left: float, heading: str, names: Sequence[str]) -> Axes:
    """A panel's axes in ``box`` (pixels), its ``heading`` above from ``left``, where its
    column starts (a heading may be wider than its axes), a row per player."""
    width, height = figure.bbox.width, figure.bbox.height
    ax = figure.add_axes(
        (
            box.left / width,
            box.bottom / height,
            (box.right - box.left) / width,
            (box.top - box.bottom) / height,
        )
    )
    figure.text(
        left / width,
        (box.top + 6) / height,
        heading,
        va="bottom",
        fontsize=LABEL_PT,
        fontweight="bold",
    )
    ax.set_yticks(range(len(names)), names, fontsize=TICK_PT)
    ax.set_ylim(len(names), -1)  # first player on top, half a row above and below
    ax.tick_params(axis="x", labelsize=TICK_PT)
    ax.tick_params(axis="y", length=0)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
    ax.grid(True, axis="x", color=GRID, linewidth=0.8)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def _leave_room(ax: Axes, longest: float, labels: Sequence[str], box: Box) -> None:
    """The axis from 0 to past ``longest``, with room for the widest of the ``labels``
    written after a bar (5 points after its end)."""
    room = widest(labels, font_at(TEXT_PT, bold=True)) + px(5) + 4
    ax.set_xlim(0, longest * (box.right - box.left) / max(box.right - box.left - room, 1))


def _draw_points(
    ax: Axes, panel: PointsPanel, players: Sequence[str], palette: Mapping[str, str]
) -> None:
    """Hand points: every hand a dot, the middle half of them a band, the median a bar."""
    dots: list[tuple[int, float, str]] = []
    ax.set_xlim(panel.low, panel.high)
    if any(p < 0 for hands in panel.points.values() for p in hands):
        ax.axvline(0, color=MUTED, linewidth=1.0, zorder=1)  # what took points away
    for row, player in enumerate(players):
        points = panel.points.get(player, ())
        if not points:
            ax.text(
                0.5,
                row,
                _("nessuna mano"),
                transform=ax.get_yaxis_transform(),
                ha="center",
                va="center",
                fontsize=TEXT_PT,
                color=MUTED,
            )
            continue
        q1, median, q3 = (_quantile(points, q) for q in (0.25, 0.5, 0.75))
        ax.barh(row, q3 - q1, left=q1, height=0.7, color=palette[player], alpha=0.25, linewidth=0)
        ax.plot([median] * 2, [row - 0.38, row + 0.38], color=INK, linewidth=3)
        dots += [(p, row + _jitter(i), palette[player]) for i, p in enumerate(points)]
    xs, ys, dot_colours = zip(*dots, strict=True)
    ax.scatter(xs, ys, s=30, c=dot_colours, edgecolors="white", linewidths=0.6, zorder=3)


def _draw_calls(
    ax: Axes,
    figures: tamalo.NightFigures,
    players: Sequence[str],
    palette: Mapping[str, str],
    box: Box,
) -> None:
    """Tamalo calls: the won part solid, the lost part hatched."""
    rows = list(range(len(players)))
    bar_colours = [palette[p] for p in players]
    made = [figures.calls.get(p, (0, 0))[0] for p in players]
    won = [min(figures.calls.get(p, (0, 0))[1], m) for p, m in zip(players, made, strict=True)]
    lost = [m - w for m, w in zip(made, won, strict=True)]
    ax.barh(rows, won, height=0.65, color=bar_colours, linewidth=0)
    ax.barh(
        rows,
        lost,
        left=won,
        height=0.65,
        color="white",
        edgecolor=[c if n else "none" for c, n in zip(bar_colours, lost, strict=True)],
        hatch="////",
        linewidth=1.5,
    )
    labels = [
        _("{good} su {total}").format(good=good, total=total) if total else "0"
        for total, good in zip(made, won, strict=True)
    ]
    for row, total, label in zip(rows, made, labels, strict=True):
        ax.annotate(
            label,
            xy=(total, row),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
            fontsize=TEXT_PT,
            fontweight="bold",
        )
    _leave_room(ax, max(*made, 1), labels, box)


def _draw_key(figure: Figure, points: bool, middle: float) -> None:
    """One key for every panel, centred along the bottom at ``middle`` (a fraction of the
    height): the hand points' bands and medians, if drawn, and the calls' two kinds of bar."""
    handles: list[Patch | Line2D] = []
    if points:
        handles += [
            Patch(facecolor="#888888", alpha=0.25, label=_("metà centrale")),
            Line2D([], [], color=INK, linewidth=3, label=_("mediana")),
        ]
    handles += [
        Patch(facecolor="#777777", edgecolor="#777777", label=_("Tamalo riusciti")),
        Patch(facecolor="white", edgecolor="#555555", hatch="////", label=_("Tamalo sbagliati")),
    ]
    figure.legend(
        handles=handles,
        loc="center",
        bbox_to_anchor=(0.5, middle),
        ncol=len(handles),
        fontsize=TEXT_PT,
        frameon=False,
        borderaxespad=0,
        handlelength=1.6,
        columnspacing=2.0,
    )


def _quantile(ordered: Sequence[int], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated linearly."""
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def _jitter(index: int) -> float:
    """A repeatable offset within ±0.3 that spreads a row's dots (golden-ratio sequence)."""
    return ((index * 0.618_034 + 0.5) % 1.0 - 0.5) * 0.6
