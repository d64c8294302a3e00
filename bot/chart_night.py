"""The night chart (/serata): wins, hand points (classic and ControTamalo apart) and Tamalo
calls, one panel each, as PNG bytes.

Pure and thread-safe, as every chart (see ``bot.chart_drawing``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

import scoring
from bot.chart_drawing import (
    GAME_SIZE,
    GRID,
    INK,
    LABEL_PT,
    MUTED,
    NIGHT_WIDTH,
    PAD_PX,
    TEXT_PT,
    TICK_PT,
    draw_title,
    font_at,
    new_figure,
    plain,
    player_colours,
    png,
    widest,
)
from bot.chart_plan import PointsPanel, points_panels
from bot.i18n import N_, _

NO_NIGHT: Final = N_("Nessuna partita stasera")


def night_chart(figures: scoring.NightFigures, *, title: str, colours: Mapping[str, int]) -> bytes:
    """The end-of-night summary as PNG bytes: wins, hand points (classic and ControTamalo
    apart) and Tamalo calls."""
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
    bar_colours = [palette[p] for p in players]
    rows = list(range(len(players)))
    names = [plain(p) for p in players]
    panels = points_panels(figures)

    count = 2 + len(panels)
    panel_in = 0.7 + 0.34 * len(players)
    gap_in = 0.75
    height_in = 0.8 + count * panel_in + (count - 1) * gap_in + 0.45
    figure = new_figure((NIGHT_WIDTH, height_in))
    draw_title(figure, title)
    left = (widest(names, font_at(TICK_PT)) + 2 * PAD_PX) / figure.bbox.width
    figure.subplots_adjust(
        left=left,
        right=0.93,
        top=1 - 0.8 / height_in,
        bottom=0.45 / height_in,
        hspace=gap_in / panel_in,
    )
    wins_ax, *points_axes, calls_ax = figure.subplots(count, 1)
    headings = [_("Vittorie"), *(panel.heading for panel in panels), _("Tamalo chiamati")]
    for ax, heading in zip([wins_ax, *points_axes, calls_ax], headings, strict=True):
        ax.set_title(heading, fontsize=LABEL_PT, fontweight="bold", loc="left", pad=8)
        ax.set_yticks(rows, names, fontsize=TICK_PT)
        ax.set_ylim(len(players) - 0.5, -0.5)  # first player on top
        ax.tick_params(axis="x", labelsize=TICK_PT)
        ax.tick_params(axis="y", length=0)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=8, integer=True))
        ax.grid(True, axis="x", color=GRID, linewidth=0.8)
        ax.set_axisbelow(True)
        ax.spines[["top", "right"]].set_visible(False)

    # Wins.
    wins = [figures.wins.get(p, 0) for p in players]
    bars = wins_ax.barh(rows, wins, height=0.65, color=bar_colours)
    wins_ax.bar_label(bars, padding=5, fontsize=TEXT_PT, fontweight="bold")
    wins_ax.set_xlim(0, max(*wins, 1) * 1.12)

    for ax, panel in zip(points_axes, panels, strict=True):
        _draw_points(ax, panel, players, palette)
    _draw_calls(calls_ax, figures, players, palette)
    return png(figure, level=6)  # once a night: smaller rather than faster


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
            ax.text(0, row, _("nessuna mano"), va="center", fontsize=TEXT_PT, color=MUTED)
            continue
        q1, median, q3 = (_quantile(points, q) for q in (0.25, 0.5, 0.75))
        ax.barh(row, q3 - q1, left=q1, height=0.7, color=palette[player], alpha=0.25, linewidth=0)
        ax.plot([median] * 2, [row - 0.38, row + 0.38], color=INK, linewidth=3)
        dots += [(p, row + _jitter(i), palette[player]) for i, p in enumerate(points)]
    xs, ys, dot_colours = zip(*dots, strict=True)
    ax.scatter(xs, ys, s=30, c=dot_colours, edgecolors="white", linewidths=0.6, zorder=3)
    _panel_key(
        ax,
        [
            Patch(facecolor="#888888", alpha=0.25, label=_("metà centrale")),
            Line2D([], [], color=INK, linewidth=3, label=_("mediana")),
        ],
    )


def _draw_calls(
    ax: Axes, figures: scoring.NightFigures, players: Sequence[str], palette: Mapping[str, str]
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
    for row, total, good in zip(rows, made, won, strict=True):
        ax.annotate(
            _("{good} su {total}").format(good=good, total=total) if total else "0",
            xy=(total, row),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
            fontsize=TEXT_PT,
            fontweight="bold",
        )
    ax.set_xlim(0, max(*made, 1) * 1.2)
    _panel_key(
        ax,
        [
            Patch(facecolor="#777777", edgecolor="#777777", label=_("riusciti")),
            Patch(facecolor="white", edgecolor="#555555", hatch="////", label=_("sbagliati")),
        ],
    )


def _panel_key(ax: Axes, handles: Sequence[Patch | Line2D]) -> None:
    """A one-line legend above a panel's top right corner."""
    ax.legend(
        handles=handles,
        loc="lower right",
        bbox_to_anchor=(1, 1),
        ncol=len(handles),
        fontsize=TEXT_PT,
        frameon=False,
        borderaxespad=0.1,
        handlelength=1.6,
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
