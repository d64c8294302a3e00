"""The chart of a points game (``/grafico``): each side's total round by round, from 0, the
target as a dashed line. Pure and thread-safe, as every chart (``bot.charts.drawing``)."""

from __future__ import annotations

from collections.abc import Mapping

from matplotlib.ticker import MaxNLocator

from bot.charts.drawing import (
    GAME_SIZE,
    GRID,
    LABEL_PT,
    LINE_PT,
    MUTED,
    PAD_PX,
    TICK_PT,
    TITLE_PT,
    Key,
    draw_key,
    draw_title,
    new_figure,
    plain,
    player_colours,
    png,
    px,
)
from bot.i18n import _
from scoring.punti import Match


def running_totals(match: Match) -> dict[str, list[tuple[int, int]]]:
    """Each side's (round, total) points: from 0 before its first round, one per round it
    played."""
    lines: dict[str, list[tuple[int, int]]] = {}
    for side in match.sides:
        total = 0
        points = [(side.joined_after, 0)]
        for number, played in enumerate(match.rounds, start=1):
            if side.name in played:
                total += played[side.name]
                points.append((number, total))
        lines[side.name] = points
    return lines


def rounds_chart(match: Match, *, title: str, colours: Mapping[str, int]) -> bytes:
    """A line chart of every side's total round by round, as PNG bytes."""
    lines = running_totals(match)
    sides = list(lines)
    by_first = {side.name: colours[side.members[0]] for side in match.sides
                if side.members[0] in colours}  # fmt: skip
    palette = player_colours(sides, by_first)
    figure = new_figure(GAME_SIZE)
    draw_title(figure, title)
    keys = [Key(plain(side), colour=palette[side]) for side in sides]
    target = match.rules.target
    if target is not None:
        keys.append(Key(_("soglia {target}").format(target=target), colour=MUTED, width=1.2))
    key_bottom = draw_key(figure, keys, top=2 * PAD_PX + 1.2 * px(TITLE_PT))
    height_px = figure.bbox.height
    top = 1 - (key_bottom + 1.5 * PAD_PX) / height_px
    ax = figure.add_axes((0.1, 0.1, 0.85, top - 0.1))
    last = max(len(match.rounds), 1)
    ax.set_xlim(-0.03 * last, 1.03 * last)  # the dots at either end, whole
    ax.xaxis.set_major_locator(MaxNLocator(nbins=10, integer=True))
    ax.tick_params(labelsize=TICK_PT)
    ax.grid(True, color=GRID, linewidth=0.8)
    ax.set_xlabel(_("Smazzata"), fontsize=LABEL_PT)
    ax.set_ylabel(_("Punti"), fontsize=LABEL_PT)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    if target is not None:
        ax.axhline(target, color=MUTED, linewidth=1.2, linestyle="--", zorder=1)
    for side, points in lines.items():
        ax.plot(
            [x for x, _ in points],
            [y for _, y in points],
            color=palette[side],
            linewidth=LINE_PT,
            solid_capstyle="round",
            solid_joinstyle="round",
            marker="o",
            markersize=4,
            zorder=2,
        )
    return png(figure)
