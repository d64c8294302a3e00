"""PNG charts of a game and of a night: plain values in, PNG bytes out.

Pure and thread-safe: only matplotlib's object-oriented API (a ``Figure`` on its own Agg
canvas), no ``pyplot``, no global style changes; every style is passed explicitly.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties, findfont, get_font
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import blended_transform_factory

import scoring
from bot.i18n import N_, _

#: Colour-blind-friendly colours, given out in the order players first appear in a chat:
#: Okabe–Ito (without its yellow, too pale on white), then Paul Tol's and Tableau's.
PALETTE: Final[tuple[str, ...]] = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#000000",  # black
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


@dataclass
class _Series:
    """One player's line: totals at hand numbers, and their Tamalo calls on it."""

    player: str
    xs: list[int] = field(default_factory=list)
    ys: list[int] = field(default_factory=list)
    won: list[tuple[int, int]] = field(default_factory=list)
    lost: list[tuple[int, int]] = field(default_factory=list)


def _series(game: scoring.Game) -> list[_Series]:
    """Each player's running totals, from where they sat down (hand 0 at 0 for the first
    seats, the entry total for a late joiner) to the last hand they played."""
    lines = {p: _Series(p) for p in game.players}
    for number, (scored, totals) in enumerate(
        zip(game.hands, game.running_totals(), strict=True), start=1
    ):
        for player, points in scored.points.items():
            line = lines[player]
            if not line.xs:
                line.xs.append(number - 1)
                line.ys.append(totals[player] - points)
            line.xs.append(number)
            line.ys.append(totals[player])
        caller = scored.hand.caller
        if caller is not None:
            spot = (number, totals[caller])
            (lines[caller].won if scored.call_won else lines[caller].lost).append(spot)
    return list(lines.values())


@dataclass(frozen=True)
class _Marker:
    """How a kind of Tamalo call is drawn; a ``None`` colour is the caller's."""

    marker: str
    size: float  # points
    face: str | None
    edge: str | None
    edge_width: float
    in_key: str  # the colour for ``None`` in the key, where there is no player


_WON: Final = _Marker("*", 16.0, face=None, edge="black", edge_width=1.0, in_key="#999999")
_LOST: Final = _Marker("X", 10.5, face="white", edge=None, edge_width=2.0, in_key=_MUTED)


@dataclass(frozen=True)
class _Key:
    """An entry of the key above the chart: a player's line or a kind of call."""

    label: str
    colour: str = "black"
    width: float = _LINE_PT
    marker: _Marker | None = None
    bold: bool = False


