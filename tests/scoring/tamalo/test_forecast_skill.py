"""What the forecast leaves open of a player is drawn once a run (``forecast.skill``): each run
plays one version of each player, cards and calls alike, and the versions spread the player's
mean total as far as the evidence leaves it open."""

from __future__ import annotations

import numpy as np

from scoring.tamalo import Game, Hand, Mode, Report, Rules
from scoring.tamalo.forecast.chances import forecast
from scoring.tamalo.forecast.hand_model import HandModel, hand_model
from scoring.tamalo.forecast.history import ChatHistory
from scoring.tamalo.forecast.simulate import simulate
from scoring.tamalo.forecast.skill import (
    LARGEST,
    SHIFTED,
    SKILLS,
    STEP,
    UNSHIFTED,
    VALUES,
    quantiles,
    skill_shifts,
)

TRIO = ("Anna", "Bruno", "Carla")


def halves(low: int, high: int) -> np.ndarray:
    """A distribution: half the hands ``low``, half ``high``."""
    row = np.zeros(82)
    row[[low, high]] = 0.5
    return row


def two_versions(players: tuple[str, ...]) -> HandModel:
    """Every player keeps 0 or 50 and calls with 1 or 40, evenly; each has two versions far
    apart: one that keeps (and calls with) the low one nearly always, one the high one."""
    seats = len(players)
    kept = quantiles(np.array([halves(0, 50)] * seats))
    calling = quantiles(np.array([halves(1, 40)] * seats))
    far = int(LARGEST / STEP)
    shifts = np.tile([UNSHIFTED - far, UNSHIFTED + far], (seats, 1))
    ones = np.ones(seats)
    return HandModel(
        players, kept, calling, calling, shifts, np.ones((seats, 2)), ones * 0, 0.6, ones * 25
    )


def test_a_run_plays_one_version_of_each_player_throughout() -> None:
    game = Game(TRIO, Rules(target=100_000))
    runs = simulate(game, two_versions(TRIO), 400, seed=3, keep=True)
    stretch = runs.stretches[0]
    assert stretch.totals.shape[1] >= 20
    for seat in range(3):
        called = stretch.caller == seat
        high = np.where(called, stretch.totals[seat] == 40, stretch.totals[seat] == 50)
        share = high.mean(axis=0)  # per run: how often the high one
        assert ((share < 0.15) | (share > 0.85)).all()  # a run is one version, calls too
        assert 0.35 < (share > 0.5).mean() < 0.65  # each version in about half the runs


def test_the_versions_spread_a_players_mean_as_asked() -> None:
    rng = np.random.default_rng(5)
    for _ in range(20):
        distribution = rng.dirichlet(np.full(82, 0.3))
        spread = rng.uniform(0.5, 4.0)
        (shifts,) = skill_shifts(distribution[None, :], np.array([spread]))
        (table,) = quantiles(distribution[None, :])
        means = [VALUES[table[SHIFTED[row]]].mean() for row in shifts]
        assert len(means) == SKILLS
        assert abs(np.mean(means) - VALUES[table].mean()) < 0.15 * spread
        assert abs(np.std(means) - spread) < 0.15 * spread, (np.std(means), spread)


def test_no_evidence_of_differences_keeps_equal_players_equal() -> None:
    """Hands where everyone kept as much, in turn: the players look alike, and so they are
    drawn, however long the game left."""
    rows = [(3, 12, 7), (7, 3, 12), (12, 7, 3)] * 4
    hands = [Hand(tuple(Report(p, t) for p, t in zip(TRIO, row, strict=True))) for row in rows]
    history = ChatHistory.from_hands(hands)
    model = hand_model(TRIO, history)
    assert np.ptp(model.mean_kept) < 0.5
    chances = forecast(Game(TRIO), history, runs=6000).win
    assert max(chances.values()) - min(chances.values()) < 0.04


def test_a_long_game_one_hand_in_is_not_decided_by_five_hands_of_history() -> None:
    """A ControTamalo game to 100 after one hand, with a history of five hands in which Anna
    called four times: Anna is the favourite, not a certainty."""
    history_rows = [
        ((3, 7, 12, 0), "Anna"), ((4, 2, 9, 23), "Anna"), ((2, 3, 1, 14), "Anna"),
        ((1, 4, 30, 5), "Anna"), ((4, 5, 10, 31), None),
    ]  # fmt: skip
    four = (*TRIO, "Dario")
    history = ChatHistory.from_hands(
        Hand(tuple(Report(p, t) for p, t in zip(four, row, strict=True)), caller)
        for row, caller in history_rows
    )
    game = Game(TRIO, Rules(mode=Mode.CONTRO)).with_hand(
        Hand((Report("Anna", 1), Report("Bruno", 4), Report("Carla", 30)), "Anna")
    )
    assert all(chance <= 0.7 for chance in forecast(game, history, seed=1).win.values())
