"""The rest of a home game played many times at once: each deal someone closes (0) or nobody
does, the others draw the points they are left holding (``model``), and the game ends as
``scoring.macchiavelli.home.Match`` ends it: after its deals, or once a total reaches the
target, whichever first. Each run plays one version of each player throughout.

A pure function of the match, the model, the number of runs and a seed: no I/O, no clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scoring.macchiavelli.forecast.model import LEVELS, SKILLS, DealModel, Ints
from scoring.macchiavelli.home import Match

#: A game still running this many deals on (a target far off) is ranked as it stands.
MAX_DEALS = 400
#: The longest stretch of deals drawn at once, to a target.
LONGEST_STRETCH = 32


@dataclass(frozen=True, eq=False)
class Runs:
    """Every run's end: the deal that ended it, and per seat and run the final total."""

    ended_after: Ints
    totals: Ints


def expected_deals(match: Match, model: DealModel) -> float:
    """About the deals left: the game's own, or the gap from the highest total to the target
    at the pace of the fastest seat. Sizes the first stretch drawn, and the runs afforded."""
    played = len(match.deals)
    left = float(match.rules.deals_in_game - played) if match.rules.deals_in_game else math.inf
    if match.rules.target is None:
        return left
    gap = match.rules.target - max(match.totals().values())
    pace = max(float(model.pace.max()) * model.closed * (1 - 1 / len(model.players)), 1.0)
    return min(left, max(gap, 0) / pace + 1, float(MAX_DEALS))


def simulate(match: Match, model: DealModel, runs: int, seed: int) -> Runs:
    """Play ``match`` to its end ``runs`` times; ``model`` covers ``match.players`` in order."""
    rng = np.random.default_rng(seed)
    seats = len(model.players)
    chosen = rng.integers(0, SKILLS * SKILLS, size=(seats, runs))
    # Where each run's version of each seat starts in ``model.points``, flattened.
    tables = ((np.arange(seats)[:, None] * SKILLS + chosen % SKILLS) * LEVELS).astype(np.int32)
    rate = np.take_along_axis(model.rate, chosen // SKILLS, axis=1)
    cumulative = np.cumsum(rate, axis=0)
    cumulative = (cumulative / cumulative[-1]).astype(np.float32)
    played = len(match.deals)
    now = match.totals()
    totals = np.repeat(np.array([[now[p]] for p in match.players], dtype=np.int32), runs, axis=1)
    limit, target = match.rules.deals_in_game, match.rules.target
    left = min(limit - played if limit is not None else MAX_DEALS, MAX_DEALS)
    ended = np.full(runs, played + left, dtype=np.int64)
    alive = np.arange(runs)
    number = played
    length = left
    if target is not None:
        length = min(left, LONGEST_STRETCH, max(2, math.ceil(expected_deals(match, model))))
    while alive.size and number - played < left:
        span = min(length, left - (number - played))
        points = _draw(model, tables[:, alive], cumulative[:, alive], span, rng)
        running = totals[:, None, alive] + np.cumsum(points, axis=1, dtype=np.int32)
        if target is None:
            done = np.zeros(alive.size, dtype=bool)
            last = np.full(alive.size, span - 1)
        else:
            over = running.max(axis=0) >= target
            done = over.any(axis=0)
            last = np.where(done, over.argmax(axis=0), span - 1)
        totals[:, alive] = running[:, last, np.arange(alive.size)]
        ended[alive[done]] = number + 1 + last[done]
        alive = alive[~done]
        number += span
        if done.any():  # the ends have begun: shorter stretches, less drawn past them
            length = max(2, -(-length // 3))
    return Runs(ended, totals)


def _draw(
    model: DealModel,
    tables: Ints,
    cumulative: npt.NDArray[np.float32],
    span: int,
    rng: np.random.Generator,
) -> Ints:
    """``span`` deals for each run given (``tables``: where its version of each seat starts
    in ``model.points``): per seat, deal and run the points, ``(seats, span, runs)``; one
    seat at 0 where the deal has a closer."""
    seats, runs = tables.shape
    levels = rng.integers(0, LEVELS, size=(seats, span, runs), dtype=np.int32)
    points = np.take(model.points, levels + tables[:, None, :])
    pick = rng.random((span, runs), dtype=np.float32)
    closer = np.minimum((pick[None, :, :] >= cumulative[:, None, :]).sum(axis=0), seats - 1)
    closed = np.flatnonzero(rng.random(span * runs) < model.closed)
    points.reshape(seats, span * runs)[closer.ravel()[closed], closed] = 0
    return np.asarray(points)
