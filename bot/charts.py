"""PNG charts of a game and of a night: plain values in, PNG bytes out.

Pure and thread-safe: only matplotlib's object-oriented API (a ``Figure`` on its own Agg
canvas), no ``pyplot``, no global style changes; every style is passed explicitly.
"""

from __future__ import annotations

import io
import itertools
import math
import struct
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties, findfont, get_font
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.patheffects import withStroke
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import blended_transform_factory

import scoring
from bot.chart_layout import Box, Segments, place, set_apart
from bot.chart_plan import GamePlan, Mark, Place, PointsPanel, plan_game, points_panels
from bot.i18n import N_, _

#: The ink of text, axes, medians and marker edges: no player is drawn in it.
INK: Final = "#000000"

#: Colour-blind-friendly colours, given out in the order players first appear in a chat:
#: Okabe–Ito (without its yellow, too pale on white, and its black, the ink), then Paul
#: Tol's and Tableau's.
PALETTE: Final[tuple[str, ...]] = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#117733",  # green
    "#882255",  # wine
    "#999933",  # olive
    "#332288",  # indigo
    "#9C755F",  # brown
    "#7F7F7F",  # grey
)

DPI: Final = 160
#: 8×6 in at 160 dpi: 1280×960 px.
GAME_SIZE: Final = (8.0, 6.0)
NIGHT_WIDTH: Final = 8.0

NO_HANDS: Final = N_("Nessuna mano ancora")
NO_NIGHT: Final = N_("Nessuna partita stasera")

_TITLE_PT: Final = 15.0
_LABEL_PT: Final = 13.0
_TICK_PT: Final = 12.0
_TEXT_PT: Final = 11.0
_LINE_PT: Final = 2.2  # 4.9 px at 160 dpi
_WINNER_LINE_PT: Final = 4.4
_GRID: Final = "#dddddd"
_MUTED: Final = "#555555"
_PAD_PX: Final = 12.0


# --- shared helpers ---


def player_colours(players: Iterable[str], colours: Mapping[str, int]) -> dict[str, str]:
    """Each player's colour, ``PALETTE[index % len(PALETTE)]`` with the chat's index from
    ``colours``. A player missing from ``colours`` gets a slot chosen by a hash of the name,
    moved on to the next one nobody else in the chart has, if any."""
    players = list(dict.fromkeys(players))
    assigned = {p: PALETTE[colours[p] % len(PALETTE)] for p in players if p in colours}
    for player in players:
        if player not in assigned:
            start = zlib.crc32(player.encode())
            free = (PALETTE[(start + step) % len(PALETTE)] for step in range(len(PALETTE)))
            taken = set(assigned.values())
            assigned[player] = next(
                (c for c in free if c not in taken), PALETTE[start % len(PALETTE)]
            )
    return {p: assigned[p] for p in players}


def _plain(text: str) -> str:
    """``text`` drawn as typed: a ``$`` must not start mathtext."""
    return text.replace("$", r"\$")


def _px(points: float) -> float:
    return points * DPI / 72


def _font(size: float, *, bold: bool = False) -> FontProperties:
    return FontProperties(size=size, weight="bold" if bold else "normal")


def _widest(texts: Sequence[str], font: FontProperties) -> float:
    """About the width in pixels of the widest of ``texts`` (measuring text is slow, so only
    the longest in characters is measured). Matplotlib's fonts are per thread."""
    if not texts:
        return 0.0
    ft2 = get_font(findfont(font))
    ft2.clear()
    ft2.set_size(font.get_size_in_points(), DPI)
    ft2.set_text(max(texts, key=len), 0.0)
    return ft2.get_width_height()[0] / 64  # 26.6 fixed point


def _new_figure(size: tuple[float, float]) -> Figure:
    """A figure on its own Agg canvas, with no automatic layout: margins are set by hand."""
    figure = Figure(figsize=size, dpi=DPI, facecolor="white", layout=None)
    FigureCanvasAgg(figure)
    return figure


