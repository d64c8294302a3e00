"""A home game's chart (/grafico): every player's running total deal by deal, a star where
they closed, the winners drawn thicker once the game is over, the target dashed; as PNG bytes.

Pure and thread-safe, as every chart (``bot.charts.drawing``): run in a chart worker only
(``bot.games.macchiavelli.figures.draw_match``), so that the bot never loads matplotlib.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from matplotlib.axes import Axes
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import blended_transform_factory

from bot.charts.drawing import (
    GAME_SIZE,
    GRID,
    INK,
    LABEL_PT,
    LINE_PT,
    MUTED,
    PAD_PX,
    TEXT_PT,
    TICK_PT,
    TITLE_PT,
    WINNER_LINE_PT,
    Key,
    Marker,
    draw_key,
    draw_marks,
    draw_title,
    font_at,
    new_figure,
    plain,
    player_colours,
    png,
    px,
    widest,
)
from bot.games.macchiavelli.chart_plan import MatchPlan
from bot.i18n import _

#: Where a player closed: a star in their colour.
CLOSED: Final = Marker("*", 16.0, face=None, edge=INK, edge_width=1.0, in_key="#999999")


def spread(values: Sequence[float], gap: float, high: float) -> list[float]:
    """Heights near ``values``, each at least ``gap`` above the next lower, none above
    ``high``: the end labels, apart where totals are close."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    placed = [0.0] * len(values)
    floor = float("-inf")
    for i in order:
        placed[i] = floor = max(values[i], floor + gap)
    overflow = max(0.0, max(placed, default=0.0) - high)
    return [y - overflow for y in placed]


def match_chart(plan: MatchPlan, *, title: str, colours: Mapping[str, int]) -> bytes:
    """The chart of ``plan`` as PNG bytes (its words in the caller's language)."""
    figure = new_figure(GAME_SIZE)
    width_px, height_px = figure.bbox.width, figure.bbox.height
    palette = player_colours([line.player for line in plan.lines], colours)
    draw_title(figure, title)
    keys = [
        Key(
            plain(line.player) + (_(" (vince)") if line.wins else ""),
            colour=palette[line.player],
            width=WINNER_LINE_PT if line.wins else LINE_PT,
            bold=line.wins,
        )
        for line in plan.lines
    ]
    if plan.closes:
        keys.append(Key(_("chiude"), marker=CLOSED))
    key_bottom = draw_key(figure, keys, top=2 * PAD_PX + 1.2 * px(TITLE_PT))

    ends = [f"{plain(line.player)} {line.ys[-1]}" for line in plan.lines]
    end_font = font_at(TEXT_PT, bold=True)
    y_ticks = [
        int(y)
        for y in MaxNLocator(nbins=6, steps=[1, 2, 5, 10], integer=True).tick_values(0, plan.high)
        if 0 <= y <= plan.high
    ]
    digits = max(len(str(y)) for y in y_ticks)
    left = (digits * 0.636 * px(TICK_PT) + 1.3 * px(LABEL_PT) + 2.5 * PAD_PX) / width_px
    right = 1 - (widest(ends, end_font) + 2 * PAD_PX) / width_px
    above = (1.2 * px(TEXT_PT) + 4) if plan.target_above is not None else 0
    top = 1 - (key_bottom + 1.5 * PAD_PX + above) / height_px
    ax = figure.add_axes((left, 0.1, right - left, top - 0.1))
    axes_w, axes_h = width_px * (right - left), height_px * (top - 0.1)
    last = max(plan.deals, 1)
    pad = 18 * last / axes_w  # 18 px either side, for the round line ends and the stars
    ax.set_xlim(-pad, last + pad)
    ax.set_ylim(plan.low, plan.high)
    ax.tick_params(labelsize=TICK_PT)
    ax.grid(True, color=GRID, linewidth=0.8)
    ax.set_xticks(
        list(range(last + 1))
        if last <= 16
        else [int(x) for x in MaxNLocator(nbins=9, integer=True).tick_values(0, last) if x <= last]
    )
    ax.set_yticks(y_ticks)
    ax.set_xlabel(_("Smazzata"), fontsize=LABEL_PT)
    ax.set_ylabel(_("Punti"), fontsize=LABEL_PT)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)

    for line in plan.lines:
        ax.plot(
            range(len(line.ys)),
            line.ys,
            color=palette[line.player],
            linewidth=WINNER_LINE_PT if line.wins else LINE_PT,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=3 if line.wins else 2,
        )
    if plan.closes:
        points = [(deal, total) for deal, _player, total in plan.closes]
        draw_marks(ax, CLOSED, points, [palette[player] for _deal, player, _total in plan.closes])
    _draw_target(ax, plan, axes_h)
    if not plan.deals:
        ax.text(
            0.5, 0.5, _("Nessuna smazzata ancora"), transform=ax.transAxes, ha="center",
            va="center", fontsize=LABEL_PT + 3, color=MUTED,
        )  # fmt: skip

    # Each line's name and total by its end, nudged apart where totals are close.
    per_px = (plan.high - plan.low) / axes_h
    heights = spread([line.ys[-1] for line in plan.lines], 1.2 * px(TEXT_PT) * per_px, plan.high)
    beside = blended_transform_factory(figure.transFigure, ax.transData)
    for line, text, y in zip(plan.lines, ends, heights, strict=True):
        figure.text(
            right + 8 / width_px, y, text, transform=beside, va="center",
            fontproperties=end_font, color=palette[line.player],
        )  # fmt: skip
    return png(figure)


def _draw_target(ax: Axes, plan: MatchPlan, axes_h: float) -> None:
    """The target (soglia) as a dashed line, or named above the axes when off the scale."""
    if plan.target_line is not None:
        ax.axhline(plan.target_line, color=MUTED, linestyle="dashed", linewidth=1.4, zorder=1)
        ax.text(
            0.01, plan.target_line, _("soglia {target}").format(target=plan.target_line),
            transform=ax.get_yaxis_transform(), ha="left", va="bottom", fontsize=TEXT_PT,
            color=MUTED,
        )  # fmt: skip
    if plan.target_above is not None:
        ax.text(
            0.0, 1 + 4 / axes_h,
            _("soglia {target}, fuori scala ↑").format(target=plan.target_above),
            transform=ax.transAxes, ha="left", va="bottom", fontsize=TEXT_PT, color=MUTED,
        )  # fmt: skip
