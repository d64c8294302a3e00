"""How much of a player's own hands to believe: a normal hierarchical model of a chat's
players, in which how far they really differ is itself uncertain.

Each player's true mean of some figure a hand (the card total they keep, their calls per fair
share) lies around the chat's, N(μ, τ²); their n hands average ȳ ~ N(θ, σ²/n), σ² the figure's
spread from hand to hand. How far the players differ, τ, is weighed on a grid of values: each
by its prior (even odds that they do not differ at all, else a half-normal: the players of a
group of friends differ by about ``scale``) and by how well it explains the players' averages
(their likelihood with μ integrated out). A player's
estimate is the chat's moved towards their own average by n/(n + σ²/τ²), averaged over τ:
players who differ only by chance stay close to alike, and a player's own hands count more as
there are more of them and as the players turn out to differ. What remains unknown of each
player is kept too (``Estimates.spread``): the simulation draws each run's player from it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]

#: The spreads weighed, as multiples of the prior's ``scale``: from players all alike to
#: four times the usual difference.
SPREADS = np.linspace(0.0, 4.0, 41)
#: The prior chance that a group's players do not differ at all: even odds. Only when their
#: hands show more difference than chance makes does a group's spread move off zero.
ALIKE = 0.5


def _prior() -> Floats:
    """Each spread's prior weight: ``ALIKE`` on none at all, the rest half-normal."""
    weights = np.exp(-0.5 * SPREADS**2)
    weights = weights / weights.sum() * (1 - ALIKE)
    weights[0] += ALIKE
    return np.asarray(weights, dtype=np.float64)


PRIOR = _prior()


@dataclass(frozen=True)
class Estimates:
    """Per player: ``weight``, the share of their own average in their estimate (0 to 1);
    ``spread``, the standard deviation of their true mean around that estimate."""

    weight: Floats
    spread: Floats


def shrink(means: Floats, counts: Floats, within: float, scale: float) -> Estimates:
    """Each player's ``means`` (the figure's average over their ``counts`` hands; a player
    without hands has count 0) against the others', ``within`` the figure's variance from
    hand to hand, ``scale`` how far players usually differ (its standard deviation)."""
    means = np.asarray(means, dtype=np.float64)
    counts = np.asarray(counts, dtype=np.float64)
    taus = SPREADS * scale
    posterior = _spread_posterior(means, counts, within, taus)
    known = counts > 0
    # Per spread (rows) and player (columns): the share of their own average, and their
    # estimate's move from the chat's (the chat's own estimate for that spread).
    noise = np.where(known, within / np.maximum(counts, 1e-12), np.inf)
    share = np.where(known, taus[:, None] ** 2 / (taus[:, None] ** 2 + noise), 0.0)
    centre = _centres(means, counts, within, taus)
    moved = share * np.where(known, means - centre[:, None], 0.0)
    weight = posterior @ share
    mean_move = posterior @ moved
    variance = posterior @ (taus[:, None] ** 2 * (1 - share) + moved**2) - mean_move**2
    return Estimates(weight, np.sqrt(np.maximum(variance, 0.0)))


def _variances(counts: Floats, within: float, taus: Floats) -> Floats:
    """Per spread and known player: the variance of their average around the chat's mean."""
    known = counts[counts > 0]
    return np.asarray(taus[:, None] ** 2 + within / known[None, :], dtype=np.float64)


def _centres(means: Floats, counts: Floats, within: float, taus: Floats) -> Floats:
    """Per spread: the chat's mean, each known player's average weighed by its precision."""
    known = counts > 0
    if not known.any():
        return np.zeros(len(taus))
    precision = 1 / _variances(counts, within, taus)
    return np.asarray(precision @ means[known] / precision.sum(axis=1), dtype=np.float64)


def _spread_posterior(means: Floats, counts: Floats, within: float, taus: Floats) -> Floats:
    """How likely each spread is: prior × the averages' likelihood, μ integrated out."""
    log_prior = np.log(PRIOR)
    known = counts > 0
    if known.sum() >= 2 and within > 0:
        variances = _variances(counts, within, taus)
        precision = 1 / variances
        centre = _centres(means, counts, within, taus)
        residual = (means[known][None, :] - centre[:, None]) ** 2 * precision
        log_prior = log_prior - 0.5 * (
            np.log(variances).sum(axis=1) + np.log(precision.sum(axis=1)) + residual.sum(axis=1)
        )
    weights = np.exp(log_prior - log_prior.max())
    return np.asarray(weights / weights.sum(), dtype=np.float64)
