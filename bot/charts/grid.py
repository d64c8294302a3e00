"""Where the night chart's panels go, in pixels: two columns, so that a big night still fits a
phone's screen. Plain numbers in and out (no matplotlib), so that the layout can be tested as
data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.charts.layout import Box

#: The image is at most this much taller than wide: shown as wide as a phone, it fits its
#: screen whole (one panel above another, a night of 9 was 1280×2966 px, three screens).
MAX_ASPECT: Final = 1.5
#: A player's row in every panel, in pixels: as tall as the room allows between these. Below
#: the least the names crowd each other, and a very big night grows taller instead.
ROW_MOST: Final = 54.0
ROW_LEAST: Final = 38.0


@dataclass(frozen=True)
class Room:
    """What the panels' surroundings take, in pixels: the title above them all, the key
    below them all, and around each panel its heading above, its numbers below and its
    players' names on its left."""

    title: float
    key: float
    heading: float
    numbers: float
    names: float
    margin: float = 12.0
    #: Between the columns, and between a panel's numbers and the next row's heading.
    gutter: float = 48.0
    gap: float = 24.0
    #: Right of each panel, where half of its last number may stick out.
    right: float = 20.0


@dataclass(frozen=True)
class NightGrid:
    """The image's size, a player's row, and each panel's axes (``y`` from the bottom), in
    reading order: wins and calls side by side, then the hand points, one mode across the
    width or both modes side by side."""

    width: float
    height: float
    row: float
    panels: tuple[Box, ...]
    #: Where each panel's column starts on the left: its heading starts there.
    lefts: tuple[float, ...]


def night_grid(players: int, points: int, room: Room, width: float) -> NightGrid:
    """The grid for ``players`` rows in every panel and ``points`` hand-points panels."""
    rows = [2] + ([points] if points else [])  # panels side by side in each row of panels
    bands = len(rows) * (room.heading + room.numbers) + (len(rows) - 1) * room.gap
    fixed = room.title + bands + room.key + room.margin
    fits = (MAX_ASPECT * width - fixed) / (len(rows) * (players + 1))  # half a row above, below
    row = min(ROW_MOST, max(ROW_LEAST, fits))
    tall = row * (players + 1)
    height = fixed + len(rows) * tall
    panels: list[Box] = []
    lefts: list[float] = []
    top = height - room.title - room.heading
    for across in rows:
        column = (width - 2 * room.margin - (across - 1) * room.gutter) / across
        for index in range(across):
            left = room.margin + index * (column + room.gutter)
            lefts.append(left)
            panels.append(Box(left + room.names, top - tall, left + column - room.right, top))
        top -= tall + room.numbers + room.gap + room.heading
    return NightGrid(width, height, row, tuple(panels), tuple(lefts))
