"""/grafico's drawing: a 6-player, 40-hand game's chart, against a plain matplotlib line chart
of the same data.

What is measured is the function the chart workers run (``bot.games.tamalo.charts.draw_game``, which
calls ``bot.games.tamalo.charts.game.game_chart``), in this process, from the game to PNG bytes. The
reference is what anyone would write to chart those numbers: a ``Figure`` on the Agg canvas (the
object API, as ours), one axes, six ``plot`` lines of 41 points, ``savefig`` to PNG bytes,
at the same size and dpi (1280×960 px). Ours draws more (title, key, markers for the
Tamalo calls, the target line, end labels) and writes its PNG itself; the target says what
all that may cost on top of the plain chart.

The two take turns (ours, plain, plain, ours, …) after a warm-up of both, so that a noisy
moment of the machine weighs on both; the figure is the ratio of the medians.
"""

from __future__ import annotations

import io
import random
import struct
import time
from collections.abc import Callable, Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure as MplFigure

from bench.common import Figure, median
from bench.mano import random_hand
from bot.charts.drawing import DPI, GAME_SIZE
from bot.games.tamalo.charts import draw_game
from scoring.tamalo import Game, Hand, Report, Rules

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Francesco")
HANDS = 40
TITLE = "Partita del 22/11/2026 · classica"


def long_game(hands: int = HANDS, seed: int = 2026) -> Game:
    """Six players, ``hands`` hands with now and then a Tamalo call, the target set so that
    the last hand ends the game (as the docs' sample chart: the winner's line is drawn
    thicker, every kind of marker appears)."""
    rng = random.Random(seed)
    game = Game(PLAYERS, Rules(target=10_000))
    for _ in range(hands):
        totals, caller = random_hand(rng, PLAYERS)
        game = game.with_hand(Hand(tuple(Report(p, t) for p, t in totals.items()), caller))
    last = max(game.totals().values())
    before = max(game.running_totals()[-2].values())
    ended = Game(PLAYERS, Rules(target=max(before + 1, last - last % 10)))
    for scored in game.hands:
        ended = ended.with_hand(scored.hand)
    assert ended.is_over()
    assert len(ended.hands) == hands
    return ended


def plain_chart(xs: Sequence[int], lines: Sequence[Sequence[int]]) -> bytes:
    """The reference: the plainest matplotlib line chart of the same numbers."""
    figure = MplFigure(figsize=GAME_SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    for ys in lines:
        ax.plot(xs, ys)
    png = io.BytesIO()
    figure.savefig(png, format="png", dpi=DPI)
    return png.getvalue()


def png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(b"\x89PNG\r\n\x1a\n"), "not a PNG"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def _seconds(draw: Callable[[], bytes]) -> float:
    start = time.perf_counter()
    draw()
    return time.perf_counter() - start


async def measure(quick: bool = False) -> list[Figure]:
    rounds = 4 if quick else 30
    game = long_game()
    colours = {p: i for i, p in enumerate(PLAYERS)}
    xs = list(range(HANDS + 1))
    totals = game.running_totals()
    lines = [[0, *(t[p] for t in totals)] for p in PLAYERS]

    def ours() -> bytes:
        return draw_game(game, TITLE, colours, True, "it")

    def plain() -> bytes:
        return plain_chart(xs, lines)

    sizes = {png_size(ours()), png_size(plain())}  # the warm-up: fonts, caches
    assert len(sizes) == 1, f"not the same size: {sizes}"
    mine: list[float] = []
    theirs: list[float] = []
    for turn in range(rounds):
        pair = ((mine, ours), (theirs, plain))
        for times, draw in pair if turn % 2 == 0 else pair[::-1]:
            times.append(_seconds(draw))
    width, height = sizes.pop()
    note = (
        f"{len(PLAYERS)} players × {HANDS} hands, {width}×{height} px; median of {rounds} "
        f"each, taking turns; PNG {len(ours()) // 1024} KB vs {len(plain()) // 1024} KB"
    )
    return [
        Figure(
            "/grafico render (6 × 40)",
            median(mine) * 1000,
            "ms",
            "plain matplotlib lines",
            median(theirs) * 1000,
            1.3,
            note=note,
            details={
                "rounds": rounds,
                "ours_min_max_ms": [round(min(mine) * 1000, 1), round(max(mine) * 1000, 1)],
                "plain_min_max_ms": [round(min(theirs) * 1000, 1), round(max(theirs) * 1000, 1)],
            },
        )
    ]
