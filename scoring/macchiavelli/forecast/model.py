"""How each player's next deals are drawn: how often they close, and the points they are left
holding when they do not, from their own deals blended with the group's, the group's with a
prior read from the rules while the group is new; and what the deals leave unknown of each
player, drawn anew in each run.

Each blend adds counts: the prior counts as ``PRIOR_WEIGHT`` deals of the group's, and the
group's as many deals of a player's as the evidence says (``scoring.shrinkage``: how far the
group's players really differ, and how many deals of each there are). A newcomer plays like
the group, a regular like themselves. Over a game of many deals a small difference between
players compounds, and it must not compound into a certainty the deals played do not give: so
each player has ``SKILLS`` equally likely versions, a little better or worse, and a run plays
one of them throughout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np
import numpy.typing as npt

from scoring.macchiavelli.cards import deck_points
from scoring.macchiavelli.deal import Deal
from scoring.macchiavelli.forecast.history import DealHistory
from scoring.shrinkage import shrink

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.integer[Any]]

#: The most points one player can be left with in a deal: every card of the two decks and
#: the 4 jolly (``cards.deck_points``); a count is never more (``cards.check_points``).
MOST = deck_points(jokers=True)
VALUES = np.arange(MOST + 1, dtype=np.float64)
#: Each player's points are kept as this many equally likely values (their quantiles).
LEVELS = 1024
#: Versions of each player a forecast draws from, at the middles of ``SKILLS`` equally likely
#: slices of a standard normal, scaled to a variance of exactly 1.
SKILLS = 8
_MIDDLES = np.array([NormalDist().inv_cdf((n + 0.5) / SKILLS) for n in range(SKILLS)])
STRATA = _MIDDLES / np.sqrt(np.mean(_MIDDLES**2))

#: How many deals of evidence the prior weighs in the group's habits.
PRIOR_WEIGHT = 20.0
#: The share of deals someone closes (the rest end with the stock run out).
PRIOR_CLOSED = 0.95
#: How far the players of a group usually differ (the prior's scale, a standard deviation):
#: by six points in what they are left holding, by a third in how often they close.
POINTS_SCALE = 6.0
CLOSE_SCALE = 0.35


def prior_points(jokers: bool) -> Floats:
    """What a player who did not close is left holding: some cards of 7.3 points on average
    (a jolly 25), mostly 10 to 80, rarely past 150: a gamma of shape 2, mean 40 (48 with
    jokers), over 1 to ``MOST``."""
    mean = 48.0 if jokers else 40.0
    weights = VALUES * np.exp(-2.0 * VALUES / mean)
    weights[0] = 0.0
    return np.asarray(weights / weights.sum(), dtype=np.float64)


@dataclass(frozen=True, eq=False)
class DealModel:
    """Per seat (the game's players, in order) and version of the player: ``points``
    ``(seats, SKILLS, LEVELS)``, the points they are left holding when they do not close, as
    equally likely values (ascending; each version's the seat's times a factor, within 1 and
    the most a count may be); ``rate`` ``(seats, SKILLS)``, how often the version closes
    against the group (1: as often). ``closed``: the chance that a deal has a closer.
    ``pace``: each seat's mean points when not closing."""

    players: tuple[str, ...]
    points: Ints
    rate: Floats
    closed: float
    pace: Floats


def _blend(counts: Floats, weight: float, fallback: Floats) -> Floats:
    """``counts`` with ``fallback`` (a distribution) added as ``weight`` observations."""
    if not np.isfinite(weight):
        return fallback
    blended = counts + weight * fallback
    total = blended.sum()
    return blended / total if total > 0 else fallback


def quantiles(distributions: Floats) -> Ints:
    """Each row (a distribution over the points 0…``MOST``) as ``LEVELS`` equally likely
    values, ascending: each value fills its share of the levels (rounded, adding up)."""
    cumulative = np.cumsum(distributions, axis=1)
    bounds = np.rint(cumulative / cumulative[:, -1:] * LEVELS).astype(np.int64)
    counts = np.diff(bounds, axis=1, prepend=0)
    values = np.tile(np.arange(MOST + 1, dtype=np.int32), len(distributions))
    return np.repeat(values, counts.ravel()).reshape(len(distributions), LEVELS)


def _counts(history: DealHistory, names: Sequence[str], deals: Sequence[Deal]) -> Floats:
    """Per name, deals per points (0…``MOST``), the history's and ``deals``'."""
    rows = {name: row for row, name in enumerate(names)}
    counts = np.zeros((len(names), MOST + 1))
    for name in names:
        for points, times in history.of(name).points.items():
            counts[rows[name], min(max(points, 0), MOST)] += times
    for deal in deals:
        for report in deal.reports:
            counts[rows[report.player], min(report.points, MOST)] += 1
    return counts


def deal_model(
    players: Sequence[str], history: DealHistory, deals: Iterable[Deal] = (), *, jokers: bool
) -> DealModel:
    """The model of ``players`` from the group's ``history`` and the ``deals`` of their game
    so far (evidence too: no history is built for them)."""
    deals = tuple(deals)
    names = tuple(dict.fromkeys((*history.players, *players)))
    counts = _counts(history, names, deals)
    share = np.array([history.of(n).share for n in names], dtype=np.float64)
    for deal in deals:
        for report in deal.reports:
            share[names.index(report.player)] += 1 / len(deal.reports)
    played = history.deals + len(deals)
    closed = (history.closed + sum(d.closer is not None for d in deals)) + PRIOR_WEIGHT * (
        PRIOR_CLOSED
    )
    closed /= played + PRIOR_WEIGHT
    rows = [names.index(p) for p in players]
    tables, scale, pace = _points(counts, rows, prior_points(jokers))
    rate = _closing(counts[:, 0], share, counts.sum(axis=1), closed, rows)
    scaled = quantiles(tables)[:, None, :] * scale[:, :, None]
    points = np.clip(np.rint(scaled), 1, deck_points(jokers=jokers)).astype(np.int32)
    return DealModel(tuple(players), points, rate, float(closed), pace)


def _points(counts: Floats, rows: list[int], prior: Floats) -> tuple[Floats, Floats, Floats]:
    """Each seat's points when not closing (a distribution), its versions' factors, and its
    mean points a deal."""
    kept = counts.copy()
    kept[:, 0] = 0.0
    deals = kept.sum(axis=1)
    means = np.divide(kept @ VALUES, deals, out=np.zeros_like(deals), where=deals > 0)
    squares = float((kept * (VALUES[None, :] - means[:, None]) ** 2).sum())
    freedom = float(np.maximum(deals - 1, 0).sum())
    prior_mean = float(prior @ VALUES)
    prior_within = float(prior @ (VALUES - prior_mean) ** 2)
    within = (squares + PRIOR_WEIGHT * prior_within) / (freedom + PRIOR_WEIGHT)
    estimates = shrink(means, deals, within, POINTS_SCALE)
    group = _blend(kept.sum(axis=0), PRIOR_WEIGHT, prior)
    weight, spread = estimates.weight[rows], estimates.spread[rows]
    own = deals[rows]
    as_deals = np.divide(
        own * (1 - weight), weight, out=np.full_like(own, np.inf), where=weight > 0
    )
    tables = np.array([_blend(kept[r], w, group) for r, w in zip(rows, as_deals, strict=True)])
    mean = tables @ VALUES
    sigma = np.sqrt(np.log1p((spread / np.maximum(mean, 1.0)) ** 2))
    scale = np.exp(sigma[:, None] * STRATA[None, :] - sigma[:, None] ** 2 / 2)
    return tables, np.asarray(scale, dtype=np.float64), np.asarray(mean, dtype=np.float64)


def _closing(
    closes: Floats, share: Floats, deals: Floats, closed: float, rows: list[int]
) -> Floats:
    """Each seat's versions of how often they close against the group (1: as often): their
    closes per fair share, shrunk towards the group's, log-normal around that by what is
    still unknown of it."""
    group = (closes.sum() + PRIOR_WEIGHT * closed) / (share.sum() + PRIOR_WEIGHT)
    rates = np.divide(closes, share, out=np.zeros_like(closes), where=share > 0)
    # A close is one deal's chance of about 1/n: its variance per fair share is the rate's
    # times the chance of not closing.
    seated = share.sum() / max(deals.sum(), 1.0) if deals.sum() else 0.25
    estimates = shrink(rates, share, group * (1 - seated), CLOSE_SCALE * group)
    relative = np.maximum(1 + estimates.weight[rows] * (rates[rows] / group - 1), 0.05)
    spread = estimates.spread[rows] / group
    sigma = np.sqrt(np.log1p((spread / np.maximum(relative, 1e-9)) ** 2))
    return np.asarray(
        relative[:, None] * np.exp(sigma[:, None] * STRATA[None, :] - sigma[:, None] ** 2 / 2),
        dtype=np.float64,
    )
