"""How much of a player's own hands the forecast believes (``scoring.shrinkage``): as much as
the evidence says, checked against the same model integrated numerically."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.shrinkage import PRIOR, SPREADS, shrink

WITHIN = 64.0  # a total's variance from hand to hand: eight points either way
SCALE = 3.0


def test_players_who_differ_only_by_chance_stay_close_to_the_chat() -> None:
    """Six players, ten hands each, averages as close as chance makes them: little weight."""
    means = np.array([12.0, 13.0, 11.5, 12.5, 12.2, 11.8])
    estimates = shrink(means, np.full(6, 10.0), WITHIN, SCALE)
    assert (estimates.weight < 0.25).all(), estimates


def test_players_who_really_differ_are_soon_themselves() -> None:
    """Forty hands each, averages eight points apart (sampling noise: 1.3): almost their own."""
    means = np.array([6.0, 14.0, 22.0, 10.0, 18.0])
    estimates = shrink(means, np.full(5, 40.0), WITHIN, SCALE)
    assert (estimates.weight > 0.85).all(), estimates


def test_more_hands_weigh_more_and_leave_less_unknown() -> None:
    means = np.array([8.0, 16.0, 12.0, 12.0])
    estimates = shrink(means, np.array([2.0, 20.0, 200.0, 0.0]), WITHIN, SCALE)
    assert estimates.weight[0] < estimates.weight[1] < estimates.weight[2]
    assert estimates.spread[3] > estimates.spread[0] > estimates.spread[1] > estimates.spread[2]


def test_a_new_chat_knows_nothing_of_its_players_but_how_players_differ() -> None:
    """No hands at all: every player is the chat's, as unknown as the prior says."""
    estimates = shrink(np.zeros(4), np.zeros(4), WITHIN, SCALE)
    assert (estimates.weight == 0).all()
    # Even odds of no difference at all, else a half-normal of scale SCALE.
    slab = np.exp(-0.5 * SPREADS**2)
    expected = np.sqrt(0.5 * slab @ (SPREADS * SCALE) ** 2 / slab.sum())
    assert np.allclose(estimates.spread, expected)
    assert np.isclose(PRIOR[0], 0.5 + 0.5 / slab.sum())


def test_one_known_player_has_nobody_to_differ_from() -> None:
    """A single player's average says nothing of how players differ: the prior's spread."""
    alone = shrink(np.array([5.0]), np.array([30.0]), WITHIN, SCALE)
    taus = SPREADS * SCALE
    expected = PRIOR @ (taus**2 / (taus**2 + WITHIN / 30))
    assert np.isclose(alone.weight[0], expected)


def numeric_weights(means: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The same model by brute force: for each spread on the grid, the averages' likelihood
    integrated over the chat's mean numerically (a fine grid, a flat prior), then each
    player's share of their own average averaged over the spreads."""
    taus = SPREADS * SCALE
    mus = np.linspace(-150, 200, 7001)
    likelihood = []
    for tau in taus:
        variances = tau**2 + WITHIN / counts
        log_density = -0.5 * (
            ((means[None, :] - mus[:, None]) ** 2 / variances).sum(axis=1)
            + np.log(2 * np.pi * variances).sum()
        )
        peak = log_density.max()
        area = np.trapezoid(np.exp(log_density - peak), mus)
        likelihood.append(peak + np.log(area))
    log_posterior = np.log(PRIOR) + np.array(likelihood)
    weights = np.exp(log_posterior - log_posterior.max())
    weights /= weights.sum()
    shares = taus[:, None] ** 2 / (taus[:, None] ** 2 + WITHIN / counts[None, :])
    return np.asarray(weights @ shares)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 40), st.integers(1, 60)), min_size=2, max_size=6))
def test_the_weights_are_the_models_integrated_numerically(
    players: list[tuple[float, int]],
) -> None:
    means = np.array([mean for mean, _ in players])
    counts = np.array([float(count) for _, count in players])
    estimates = shrink(means, counts, WITHIN, SCALE)
    assert np.allclose(estimates.weight, numeric_weights(means, counts), atol=1e-6)
