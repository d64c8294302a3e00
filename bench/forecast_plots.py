"""The backtest's pictures: the reliability diagram, and a forecast chart of a real-looking
game (docs/forecast.md shows both)."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from bench.forecast_games import play, roster
from bot.charts.drawing import DPI, PALETTE
from bot.games.tamalo.charts.forecast import forecast_chart
from scoring.tamalo.forecast.chances import story
from scoring.tamalo.forecast.history import ChatHistory


def draw_reliability(pairs: Mapping[str, Sequence[tuple[float, float]]], bins: int) -> bytes:
    """Chance given against how often it came true, per bin, for each set of games; the
    diagonal is perfect calibration, and the bars show how many chances fell in each bin."""
    figure = Figure(figsize=(7.0, 7.5), dpi=DPI)
    FigureCanvasAgg(figure)
    top, bottom = figure.subplots(2, 1, height_ratios=[3, 1], sharex=True)
    top.plot([0, 1], [0, 1], color="#555555", linestyle="--", linewidth=1, label="perfetta")
    edges = np.linspace(0, 1, bins + 1)
    width = 0.9 / bins / max(len(pairs), 1)
    for n, (name, given) in enumerate(pairs.items()):
        chances, outcomes = np.array(given).T
        which = np.minimum((chances * bins).astype(int), bins - 1)
        filled = [b for b in range(bins) if (which == b).any()]
        means = [chances[which == b].mean() for b in filled]
        observed = [outcomes[which == b].mean() for b in filled]
        colour = PALETTE[n]
        top.plot(means, observed, marker="o", color=colour, linewidth=2, label=name)
        counts = [int((which == b).sum()) for b in range(bins)]
        bottom.bar(edges[:-1] + 0.05 / bins + n * width, counts, width=width, color=colour,
                   align="edge")  # fmt: skip
    top.set_xlim(0, 1)
    top.set_ylim(0, 1)
    top.set_ylabel("quante volte è successo")
    top.set_title("Chi vince? Previsioni contro esiti, per storia del gruppo", loc="left")
    top.legend(loc="upper left")
    top.grid(color="#dddddd")
    bottom.set_yscale("log")
    bottom.set_xlabel("probabilità di vittoria prevista")
    bottom.set_ylabel("previsioni")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


def draw_sample(seed: int = 11) -> bytes:
    """A generated game of six with a change of favourite (an election night's story),
    forecast hand by hand from its chat's 40 earlier games."""
    rng = random.Random(seed)
    regulars = roster(rng, 8)
    earlier = [play(rng, rng.sample(regulars, rng.randint(4, 6))) for _ in range(40)]
    history = ChatHistory.from_hands(s.hand for g in earlier for s in g.hands)
    for _ in range(20):
        game = play(rng, rng.sample(regulars, 6))
        chances = story(game, history)
        favourites = {max(step, key=lambda p: step[p]) for step in chances}
        if len(game.hands) >= 7 and len(favourites) >= 2:
            break
    colours = {p.name: n for n, p in enumerate(regulars)}
    return forecast_chart(
        chances,
        colours,
        title="Chi vince? La partita mano per mano",
        hands_label="mani giocate",
        chance_label="probabilità di vittoria",
    )
