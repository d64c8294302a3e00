"""What every chart shares: the palette, the sizes and fonts, a figure on its own canvas, the
title, the key drawn by hand and the PNG.

Pure and thread-safe: only matplotlib's object-oriented API (a ``Figure`` on its own Agg
canvas), no ``pyplot``, no global style changes; every style is passed explicitly.
"""

from __future__ import annotations

import io
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

TITLE_PT: Final = 15.0
LABEL_PT: Final = 13.0
TICK_PT: Final = 12.0
TEXT_PT: Final = 11.0
LINE_PT: Final = 2.2  # 4.9 px at 160 dpi
WINNER_LINE_PT: Final = 4.4
GRID: Final = "#dddddd"
MUTED: Final = "#555555"
PAD_PX: Final = 12.0


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


def plain(text: str) -> str:
    """``text`` drawn as typed: a ``$`` must not start mathtext."""
    return text.replace("$", r"\$")


def px(points: float) -> float:
    return points * DPI / 72


def font_at(size: float, *, bold: bool = False) -> FontProperties:
    return FontProperties(size=size, weight="bold" if bold else "normal")


#: Each character's advance in pixels, by font file and size: a rough width costs a sum.
_ADVANCES: dict[tuple[str | bytes, float, str], float] = {}


def widest(texts: Sequence[str], font: FontProperties) -> float:
    """The width in pixels of the widest of ``texts``. Measuring a text is slow, so each is
    first sized roughly, by its characters' advances (no kerning), and only those within a
    tenth of the roughly widest are measured: the longest in characters is not always the
    widest ("Giulia" is narrower than "Franco"). Matplotlib's fonts are per thread."""
    if not texts:
        return 0.0
    ft2 = get_font(findfont(font))
    ft2.clear()
    size = font.get_size_in_points()
    ft2.set_size(size, DPI)

    def rough(text: str) -> float:
        width = 0.0
        for char in text:
            key = (ft2.fname, size, char)
            if key not in _ADVANCES:
                _ADVANCES[key] = ft2.load_char(ord(char)).linearHoriAdvance / 65536
            width += _ADVANCES[key]
        return width

    sized = {text: rough(text) for text in texts}
    most = max(sized.values())
    widths = []
    for text in (t for t, width in sized.items() if width >= 0.9 * most):
        ft2.set_text(text, 0.0)
        widths.append(ft2.get_width_height()[0] / 64)  # 26.6 fixed point
    return max(widths)


def new_figure(size: tuple[float, float]) -> Figure:
    """A figure on its own Agg canvas, with no automatic layout: margins are set by hand."""
    figure = Figure(figsize=size, dpi=DPI, facecolor="white", layout=None)
    FigureCanvasAgg(figure)
    return figure


def png(figure: Figure, *, level: int = 1) -> bytes:
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


def draw_title(figure: Figure, title: str) -> None:
    figure.text(
        0.5,
        1 - PAD_PX / figure.bbox.height,
        plain(title),
        ha="center",
        va="top",
        fontproperties=font_at(TITLE_PT, bold=True),
    )


@dataclass(frozen=True)
class Marker:
    """How a kind of mark is drawn; a ``None`` colour is the player's."""

    marker: str
    size: float  # points
    face: str | None
    edge: str | None
    edge_width: float
    in_key: str  # the colour for ``None`` in the key, where there is no player


def draw_marks(
    ax: Axes, style: Marker, points: Sequence[tuple[float, float]], colours: Sequence[str]
) -> None:
    """One kind of mark at ``points``, each in its player's colour where ``style`` has none."""
    ax.scatter(
        [x for x, _ in points],
        [y for _, y in points],
        s=style.size**2,
        marker=style.marker,
        c=list(colours) if style.face is None else style.face,
        edgecolors=list(colours) if style.edge is None else style.edge,
        linewidths=style.edge_width,
        zorder=4,
    )


@dataclass(frozen=True)
class Key:
    """An entry of the key above the chart: a player's line or a kind of mark."""

    label: str
    colour: str = INK
    width: float = LINE_PT
    marker: Marker | None = None
    bold: bool = False


def draw_key(figure: Figure, keys: Sequence[Key], *, top: float) -> float:
    """Draw the key centred across the figure, in rows filled left to right from ``top``
    pixels below the top edge, and return where it ends, in pixels from the top edge.

    Drawn by hand rather than with ``Legend``, whose layout takes longer than the rest of
    the chart: one artist for all the lines, one per marker and a text per entry."""
    if not keys:
        return top
    width_px, height_px = figure.bbox.width, figure.bbox.height
    em = px(TEXT_PT)
    handle, gap, spacing, row = 2.2 * em, 0.6 * em, 1.4 * em, 1.5 * em
    label = widest([k.label for k in keys], font_at(TEXT_PT, bold=any(k.bold for k in keys)))
    column = handle + gap + label + spacing
    columns = max(1, min(len(keys), int((width_px * 0.94 + spacing) // column)))
    rows = math.ceil(len(keys) / columns)
    columns = math.ceil(len(keys) / rows)  # balanced: 4 + 4 rather than 5 + 3
    x0 = (width_px - columns * column + spacing) / 2
    segments: list[list[tuple[float, float]]] = []
    lines: list[Key] = []
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
            fontsize=TEXT_PT,
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
