"""/previsione's chart: each player's chance to win across the hands played so far, like an
election night's; plain values in, PNG bytes out.

Pure and thread-safe, as ``bot.charts``: matplotlib's object-oriented API only. The words
(title, axes) come from the caller, already in the chat's language.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patheffects import withStroke
from matplotlib.ticker import MaxNLocator, PercentFormatter

from bot.charts.drawing import DPI, GAME_SIZE, INK, font_at, player_colours, widest
from bot.texts.forecast_lines import percentages, shown

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


@dataclass(frozen=True)
class StoryLine:
    """One player's line: the points they were in (hands played, chance 0–1); ``at_end``
    when they are in the last point, whose chances add up to 100% and label the lines'
    ends; a player who left stops where they left, named there without a chance."""

    player: str
    hands: tuple[int, ...]
    chances: tuple[float, ...]
    at_end: bool


def story_lines(story: Sequence[Mapping[str, float]]) -> list[StoryLine]:
    """Each player's line, in the order they first appear."""
    players = list(dict.fromkeys(p for chances in story for p in chances))
    last = story[-1] if story else {}
    lines = []
    for player in players:
        hands = tuple(n for n, chances in enumerate(story) if player in chances)
        chances = tuple(story[n][player] for n in hands)
        lines.append(StoryLine(player, hands, chances, player in last))
    return lines


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
    lines = story_lines(story)
    palette = player_colours([line.player for line in lines], colours)
    figure = Figure(figsize=GAME_SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    for line in lines:
        values = [100 * chance for chance in line.chances]
        axes.plot(
            line.hands, values, color=palette[line.player], linewidth=2.2, marker="o",
            markersize=3.5,
        )  # fmt: skip
        if not line.at_end:  # who left: named where their line stops
            axes.annotate(
                _escaped(line.player), xy=(line.hands[-1], values[-1]), xytext=(6, 6),
                textcoords="offset points", fontsize=10, color=palette[line.player],
                path_effects=[withStroke(linewidth=3, foreground="white")],
            )  # fmt: skip
    last = len(story) - 1
    ends = [line for line in lines if line.at_end]
    heights = spread_labels([100 * line.chances[-1] for line in ends])
    labels = [
        f"{_escaped(line.player)} {shown(line.chances[-1], percent)}"
        for line, percent in zip(ends, _whole(ends), strict=True)
    ]
    for label, line, height in zip(labels, ends, heights, strict=True):
        axes.annotate(
            label,
            xy=(line.hands[-1], 100 * line.chances[-1]),
            # Just right of the plot, however many hands it shows: the labels' column.
            xytext=(1.0 + _LABEL_OFFSET, height),
            textcoords=("axes fraction", "data"),
            va="center",
            fontsize=11,
            fontweight="bold",
            color=palette[line.player],
            path_effects=[withStroke(linewidth=3, foreground="white")],
            arrowprops={"arrowstyle": "-", "color": palette[line.player], "lw": 0.8,
                        "alpha": 0.6},
            annotation_clip=False,
        )  # fmt: skip
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


def _escaped(player: str) -> str:
    """A name as matplotlib prints it: a dollar is not the start of a formula."""
    return player.replace("$", chr(92) + "$")


def _whole(ends: Sequence[StoryLine]) -> list[int]:
    """The end labels' whole percentages, as the line under the last hand shows them: adding
    up to their sum rounded (100% for the chances to win, about 200% to reach a final)."""
    last = {line.player: line.chances[-1] for line in ends}
    whole = percentages(last, round(100 * sum(last.values())))
    return [whole[player] for player in last]
