"""Where things go on a game chart, in pixels: a label put where it covers the fewest lines,
marks and other labels, and a late joiner's colour told apart from every other line's.
Plain numbers in and out (no matplotlib), so that the choices can be tested as data."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

#: Colours closer than this (CIE76 ΔE, in Lab) read as one at a glance: a late joiner's line
#: so close to another would look like its continuation. Vermillion and orange are 33 apart.
DISTINCT: Final = 40.0
#: What covering a mark or another label costs, against a pixel of line covered.
_MARK_COST: Final = 400.0
_OUTSIDE_COST: Final = 1e6


@dataclass(frozen=True)
class Box:
    """A rectangle in pixels, ``y`` growing upwards."""

    left: float
    bottom: float
    right: float
    top: float

    def overlap(self, other: Box) -> float:
        """The area the two boxes share."""
        wide = min(self.right, other.right) - max(self.left, other.left)
        high = min(self.top, other.top) - max(self.bottom, other.bottom)
        return max(wide, 0.0) * max(high, 0.0)

    def holds(self, x: float, y: float, reach: float = 0.0) -> bool:
        """Whether the point, or a disc of radius ``reach`` around it, touches the box."""
        return (
            self.left - reach <= x <= self.right + reach
            and self.bottom - reach <= y <= self.top + reach
        )

    def within(self, bounds: Box) -> bool:
        return (
            bounds.left <= self.left
            and self.right <= bounds.right
            and bounds.bottom <= self.bottom
            and self.top <= bounds.top
        )


class Segments:
    """The lines drawn, as straight segments in pixels."""

    def __init__(self, segments: Sequence[tuple[float, float, float, float]]) -> None:
        coords = np.array(segments, dtype=float).reshape(-1, 4)
        self.x0, self.y0, self.x1, self.y1 = coords.T

    def length_inside(self, box: Box) -> float:
        """How many pixels of the segments run inside ``box`` (Liang–Barsky clipping)."""
        if not self.x0.size:
            return 0.0
        dx, dy = self.x1 - self.x0, self.y1 - self.y0
        start, end = np.zeros_like(dx), np.ones_like(dx)
        keep = np.ones_like(dx, dtype=bool)
        for p, q in (
            (-dx, self.x0 - box.left),
            (dx, box.right - self.x0),
            (-dy, self.y0 - box.bottom),
            (dy, box.top - self.y0),
        ):
            parallel = p == 0
            keep &= ~(parallel & (q < 0))
            with np.errstate(divide="ignore", invalid="ignore"):
                ratio = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
            start = np.where(~parallel & (p < 0), np.maximum(start, ratio), start)
            end = np.where(~parallel & (p > 0), np.minimum(end, ratio), end)
        inside = np.where(keep, np.clip(end - start, 0.0, None), 0.0)
        return float((inside * np.hypot(dx, dy)).sum())


def place(
    anchor: tuple[float, float],
    size: tuple[float, float],
    offsets: Sequence[tuple[float, float]],
    *,
    lines: Segments,
    marks: Sequence[tuple[float, float]],
    taken: Sequence[Box],
    bounds: Box,
    reach: float = 0.0,
) -> Box:
    """Of the boxes of ``size`` whose lower left corner is one of ``offsets`` from
    ``anchor`` (moved within ``bounds`` where they stick out), the one that covers the
    least: pixels of line, marks (of radius ``reach``), other labels' boxes (``taken``),
    anything outside ``bounds``; the first of equals."""
    x, y = anchor
    width, height = size
    best: tuple[float, Box] | None = None
    for dx, dy in offsets:
        box = _inside(Box(x + dx, y + dy, x + dx + width, y + dy + height), bounds)
        cost = lines.length_inside(box)
        cost += _MARK_COST * sum(box.holds(mx, my, reach) for mx, my in marks)
        cost += _MARK_COST * sum(box.overlap(other) > 0 for other in taken)
        if not box.within(bounds):
            cost += _OUTSIDE_COST
        if best is None or cost < best[0]:
            best = (cost, box)
        if cost == 0:
            break
    assert best is not None, "no offsets"
    return best[1]


def _inside(box: Box, bounds: Box) -> Box:
    """``box`` moved the least that puts it within ``bounds``, where it fits there."""
    dx = max(bounds.left - box.left, 0.0) or min(bounds.right - box.right, 0.0)
    dy = max(bounds.bottom - box.bottom, 0.0) or min(bounds.top - box.top, 0.0)
    return Box(box.left + dx, box.bottom + dy, box.right + dx, box.top + dy)


def lab(colour: str) -> tuple[float, float, float]:
    """A ``#rrggbb`` colour in CIE Lab (D65): distances there follow what the eye sees."""
    channels = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def apart(colour: str, others: Sequence[str]) -> float:
    """How far ``colour`` is from the nearest of ``others`` (ΔE; infinite with none)."""
    return min((math.dist(lab(colour), lab(other)) for other in others), default=math.inf)


def set_apart(
    palette: Mapping[str, str],
    joiners: Sequence[str],
    choices: Sequence[str],
    distinct: float = DISTINCT,
) -> dict[str, str]:
    """``palette`` with each late joiner whose colour is less than ``distinct`` from another
    line's given instead the one of ``choices`` farthest from every other line's."""
    colours = dict(palette)
    for joiner in joiners:
        others = [c for p, c in colours.items() if p != joiner]
        if apart(colours[joiner], others) < distinct:
            free = [c for c in choices if c not in others]
            colours[joiner] = max(free, key=lambda c: apart(c, others), default=colours[joiner])
    return colours