def _png(figure: Figure, *, level: int = 1) -> bytes:
    """The figure as PNG bytes.

    Written here rather than by ``savefig(format="png")``, which has Pillow try five
    filters on every row and compress at zlib level 6: unfiltered rows at zlib ``level`` 1
    take a fraction of the time, and a chart's long runs of one colour compress well."""
    raw = io.BytesIO()
    figure.savefig(raw, format="rgba", dpi=DPI)
    rgba = np.frombuffer(raw.getbuffer(), dtype=np.uint8)
    width = int(figure.bbox.width)  # as Agg rounds it; the height follows from the size
    height = rgba.size // (4 * width)
    rows = np.zeros((height, 1 + 4 * width), dtype=np.uint8)  # a filter byte (0), then RGBA
    rows[:, 1:] = rgba.reshape(height, 4 * width)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows.data, level)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _title(figure: Figure, title: str) -> None:
    figure.text(
        0.5,
        1 - _PAD_PX / figure.bbox.height,
        _plain(title),
        ha="center",
        va="top",
        fontproperties=_font(_TITLE_PT, bold=True),
    )


def _spread(values: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near as can be to ``values`` but at least ``gap`` apart: overlapping
    labels are pushed apart around their mean, then the lot kept within ``[low, high]``."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    clusters: list[list[int]] = []  # runs of ``order`` stacked ``gap`` apart
    bottoms: list[float] = []
    for index in order:
        clusters.append([index])
        bottoms.append(values[index])
        while len(clusters) > 1 and bottoms[-2] + len(clusters[-2]) * gap > bottoms[-1]:
            merged = clusters[-2] + clusters[-1]
            mean = sum(values[i] for i in merged) / len(merged)
            clusters[-2:] = [merged]
            bottoms[-2:] = [mean - (len(merged) - 1) * gap / 2]
    stacked = [
        (index, bottom + k * gap)
        for cluster, bottom in zip(clusters, bottoms, strict=True)
        for k, index in enumerate(cluster)
    ]
    positions = [0.0] * len(values)
    if stacked:
        shift = max(0.0, low - stacked[0][1]) or min(0.0, high - stacked[-1][1])
        for index, y in stacked:
            positions[index] = y + shift
    return positions


# --- the game chart ---


@dataclass(frozen=True)
class _Marker:
    """How a kind of mark is drawn; a ``None`` colour is the player's."""

    marker: str
    size: float  # points
    face: str | None
    edge: str | None
    edge_width: float
    in_key: str  # the colour for ``None`` in the key, where there is no player


#: Won: filled with the player's colour; lost: white, edged with it. A star or a cross for
#: Tamalo, a diamond for ControTamalo; a ring where a late joiner sat down.
_MARKERS: Final = {
    Mark.TAMALO_WON: _Marker("*", 16.0, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
    Mark.TAMALO_LOST: _Marker("X", 10.5, face="white", edge=None, edge_width=2.0, in_key=_MUTED),
    Mark.CONTRO_WON: _Marker("D", 9.5, face=None, edge=INK, edge_width=1.0, in_key="#999999"),
    Mark.CONTRO_LOST: _Marker("D", 9.5, face="white", edge=None, edge_width=2.2, in_key=_MUTED),
    Mark.JOINED: _Marker("o", 10.0, face="white", edge=None, edge_width=2.6, in_key=_MUTED),
}
_MARK_NAMES: Final = {
    Mark.TAMALO_WON: N_("Tamalo riuscito"),
    Mark.TAMALO_LOST: N_("Tamalo sbagliato"),
    Mark.CONTRO_WON: N_("ControTamalo riuscito"),
    Mark.CONTRO_LOST: N_("ControTamalo sbagliato"),
    Mark.JOINED: N_("entra in partita"),
}


@dataclass(frozen=True)
class _Key:
    """An entry of the key above the chart: a player's line or a kind of mark."""

    label: str
    colour: str = INK
    width: float = _LINE_PT
    marker: _Marker | None = None
    bold: bool = False


def game_chart(
    game: scoring.Game, *, title: str, colours: Mapping[str, int], finished: bool | None = None
) -> bytes:
    """A line chart of every player's running total hand by hand, as PNG bytes. The winner is
    highlighted once the game is ``finished`` (by default: once its totals end it; a game
    closed early with /fine is finished too)."""
    plan = plan_game(game, finished=game.is_over() if finished is None else finished)
    figure = _new_figure(GAME_SIZE)
    width_px, height_px = figure.bbox.width, figure.bbox.height
    em = _px(_TEXT_PT)
    # A late joiner's line starts on another's: in a colour close to that one's, it would
    # read as its continuation.
    joiners = [line.player for line in plan.lines if line.xs[0]]
    palette = set_apart(player_colours(game.players, colours), joiners, PALETTE)

    # From the top: the title, the key, the axes; the end labels in the right margin.
    _title(figure, title)
    keys = [
        _Key(
            _plain(p) + (_(" (vince)") if p in plan.winners else ""),
            colour=palette[p],
            width=_WINNER_LINE_PT if p in plan.winners else _LINE_PT,
            bold=p in plan.winners,
        )
        for p in plan.players
    ]
    drawn = {spot.kind for spot in plan.spots}
    keys += [_Key(_(_MARK_NAMES[k]), marker=_MARKERS[k]) for k in Mark if k in drawn]
    key_bottom = _draw_key(figure, keys, top=2 * _PAD_PX + 1.2 * _px(_TITLE_PT))

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
    end_texts = [_plain(label.text) for label in margin]
    end_font = _font(_TEXT_PT, bold=True)
    digits = max(len(str(y)) for y in y_ticks)
    left = (digits * 0.636 * _px(_TICK_PT) + 1.3 * _px(_LABEL_PT) + 2.5 * _PAD_PX) / width_px
    right = 1 - (_widest(end_texts, end_font) + 2 * _PAD_PX) / width_px if margin else 0.97
    bottom = 0.1
    rows_above = 2 if plan.quadri else 1 if plan.target_above is not None else 0
    above = rows_above * (1.2 * em + 4)
    top = 1 - (key_bottom + 1.5 * _PAD_PX + above) / height_px
    ax = figure.add_axes((left, bottom, right - left, top - bottom))
    axes_w, axes_h = width_px * (right - left), height_px * (top - bottom)
    pad = 18 * last / axes_w  # 18 px either side, for the round line ends and the markers
    ax.set_xlim(-pad, last + pad)
    ax.set_ylim(plan.low, plan.high)
    per_px = (plan.high - plan.low) / axes_h  # points per pixel, to place text in data units
    ax.tick_params(labelsize=_TICK_PT)  # before the ticks exist: then it styles none
    ax.grid(True, color=_GRID, linewidth=0.8)
    ax.set_xticks(x_ticks)
    ax.set_yticks(y_ticks)
    ax.set_xlabel(_("Mano"), fontsize=_LABEL_PT)
    ax.set_ylabel(_("Punti"), fontsize=_LABEL_PT)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)

    for line in plan.lines:
        ax.plot(
            line.xs,
            line.ys,
            color=palette[line.player],
            linewidth=_WINNER_LINE_PT if line.wins else _LINE_PT,
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
            fontsize=_LABEL_PT + 3,
            color=_MUTED,
        )

    # Each line's name and total by its end, nudged apart where totals are close; a line
    # that starts late or stops early is labelled there, inside the axes.
    beside = blended_transform_factory(figure.transFigure, ax.transData)
    heights = _spread([label.y for label in margin], 1.2 * em * per_px, plan.low, plan.high)
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
    return _png(figure)


def _draw_spots(ax: Axes, plan: GamePlan, palette: Mapping[str, str]) -> None:
    """One artist per kind of mark."""
    for kind, style in _MARKERS.items():
        spots = [spot for spot in plan.spots if spot.kind is kind]
        if spots:
            players = [palette[spot.player] for spot in spots]
            ax.scatter(
                [spot.x for spot in spots],
                [spot.y for spot in spots],
                s=style.size**2,
                marker=style.marker,
                c=players if style.face is None else style.face,
                edgecolors=players if style.edge is None else style.edge,
                linewidths=style.edge_width,
                zorder=4,
            )


def _draw_target(ax: Axes, plan: GamePlan, axes_h: float, per_px: float) -> None:
    """The target as a dashed line, or named above the axes when it is off the scale."""
    if plan.target_line is not None:
        ax.axhline(plan.target_line, color=_MUTED, linestyle="dashed", linewidth=1.4, zorder=1)
        ax.text(
            0.01,
            plan.target_line + 3 * per_px,
            _("soglia {target}").format(target=plan.target_line),
            transform=ax.get_yaxis_transform(),
            ha="left",
            va="bottom",
            fontsize=_TEXT_PT,
            color=_MUTED,
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
            fontsize=_TEXT_PT,
            color=_MUTED,
        )


def _draw_quadri(ax: Axes, plan: GamePlan, palette: Mapping[str, str], axes_px: float) -> None:
    """The quadri as vertical separators, each headed with its number and, once closed, with
    its winners in their colours: "♛ Anna", or only the crowns where the names do not fit in
    the quadro's width (a quarter of the axes' ``axes_px`` pixels)."""
    step = scoring.HANDS_PER_QUADRO
    ax.vlines(
        list(range(step, plan.hands, step)),
        0,
        1,
        transform=ax.get_xaxis_transform(),
        colors=_MUTED,
        linestyles="dashed",
        linewidth=1.4,
        zorder=1,
    )
    row = 1.2 * _px(_TEXT_PT) + 4
    axes_h = ax.bbox.height
    font, names_font = _font(_TEXT_PT, bold=True), _font(_TEXT_PT - 2, bold=True)
    gap = 0.4 * _px(_TEXT_PT)
    room = (axes_px - 2 * 18) / scoring.QUADRI - gap  # 18 px either side of the hands
    for quadro in range(1, scoring.QUADRI + 1):
        centre = (quadro - 0.5) * step
        ax.text(
            centre,
            1 + (4 + row) / axes_h,
            f"Quadro {quadro}",
            transform=ax.get_xaxis_transform(),
            ha="center",
            va="bottom",
            fontproperties=font,
            color=_MUTED,
        )
        winners = plan.quadro_winners[quadro - 1] if quadro <= len(plan.quadro_winners) else ()
        names = [f"♛ {_plain(p)}" for p in winners]
        widths = [_widest([name], names_font) for name in names]
        if sum(widths) + gap * (len(names) - 1) > room:
            names = ["♛"] * len(winners)
            widths = [_widest(["♛"], names_font)] * len(winners)
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
    font = _font(_TEXT_PT, bold=True)
    height = 1.2 * _px(_TEXT_PT)
    taken: list[Box] = []
    if plan.target_line is not None:
        target_y = at(0, plan.target_line)[1]
        segments.append((0.0, target_y, axes_w, target_y))
        word = _("soglia {target}").format(target=plan.target_line)
        left = 0.01 * axes_w
        taken.append(Box(left, target_y, left + _widest([word], font), target_y + height))
    lines = Segments(segments)
    marks = [at(spot.x, spot.y) for spot in plan.spots]
    edge = 6.0  # pixels kept clear along the axes' edges, where the spines are
    for label in inside:
        text = _plain(label.text)
        width = _widest([text], font)
        anchor = at(label.x, label.y)
        box = place(
            anchor,
            (width, height),
            _label_offsets(label.place, width, height),
            lines=lines,
            marks=marks,
            taken=taken,
            bounds=Box(edge, edge, axes_w - edge, axes_h - edge),
            reach=_px(5),
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
    gap = _px(7)
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


def _draw_key(figure: Figure, keys: Sequence[_Key], *, top: float) -> float:
    """Draw the key centred across the figure, in rows filled left to right from ``top``
    pixels below the top edge, and return where it ends, in pixels from the top edge.

    Drawn by hand rather than with ``Legend``, whose layout takes longer than the rest of
    the chart: one artist for all the lines, one per marker and a text per entry."""
    if not keys:
        return top
    width_px, height_px = figure.bbox.width, figure.bbox.height
    em = _px(_TEXT_PT)
    handle, gap, spacing, row = 2.2 * em, 0.6 * em, 1.4 * em, 1.5 * em
    label = _widest([k.label for k in keys], _font(_TEXT_PT, bold=any(k.bold for k in keys)))
    column = handle + gap + label + spacing
    columns = max(1, min(len(keys), int((width_px * 0.94 + spacing) // column)))
    rows = math.ceil(len(keys) / columns)
    columns = math.ceil(len(keys) / rows)  # balanced: 4 + 4 rather than 5 + 3
    x0 = (width_px - columns * column + spacing) / 2
    segments: list[list[tuple[float, float]]] = []
    lines: list[_Key] = []
    for index, key in enumerate(keys):
        x = (x0 + index % columns * column) / width_px
        y = 1 - (top + index // columns * row + em / 2) / height_px
        end = x + handle / width_px
        if key.marker is None:
            segments.append([(x, y), (end, y)])
            lines.append(key)
        else:
            style = key.marker
            mark = Line2D(
                [(x + end) / 2],
                [y],
                transform=figure.transFigure,
                linestyle="none",
                marker=style.marker,
                markersize=style.size,
                markerfacecolor=style.face or style.in_key,
                markeredgecolor=style.edge or style.in_key,
                markeredgewidth=style.edge_width,
            )
            figure.add_artist(mark)
        figure.text(
            end + gap / width_px,
            y,
            key.label,
            va="center_baseline",
            fontsize=_TEXT_PT,
            fontweight="bold" if key.bold else "normal",
        )
    if segments:
        figure.add_artist(
            LineCollection(
                segments,
                transform=figure.transFigure,
                colors=[k.colour for k in lines],
                linewidths=[k.width for k in lines],
                capstyle="round",
            )
        )
    return top + rows * row - (row - em)


# --- the night chart ---


def night_chart(figures: scoring.NightFigures, *, title: str, colours: Mapping[str, int]) -> bytes:
    """The end-of-night summary as PNG bytes: wins, hand points (classic and ControTamalo
    apart) and Tamalo calls."""
    if figures.is_empty():
        figure = _new_figure(GAME_SIZE)
        _title(figure, title)
        figure.text(
            0.5, 0.5, _(NO_NIGHT), ha="center", va="center", fontsize=_LABEL_PT + 3, color=_MUTED
        )
        return _png(figure)

    # Most wins first, then the chat's order: the same order in every panel.
    chat_order = {p: (colours.get(p, len(colours)), p) for p in figures.players}
    players = sorted(figures.players, key=lambda p: (-figures.wins.get(p, 0), chat_order[p]))
    palette = player_colours(players, colours)
    bar_colours = [palette[p] for p in players]
    rows = list(range(len(players)))
    names = [_plain(p) for p in players]
    panels = points_panels(figures)

    count = 2 + len(panels)
    panel_in = 0.7 + 0.34 * len(players)
    gap_in = 0.75
    height_in = 0.8 + count * panel_in + (count - 1) * gap_in + 0.45
    figure = _new_figure((NIGHT_WIDTH, height_in))
    _title(figure, title)
    left = (_widest(names, _font(_TICK_PT)) + 2 * _PAD_PX) / figure.bbox.width
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
        ax.set_title(heading, fontsize=_LABEL_PT, fontweight="bold", loc="left", pad=8)
        ax.set_yticks(rows, names, fontsize=_TICK_PT)
        ax.set_ylim(len(players) - 0.5, -0.5)  # first player on top
        ax.tick_params(axis="x", labelsize=_TICK_PT)
        ax.tick_params(axis="y", length=0)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=8, integer=True))
        ax.grid(True, axis="x", color=_GRID, linewidth=0.8)
        ax.set_axisbelow(True)
        ax.spines[["top", "right"]].set_visible(False)

    # Wins.
    wins = [figures.wins.get(p, 0) for p in players]
    bars = wins_ax.barh(rows, wins, height=0.65, color=bar_colours)
    wins_ax.bar_label(bars, padding=5, fontsize=_TEXT_PT, fontweight="bold")
    wins_ax.set_xlim(0, max(*wins, 1) * 1.12)

    for ax, panel in zip(points_axes, panels, strict=True):
        _draw_points(ax, panel, players, palette)
    _draw_calls(calls_ax, figures, players, palette)
    return _png(figure, level=6)  # once a night: smaller rather than faster


def _draw_points(
    ax: Axes, panel: PointsPanel, players: Sequence[str], palette: Mapping[str, str]
) -> None:
    """Hand points: every hand a dot, the middle half of them a band, the median a bar."""
    dots: list[tuple[int, float, str]] = []
    ax.set_xlim(panel.low, panel.high)
    if any(p < 0 for hands in panel.points.values() for p in hands):
        ax.axvline(0, color=_MUTED, linewidth=1.0, zorder=1)  # what took points away
    for row, player in enumerate(players):
        points = panel.points.get(player, ())
        if not points:
            ax.text(0, row, _("nessuna mano"), va="center", fontsize=_TEXT_PT, color=_MUTED)
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
            fontsize=_TEXT_PT,
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
        fontsize=_TEXT_PT,
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
