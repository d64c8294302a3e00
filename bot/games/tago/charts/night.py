"""The night's chart (/grafico of a night of Tagò): every player's stack hand by hand from
the buy-in, as PNG bytes. Pure and thread-safe, as every chart (``bot.charts.drawing``)."""

from __future__ import annotations

from collections.abc import Mapping
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
from bot.charts.labels import spread
from bot.games.tago.charts.plan import Mark, NightPlan, plan_night
from bot.i18n import N_, _, pgettext
from scoring.tago import Night

#: A re-buy: a triangle pointing up at the top of the step; an all-in: a ring; a ZERO that
#: took the jackpot: a star; a late arrival: a square where the line starts; a departure: a
#: cross where it ends. Filled with the player's colour and edged in ink, or white and edged
#: in the player's colour.
_MARKERS: Final = {
    Mark.REBUY: Marker("^", 11.0, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
    Mark.ALL_IN: Marker("o", 10.0, face="white", edge=None, edge_width=2.4, in_key=MUTED),
    Mark.JACKPOT: Marker("*", 17.0, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
    Mark.JOINED: Marker("s", 9.0, face="white", edge=None, edge_width=2.4, in_key=MUTED),
    Mark.LEFT: Marker("X", 11.0, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
}
_MARK_NAMES: Final = {
    Mark.REBUY: N_("ricarica"),
    Mark.ALL_IN: N_("tutto dentro"),
    Mark.JACKPOT: N_("ZERO: jackpot vinto"),
    Mark.JOINED: N_("arriva al tavolo"),
    Mark.LEFT: N_("lascia la serata"),
}


def night_chart(night: Night, *, title: str, colours: Mapping[str, int]) -> bytes:
    """A line chart of every player's stack hand by hand, as PNG bytes."""
    plan = plan_night(night)
    figure = new_figure(GAME_SIZE)
    width_px, height_px = figure.bbox.width, figure.bbox.height
    em = px(TEXT_PT)
    palette = player_colours(plan.players, colours)

    draw_title(figure, title)
    keys = [Key(plain(p), colour=palette[p]) for p in plan.players]
    drawn = {spot.kind for spot in plan.spots}
    keys += [Key(_(_MARK_NAMES[k]), marker=_MARKERS[k]) for k in Mark if k in drawn]
    key_bottom = draw_key(figure, keys, top=2 * PAD_PX + 1.2 * px(TITLE_PT))

    last = max(plan.hands, 1)
    x_ticks = list(range(last + 1))
    if last > 16:
        found = MaxNLocator(nbins=9, steps=[1, 2, 5, 10], integer=True).tick_values(0, last)
        x_ticks = [int(x) for x in found if 0 <= x <= last]
    found = MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]).tick_values(plan.low, plan.high)
    y_ticks = [y for y in found if plan.low <= y <= plan.high]

    ends = [plain(end.text) for end in plan.ends]
    end_font = font_at(TEXT_PT, bold=True)
    digits = max(len(_tick(y)) for y in y_ticks)
    left = (digits * 0.636 * px(TICK_PT) + 1.3 * px(LABEL_PT) + 2.5 * PAD_PX) / width_px
    right = 1 - (widest(ends, end_font) + 2 * PAD_PX) / width_px
    bottom = 0.1
    top = 1 - (key_bottom + 1.5 * PAD_PX) / height_px
    ax = figure.add_axes((left, bottom, right - left, top - bottom))
    axes_w, axes_h = width_px * (right - left), height_px * (top - bottom)
    pad = 18 * last / axes_w  # 18 px either side, for the round line ends and the markers
    ax.set_xlim(-pad, last + pad)
    ax.set_ylim(plan.low, plan.high)
    ax.tick_params(labelsize=TICK_PT)
    ax.grid(True, color=GRID, linewidth=0.8)
    ax.set_xticks(x_ticks, [_("inizio") if x == 0 else str(x) for x in x_ticks])
    ax.set_yticks(y_ticks, [_tick(y) for y in y_ticks])
    ax.set_xlabel(_("Mano"), fontsize=LABEL_PT)
    ax.set_ylabel(_("Fiches"), fontsize=LABEL_PT)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    ax.axhline(0, color=MUTED, linewidth=1.0, zorder=1)  # no chips left

    for line in plan.lines:
        ax.plot(
            line.xs,
            line.ys,
            color=palette[line.player],
            linewidth=LINE_PT,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=2,
        )
    _draw_spots(ax, plan, palette)

    # Each line's name, stack and result by its end, nudged apart where stacks are close.
    per_px = (plan.high - plan.low) / axes_h
    beside = blended_transform_factory(figure.transFigure, ax.transData)
    heights = spread([end.y for end in plan.ends], 1.2 * em * per_px, plan.low, plan.high)
    for end, text, y in zip(plan.ends, ends, heights, strict=True):
        figure.text(
            right + 8 / width_px,
            y,
            text,
            transform=beside,
            va="center",
            fontproperties=end_font,
            color=palette[end.player],
        )
    return png(figure)


def _tick(chips: float) -> str:
    """A tick of the chips axis: whole chips, or with the decimal separator in force."""
    if chips == int(chips):
        return str(int(chips))
    return f"{chips:g}".replace(".", pgettext("decimal separator", ","))


def _draw_spots(ax: Axes, plan: NightPlan, palette: Mapping[str, str]) -> None:
    """One artist per kind of mark."""
    for kind, style in _MARKERS.items():
        spots = [spot for spot in plan.spots if spot.kind is kind]
        if spots:
            points = [(spot.x, spot.y) for spot in spots]
            draw_marks(ax, style, points, [palette[spot.player] for spot in spots])