def game_chart(
    game: scoring.Game, *, title: str, colours: Mapping[str, int], finished: bool | None = None
) -> bytes:
    """A line chart of every player's running total hand by hand, as PNG bytes. The winner is
    highlighted once the game is ``finished`` (by default: once its totals end it; a game
    closed early with /fine is finished too)."""
    figure = _new_figure(GAME_SIZE)
    width_px, height_px = figure.bbox.width, figure.bbox.height
    em = _px(_TEXT_PT)
    played = len(game.hands)
    quadri = game.rules.quadri
    series = _series(game)
    palette = player_colours(game.players, colours)
    if finished is None:
        finished = game.is_over()
    winners = set(game.winners()) if finished else set()

    # From the top: the title, the key, the axes; the end labels in the right margin.
    _title(figure, title)
    keys = [
        _Key(
            _plain(s.player) + (_(" (vince)") if s.player in winners else ""),
            colour=palette[s.player],
            width=_WINNER_LINE_PT if s.player in winners else _LINE_PT,
            bold=s.player in winners,
        )
        for s in series
    ]
    if any(s.won for s in series):
        keys.append(_Key(_("Tamalo riuscito"), marker=_WON))
    if any(s.lost for s in series):
        keys.append(_Key(_("Tamalo sbagliato"), marker=_LOST))
    key_bottom = _draw_key(figure, keys, top=2 * _PAD_PX + 1.2 * _px(_TITLE_PT))

    # Hands 0…N (0…16 in 4 Quadri), points from 0 to the target or the highest total;
    # ticks only where they are seen, as every tick takes time to draw.
    last = scoring.QUADRI * scoring.HANDS_PER_QUADRO if quadri else max(played, 1)
    highest = max((max(s.ys) for s in series if s.ys), default=0)
    high = max(highest, 0 if quadri else game.rules.target, 10) * 1.07
    low = -high * 0.03
    steps = [1, 2, 5, 10]
    x_ticks = list(range(last + 1))
    if last > 16:
        hands = MaxNLocator(nbins=9, steps=steps, integer=True).tick_values(0, last)
        x_ticks = [int(x) for x in hands if 0 <= x <= last]
    points = MaxNLocator(nbins=6, steps=steps, integer=True).tick_values(0, high)
    y_ticks = [int(y) for y in points if y < high]

    # The axes fill what is left, with room on the left for the widest tick label
    # (DejaVu Sans digits are 0.636 em wide) and on the right for the end labels.
    ends = [s for s in series if s.ys]
    end_texts = [
        f"{_plain(s.player)} {s.ys[-1]}" + (_(" (esce)") if s.player in game.left_after else "")
        for s in ends
    ]
    end_font = _font(_TEXT_PT, bold=True)
    digits = max(len(str(y)) for y in y_ticks)
    left = (digits * 0.636 * _px(_TICK_PT) + 1.3 * _px(_LABEL_PT) + 2.5 * _PAD_PX) / width_px
    right = 1 - (_widest(end_texts, end_font) + 2 * _PAD_PX) / width_px if ends else 0.97
    bottom = 0.1
    top = 1 - (key_bottom + 1.5 * _PAD_PX + (1.2 * em + 4 if quadri else 0)) / height_px
    ax = figure.add_axes((left, bottom, right - left, top - bottom))
    axes_w, axes_h = width_px * (right - left), height_px * (top - bottom)
    pad = 18 * last / axes_w  # 18 px either side, for the round line ends and the markers
    ax.set_xlim(-pad, last + pad)
    ax.set_ylim(low, high)
    per_px = (high - low) / axes_h  # points per pixel, to place text in data units
    ax.tick_params(labelsize=_TICK_PT)  # before the ticks exist: then it styles none
    ax.grid(True, color=_GRID, linewidth=0.8)
    ax.set_xticks(x_ticks)
    ax.set_yticks(y_ticks)
    ax.set_xlabel(_("Mano"), fontsize=_LABEL_PT)
    ax.set_ylabel(_("Punti"), fontsize=_LABEL_PT)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)

    # One line per player, one artist per kind of Tamalo call.
    for line in series:
        wins = line.player in winners
        ax.plot(
            line.xs,
            line.ys,
            color=palette[line.player],
            linewidth=_WINNER_LINE_PT if wins else _LINE_PT,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=3 if wins else 2,
        )
    for style, calls in (
        (_WON, [(s.player, xy) for s in series for xy in s.won]),
        (_LOST, [(s.player, xy) for s in series for xy in s.lost]),
    ):
        if calls:
            callers = [palette[p] for p, _ in calls]
            ax.scatter(
                [x for _, (x, _) in calls],
                [y for _, (_, y) in calls],
                s=style.size**2,
                marker=style.marker,
                c=callers if style.face is None else style.face,
                edgecolors=callers if style.edge is None else style.edge,
                linewidths=style.edge_width,
                zorder=4,
            )

    # The target, or the quadri.
    if quadri:
        step = scoring.HANDS_PER_QUADRO
        ax.vlines(
            list(range(step, last, step)),
            0,
            1,
            transform=ax.get_xaxis_transform(),
            colors=_MUTED,
            linestyles="dashed",
            linewidth=1.4,
            zorder=1,
        )
        for quadro in range(1, scoring.QUADRI + 1):
            ax.text(
                (quadro - 0.5) * step,
                1 + 4 / axes_h,
                f"Quadro {quadro}",
                transform=ax.get_xaxis_transform(),
                ha="center",
                va="bottom",
                fontsize=_TEXT_PT,
                fontweight="bold",
                color=_MUTED,
            )
    else:
        target = game.rules.target
        ax.axhline(target, color=_MUTED, linestyle="dashed", linewidth=1.4, zorder=1)
        ax.text(
            0.01,
            target + 3 * per_px,
            _("soglia {target}").format(target=target),
            transform=ax.get_yaxis_transform(),
            ha="left",
            va="bottom",
            fontsize=_TEXT_PT,
            color=_MUTED,
        )
    if not played:
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

    # Each line's name and total by its end, nudged apart where totals are close.
    beside = blended_transform_factory(figure.transFigure, ax.transData)
    heights = _spread([s.ys[-1] for s in ends], 1.2 * em * per_px, low, high)
    for line, text, y in zip(ends, end_texts, heights, strict=True):
        figure.text(
            right + 8 / width_px,
            y,
            text,
            transform=beside,
            va="center",
            fontproperties=end_font,
            color=palette[line.player],
        )
    return _png(figure)


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
    """The end-of-night summary as PNG bytes: wins, hand points and Tamalo calls."""
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

    panel_in = 0.7 + 0.34 * len(players)
    gap_in = 0.75
    height_in = 0.8 + 3 * panel_in + 2 * gap_in + 0.45
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
    wins_ax, points_ax, calls_ax = figure.subplots(3, 1)
    for ax, heading in (
        (wins_ax, _("Vittorie")),
        (points_ax, _("Punti per mano")),
        (calls_ax, _("Tamalo chiamati")),
    ):
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

    # Hand points: every hand a dot, the middle half of them a band, the median a bar.
    dots: list[tuple[int, float, str]] = []
    for row, player in zip(rows, players, strict=True):
        points = sorted(figures.hand_points.get(player, ()))
        if not points:
            points_ax.text(0, row, _("nessuna mano"), va="center", fontsize=_TEXT_PT, color=_MUTED)
            continue
        q1, median, q3 = (_quantile(points, q) for q in (0.25, 0.5, 0.75))
        points_ax.barh(
            row, q3 - q1, left=q1, height=0.7, color=palette[player], alpha=0.25, linewidth=0
        )
        points_ax.plot([median] * 2, [row - 0.38, row + 0.38], color="black", linewidth=3)
        dots += [(p, row + _jitter(i), palette[player]) for i, p in enumerate(points)]
    if dots:
        xs, ys, dot_colours = zip(*dots, strict=True)
        points_ax.scatter(xs, ys, s=30, c=dot_colours, edgecolors="white", linewidths=0.6, zorder=3)
    points_ax.set_xlim(-1, max((x for x, _, _ in dots), default=10) * 1.04 + 1)
    _panel_key(
        points_ax,
        [
            Patch(facecolor="#888888", alpha=0.25, label=_("metà centrale")),
            Line2D([], [], color="black", linewidth=3, label=_("mediana")),
        ],
    )

    # Tamalo calls: the won part solid, the lost part hatched.
    made = [figures.calls.get(p, (0, 0))[0] for p in players]
    won = [min(figures.calls.get(p, (0, 0))[1], m) for p, m in zip(players, made, strict=True)]
    lost = [m - w for m, w in zip(made, won, strict=True)]
    calls_ax.barh(rows, won, height=0.65, color=bar_colours, linewidth=0)
    calls_ax.barh(
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
        calls_ax.annotate(
            _("{good} su {total}").format(good=good, total=total) if total else "0",
            xy=(total, row),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
            fontsize=_TEXT_PT,
            fontweight="bold",
        )
    calls_ax.set_xlim(0, max(*made, 1) * 1.2)
    _panel_key(
        calls_ax,
        [
            Patch(facecolor="#777777", edgecolor="#777777", label=_("riusciti")),
            Patch(facecolor="white", edgecolor="#555555", hatch="////", label=_("sbagliati")),
        ],
    )
    return _png(figure, level=6)  # once a night: smaller rather than faster


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
