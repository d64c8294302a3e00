"""The game chart (/grafico): every player's running total hand by hand, as PNG bytes.

Pure and thread-safe, as every chart (see ``bot.charts.drawing``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Final

from matplotlib.axes import Axes
from matplotlib.patheffects import withStroke
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
    PALETTE,
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
from bot.charts.labels import spread
from bot.charts.layout import Box, Segments, place, set_apart
from bot.games.tamalo.charts.plan import GamePlan, Mark, Place, plan_game
from bot.i18n import N_, _
from scoring import tamalo

NO_HANDS: Final = N_("Nessuna mano ancora")


#: Won: filled with the player's colour; lost: white, edged with it. A star or a cross for
#: Tamalo, a diamond for ControTamalo; a ring where a late joiner sat down.
_MARKERS: Final = {
    Mark.TAMALO_WON: Marker("*", 16.0, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
    Mark.TAMALO_LOST: Marker("X", 10.5, face="white", edge=None, edge_width=2.0, in_key=MUTED),
    Mark.CONTRO_WON: Marker("D", 9.5, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
    Mark.CONTRO_LOST: Marker("D", 9.5, face="white", edge=None, edge_width=2.2, in_key=MUTED),
    Mark.JOINED: Marker("o", 10.0, face="white", edge=None, edge_width=2.6, in_key=MUTED),
}
_MARK_NAMES: Final = {
    Mark.TAMALO_WON: N_("Tamalo riuscito"),
    Mark.TAMALO_LOST: N_("Tamalo sbagliato"),
    Mark.CONTRO_WON: N_("ControTamalo riuscito"),
    Mark.CONTRO_LOST: N_("ControTamalo sbagliato"),
    Mark.JOINED: N_("entra in partita"),
}


def game_chart(
    game: tamalo.Game, *, title: str, colours: Mapping[str, int], finished: bool | None = None
) -> bytes:
    """A line chart of every player's running total hand by hand, as PNG bytes. The winner is
    highlighted once the game is ``finished`` (by default: once its totals end it; a game
    closed early with /fine is finished too)."""
    plan = plan_game(game, finished=game.is_over() if finished is None else finished)
    figure = new_figure(GAME_SIZE)
    width_px, height_px = figure.bbox.width, figure.bbox.height
    em = px(TEXT_PT)
    # A late joiner's line starts on another's: in a colour close to that one's, it would
    # read as its continuation.
    joiners = [line.player for line in plan.lines if line.xs[0]]
    palette = set_apart(player_colours(game.players, colours), joiners, PALETTE)

    # From the top: the title, the key, the axes; the end labels in the right margin.
    draw_title(figure, title)
    keys = [
        Key(
            plain(p) + (_(" (vince)") if p in plan.winners else ""),
            colour=palette[p],
            width=WINNER_LINE_PT if p in plan.winners else LINE_PT,
            bold=p in plan.winners,
        )
        for p in plan.players
    ]
    drawn = {spot.kind for spot in plan.spots}
    keys += [Key(_(_MARK_NAMES[k]), marker=_MARKERS[k]) for k in Mark if k in drawn]
    key_bottom = draw_key(figure, keys, top=2 * PAD_PX + 1.2 * px(TITLE_PT))

    # Ticks only where they are seen, as every tick takes time to draw.
    last = plan.hands
    steps = [1, 2, 5, 10]
    x_ticks = list(range(last + 1))
    if last > 16:
        hands = MaxNLocator(nbins=9, steps=steps, integer=True).tick_values(0, last)
        x_ticks = [int(x) for x in hands if 0 <= x <= last]
    points = MaxNLocator(nbins=6, steps=steps, integer=True).tick_values(plan.low, plan.high)
    y_ticks = [int(y) for y in points if plan.low <= y <= plan.high]

    # The axes fill what is left, with room on the left for the widest tick label
    # (DejaVu Sans digits and minus are about 0.636 em wide) and on the right for the labels.
    margin = [label for label in plan.labels if label.place is Place.MARGIN]
    end_texts = [plain(label.text) for label in margin]
    end_font = font_at(TEXT_PT, bold=True)
    digits = max(len(str(y)) for y in y_ticks)
    left = (digits * 0.636 * px(TICK_PT) + 1.3 * px(LABEL_PT) + 2.5 * PAD_PX) / width_px
    right = 1 - (widest(end_texts, end_font) + 2 * PAD_PX) / width_px if margin else 0.97
    bottom = 0.1
    rows_above = 2 if plan.quadri else 1 if plan.target_above is not None else 0
    above = rows_above * (1.2 * em + 4)
    top = 1 - (key_bottom + 1.5 * PAD_PX + above) / height_px
    ax = figure.add_axes((left, bottom, right - left, top - bottom))
    axes_w, axes_h = width_px * (right - left), height_px * (top - bottom)
    pad = 18 * last / axes_w  # 18 px either side, for the round line ends and the markers
    ax.set_xlim(-pad, last + pad)
    ax.set_ylim(plan.low, plan.high)
    per_px = (plan.high - plan.low) / axes_h  # points per pixel, to place text in data units
    ax.tick_params(labelsize=TICK_PT)  # before the ticks exist: then it styles none
    ax.grid(True, color=GRID, linewidth=0.8)
    ax.set_xticks(x_ticks)
    ax.set_yticks(y_ticks)
    ax.set_xlabel(_("Mano"), fontsize=LABEL_PT)
    ax.set_ylabel(_("Punti"), fontsize=LABEL_PT)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)

    for line in plan.lines:
        ax.plot(
            line.xs,
            line.ys,
            color=palette[line.player],
            linewidth=WINNER_LINE_PT if line.wins else LINE_PT,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=3 if line.wins else 2,
        )
    _draw_spots(ax, plan, palette)
    _draw_target(ax, plan, axes_h, per_px)
    if plan.quadri:
        _draw_quadri(ax, plan, palette, axes_w)
    if not game.hands:
        ax.text(
            0.5,
            0.5,
            _(NO_HANDS),
            transform=ax.transAxes,
            ha="center",
            va="center",
            fontsize=LABEL_PT + 3,
            color=MUTED,
        )

    # Each line's name and total by its end, nudged apart where totals are close; a line
    # that starts late or stops early is labelled there, inside the axes.
    beside = blended_transform_factory(figure.transFigure, ax.transData)
    heights = spread([label.y for label in margin], 1.2 * em * per_px, plan.low, plan.high)
    for label, text, y in zip(margin, end_texts, heights, strict=True):
        figure.text(
            right + 8 / width_px,
            y,
            text,
            transform=beside,
            va="center",
            fontproperties=end_font,
            color=palette[label.player],
        )
    _labels_inside(ax, plan, palette, (axes_w, axes_h), pad)
    return png(figure)


def _draw_spots(ax: Axes, plan: GamePlan, palette: Mapping[str, str]) -> None:
    """One artist per kind of mark."""
    for kind, style in _MARKERS.items():
        spots = [spot for spot in plan.spots if spot.kind is kind]
        if spots:
            points = [(spot.x, spot.y) for spot in spots]
            draw_marks(ax, style, points, [palette[spot.player] for spot in spots])


def _draw_target(ax: Axes, plan: GamePlan, axes_h: float, per_px: float) -> None:
    """The target as a dashed line, or named above the axes when it is off the scale."""
    if plan.target_line is not None:
        ax.axhline(plan.target_line, color=MUTED, linestyle="dashed", linewidth=1.4, zorder=1)
        ax.text(
            0.01,
            plan.target_line + 3 * per_px,
            _("soglia {target}").format(target=plan.target_line),
            transform=ax.get_yaxis_transform(),
            ha="left",
            va="bottom",
            fontsize=TEXT_PT,
            color=MUTED,
        )
    if plan.target_above is not None:
        text = _("soglia {target}, fuori scala ↑").format(target=plan.target_above)
        ax.text(
            0.0,
            1 + 4 / axes_h,
            text,
            transform=ax.transAxes,
            ha="left",
            va="bottom",
            fontsize=TEXT_PT,
            color=MUTED,
        )


def _draw_quadri(ax: Axes, plan: GamePlan, palette: Mapping[str, str], axes_px: float) -> None:
    """The quadri as vertical separators, each headed with its number and, once closed, with
    its winners in their colours: "♛ Anna", or only the crowns where the names do not fit in
    the quadro's width (a quarter of the axes' ``axes_px`` pixels)."""
    step = tamalo.HANDS_PER_QUADRO
    ax.vlines(
        list(range(step, plan.hands, step)),
        0,
        1,
        transform=ax.get_xaxis_transform(),
        colors=MUTED,
        linestyles="dashed",
        linewidth=1.4,
        zorder=1,
    )
    row = 1.2 * px(TEXT_PT) + 4
    axes_h = ax.bbox.height
    font, names_font = font_at(TEXT_PT, bold=True), font_at(TEXT_PT - 2, bold=True)
    gap = 0.4 * px(TEXT_PT)
    room = (axes_px - 2 * 18) / tamalo.QUADRI - gap  # 18 px either side of the hands
    for quadro in range(1, tamalo.QUADRI + 1):
        centre = (quadro - 0.5) * step
        ax.text(
            centre,
            1 + (4 + row) / axes_h,
            f"Quadro {quadro}",
            transform=ax.get_xaxis_transform(),
            ha="center",
            va="bottom",
            fontproperties=font,
            color=MUTED,
        )
        winners = plan.quadro_winners[quadro - 1] if quadro <= len(plan.quadro_winners) else ()
        names = [f"♛ {plain(p)}" for p in winners]
        widths = [widest([name], names_font) for name in names]
        if sum(widths) + gap * (len(names) - 1) > room:
            names = ["♛"] * len(winners)
            widths = [widest(["♛"], names_font)] * len(winners)
        x = -(sum(widths) + gap * (len(names) - 1)) / 2  # pixels from the centre
        for player, name, width in zip(winners, names, widths, strict=True):
            ax.annotate(
                name,
                xy=(centre, 1 + 4 / axes_h),
                xycoords=ax.get_xaxis_transform(),
                xytext=(x, 0),
                textcoords="offset pixels",
                ha="left",
                va="bottom",
                fontproperties=names_font,
                color=palette[player],
            )
            x += width + gap


def _labels_inside(
    ax: Axes, plan: GamePlan, palette: Mapping[str, str], size: tuple[float, float], pad: float
) -> None:
    """The labels where a line stops early or starts late, each beside its point where it
    covers the fewest lines, marks and labels already placed, within the axes (``size``
    pixels, ``pad`` hands either side). Outlined in white where a line still crosses."""
    inside = [label for label in plan.labels if label.place is not Place.MARGIN]
    if not inside:
        return
    axes_w, axes_h = size
    x_scale = axes_w / (plan.hands + 2 * pad)
    y_scale = axes_h / (plan.high - plan.low)

    def at(x: float, y: float) -> tuple[float, float]:
        return (x + pad) * x_scale, (y - plan.low) * y_scale

    segments = [
        (*at(x0, y0), *at(x1, y1))
        for line in plan.lines
        for (x0, y0), (x1, y1) in itertools.pairwise(zip(line.xs, line.ys, strict=True))
    ]
    font = font_at(TEXT_PT, bold=True)
    height = 1.2 * px(TEXT_PT)
    taken: list[Box] = []
    if plan.target_line is not None:
        target_y = at(0, plan.target_line)[1]
        segments.append((0.0, target_y, axes_w, target_y))
        word = _("soglia {target}").format(target=plan.target_line)
        left = 0.01 * axes_w
        taken.append(Box(left, target_y, left + widest([word], font), target_y + height))
    lines = Segments(segments)
    marks = [at(spot.x, spot.y) for spot in plan.spots]
    edge = 6.0  # pixels kept clear along the axes' edges, where the spines are
    for label in inside:
        text = plain(label.text)
        width = widest([text], font)
        anchor = at(label.x, label.y)
        box = place(
            anchor,
            (width, height),
            _label_offsets(label.place, width, height),
            lines=lines,
            marks=marks,
            taken=taken,
            bounds=Box(edge, edge, axes_w - edge, axes_h - edge),
            reach=px(5),
        )
        taken.append(box)
        ax.annotate(
            text,
            xy=(label.x, label.y),
            xytext=(box.left - anchor[0], box.bottom - anchor[1]),
            textcoords="offset pixels",
            ha="left",
            va="bottom",
            fontproperties=font,
            color=palette[label.player],
            zorder=5,
            path_effects=[withStroke(linewidth=3, foreground="white")],
        )


def _label_offsets(place: Place, width: float, height: float) -> list[tuple[float, float]]:
    """Where a label's lower left corner may go from its point, best first: above a line
    that stops (on the left, where it came from), below a line that starts (on the right,
    where it goes); then the other sides, then farther off."""
    gap = px(7)
    left, right, centre = -gap - width, gap, -width / 2
    above, below = gap, -gap - height
    offsets = [
        (left, above),
        (right, above),
        (left, below),
        (right, below),
        (centre, above),
        (centre, below),
        (left, -height / 2),
        (right, -height / 2),
        (left, above + height),
        (right, above + height),
        (left, below - height),
        (right, below - height),
    ]
    if place is Place.START:  # the same, upside down and mirrored
        offsets = [(-width - dx, -height - dy) for dx, dy in offsets]
    return offsets
