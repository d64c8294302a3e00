"""A player's hands as quantile tables, and the versions of a player a simulation's runs
draw from when the evidence leaves open how good they are.

A table holds ``LEVELS`` equally likely outcomes, best first (finishing the cards, then the
totals from 0 up): one lookup draws a hand. A version of a player is their table moved as a
whole by a shift on the logit scale of its levels (a proportional-odds shift): at every level
a little better, or a little worse. Each seat has ``SKILLS`` versions, placed at evenly
spaced quantiles of a normal whose standard deviation is what is unknown of the player's
mean total (``scoring.shrinkage``), and as many of their calling rate; a run plays one
version of each player throughout.
"""

from __future__ import annotations

from statistics import NormalDist
from typing import Any

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.integer[Any]]
Floats = npt.NDArray[np.float64]

#: Totals above this are drawn as this: the game is decided long before the difference counts.
TOP = 80
#: The outcome "finished the cards" (total 0, out), after the totals 0…TOP.
OUT = TOP + 1
OUTCOMES = OUT + 1
#: Each distribution is kept as this many equally likely outcomes (its quantiles): one lookup
#: draws a hand, and no outcome is off by more than 1/LEVELS.
LEVELS = 4096
#: Each outcome's card total (finishing the cards: 0).
VALUES = np.append(np.arange(TOP + 1), 0).astype(np.float64)
#: The outcomes best first: finishing the cards, then the totals from 0 up.
MERIT = np.array([OUT, *range(TOP + 1)], dtype=np.int16)
#: Versions of each player a forecast draws from.
SKILLS = 8
#: The versions' places: the middles of ``SKILLS`` equally likely slices of a standard
#: normal, scaled so that their variance is exactly 1.
_MIDDLES = np.array([NormalDist().inv_cdf((n + 0.5) / SKILLS) for n in range(SKILLS)])
STRATA = _MIDDLES / np.sqrt(np.mean(_MIDDLES**2))
#: Shifts are rounded to a step of the logit scale, and kept within ``±LARGEST`` (a player
#: four logits better than their table is no longer the player their hands show).
STEP = 1 / 64
LARGEST = 4.0


def _shifted_levels() -> npt.NDArray[np.int16]:
    """For each shift from ``-LARGEST`` to ``LARGEST`` by ``STEP``: each level's new level."""
    middles = (np.arange(LEVELS) + 0.5) / LEVELS
    logits = np.log(middles / (1 - middles))
    shifts = np.arange(-LARGEST, LARGEST + STEP / 2, STEP)
    # A row at a time: the whole table at once in float64 would take some 50 MB at import,
    # which the process keeps as its idle memory.
    table = np.empty((len(shifts), LEVELS), dtype=np.int16)
    for row, shift in enumerate(shifts):
        moved = 1 / (1 + np.exp(-(logits + shift)))
        table[row] = np.minimum(moved * LEVELS, LEVELS - 1)
    return table


#: Row ``UNSHIFTED + round(shift / STEP)``: the level each level moves to, shifted by
#: ``shift``. A version of a player draws a level, then reads their table at its row's.
SHIFTED = _shifted_levels()
UNSHIFTED = int(LARGEST / STEP)


def quantiles(distributions: Floats) -> Ints:
    """Each row (a distribution over the outcomes) as ``LEVELS`` equally likely outcomes,
    best first: each fills its share of the levels (rounded, the shares adding up to exactly
    ``LEVELS``)."""
    ordered = distributions[:, MERIT]
    cumulative = np.cumsum(ordered, axis=1)
    bounds = np.rint(cumulative / cumulative[:, -1:] * LEVELS).astype(np.int64)
    counts = np.diff(bounds, axis=1, prepend=0)
    outcomes = np.tile(MERIT, len(distributions))
    return np.repeat(outcomes, counts.ravel()).reshape(len(distributions), LEVELS)


def skill_shifts(distributions: Floats, spread: Floats) -> Ints:
    """Each seat's versions ``(seats, SKILLS)``, as rows of ``SHIFTED``: the shifts whose
    mean totals kept spread by ``spread`` (a standard deviation, per seat) around that of
    ``distributions`` ``(seats, OUTCOMES)``, the totals kept. A version's shift moves all of
    the player's tables alike (what they keep, call and counter-call with)."""
    ordered = distributions[:, MERIT] / distributions.sum(axis=1, keepdims=True)
    cumulative = np.cumsum(ordered, axis=1)
    # A shift moves each cumulative chance F (best first) by -F(1 - F) at first: the mean by
    # the sum of those over the steps between outcomes, each as wide as its values'.
    slope = (cumulative[:, :-1] * (1 - cumulative[:, :-1])) @ np.diff(VALUES[MERIT])
    shift = np.divide(
        spread[:, None] * STRATA[None, :],
        slope[:, None],
        out=np.zeros((len(spread), SKILLS)),
        where=slope[:, None] > 1e-6,
    )
    # Then once more, from the spread those shifts really give (a mean is no straight line
    # of the shift far from 0).
    given = _shifted_means(cumulative, shift).std(axis=1)
    shift *= np.divide(spread, given, out=np.ones_like(spread), where=given > 1e-9)[:, None]
    rounded = np.rint(np.clip(shift, -LARGEST, LARGEST) / STEP)
    return np.asarray(UNSHIFTED + rounded, dtype=np.int32)


def _shifted_means(cumulative: Floats, shift: Floats) -> Floats:
    """The mean total of each version ``(seats, versions)``: its cumulative chances are
    σ(logit F − shift), the levels' shift seen from the outcomes."""
    with np.errstate(divide="ignore"):
        logits = np.log(cumulative) - np.log1p(-np.minimum(cumulative, 1.0))
    moved = 1 / (1 + np.exp(shift[:, :, None] - logits[:, None, :]))
    chances = np.diff(moved, axis=2, prepend=0.0)
    return np.asarray(chances @ VALUES[MERIT], dtype=np.float64)


def habit_versions(rate: Floats, spread: Floats) -> Floats:
    """Each seat's calling rate ``(seats, SKILLS)``: around ``rate`` with ``spread`` (a
    standard deviation), log-normally, so that it stays above 0 with the same mean."""
    sigma = np.sqrt(np.log1p((spread / np.maximum(rate, 1e-9)) ** 2))
    return np.asarray(
        rate[:, None] * np.exp(sigma[:, None] * STRATA[None, :] - sigma[:, None] ** 2 / 2),
        dtype=np.float64,
    )
