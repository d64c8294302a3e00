"""/previsione's chart: each player's chance to win across the hands played so far, like an
election night's; plain values in, PNG bytes out.

Pure and thread-safe, as ``bot.charts``: matplotlib's object-oriented API only. The words
(title, axes) come from the caller, already in the chat's language.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Final

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patheffects import withStroke
from matplotlib.ticker import MaxNLocator, PercentFormatter

from bot.chart_drawing import DPI, GAME_SIZE, INK, font_at, player_colours, widest
from bot.forecast_text import shown

#: End labels closer than this (in percentage points) are moved apart.
_LABEL_GAP: Final = 5.5
#: How far right of the plot the end labels stand, as a fraction of the plot's width.
_LABEL_OFFSET: Final = 0.04
_GRID: Final = "#dddddd"
_MUTED: Final = "#555555"


def spread_labels(values: Sequence[float], gap: float = _LABEL_GAP) -> list[float]:
    """Label heights near ``values`` (0–100), each at least ``gap`` from the next, in range."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    placed = [0.0] * len(values)
    floor = -1e9
    for i in order:
        placed[i] = max(values[i], floor + gap)
        floor = placed[i]
    overflow = max(0.0, max(placed, default=0.0) - 100.0)
    for i in reversed(order):  # pushed past the top: slide the stack down, keeping gaps
        placed[i] -= overflow
        overflow = max(0.0, overflow - max(0.0, placed[i] - values[i]))
    return placed


def forecast_chart(
    story: Sequence[Mapping[str, float]],
    colours: Mapping[str, int],
    *,
    title: str,
    hands_label: str,
    chance_label: str,
) -> bytes:
    """``story[n]``: each player's chance (0–1) after ``n`` hands (``story[0]``: before the
    first). A player leaves the story when they leave the game and enters when they join."""
    players = list(dict.fromkeys(p for chances in story for p in chances))
    palette = player_colours(players, colours)
    figure = Figure(figsize=GAME_SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    ends: list[tuple[str, float, float]] = []
    for player in players:
        hands = [n for n, chances in enumerate(story) if player in chances]
        values = [100 * story[n][player] for n in hands]
        axes.plot(hands, values, color=palette[player], linewidth=2.2, marker="o", markersize=3.5)
        ends.append((player, hands[-1], values[-1]))
    last = len(story) - 1
    heights = spread_labels([value for _, _, value in ends])
    labels = [
        f"{player.replace('$', chr(92) + '$')} {shown(value / 100, round(value))}"
        for player, _, value in ends
    ]
    for label, (player, hand, value), height in zip(labels, ends, heights, strict=True):
        axes.annotate(
            label,
            xy=(hand, value),
            # Just right of the plot, however many hands it shows: the labels' column.
            xytext=(1.0 + _LABEL_OFFSET, height),
            textcoords=("axes fraction", "data"),
            va="center",
            fontsize=11,
            fontweight="bold",
            color=palette[player],
            path_effects=[withStroke(linewidth=3, foreground="white")],
            arrowprops={"arrowstyle": "-", "color": palette[player], "lw": 0.8, "alpha": 0.6},
            annotation_clip=False,
        )
    axes.axhline(50, color=_MUTED, linewidth=0.8, linestyle="--", zorder=0)
    axes.set_ylim(-2, 102)
    axes.set_xlim(0, max(last, 1))
    axes.yaxis.set_major_formatter(PercentFormatter(100))
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(color=_GRID, linewidth=0.8)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.set_title(title, fontsize=15, color=INK, loc="left")
    axes.set_xlabel(hands_label, fontsize=13, color=INK)
    axes.set_ylabel(chance_label, fontsize=13, color=INK)
    axes.tick_params(labelsize=12, colors=INK)
    # The right margin fits the widest label (its gap included), and never squeezes the plot
    # below half the figure.
    label_width = widest(labels, font_at(11, bold=True)) / (GAME_SIZE[0] * DPI)
    right = max(0.5, 0.98 - label_width - _LABEL_OFFSET)
    figure.subplots_adjust(left=0.11, right=right, top=0.91, bottom=0.1)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()
