"""The forecast's backtest measures what it says: stages, the calibration error, and games
the rules engine played to their end."""

from __future__ import annotations

import math

from bench import forecast_games
from bench.forecast import Backtest, backtest_generated, stage_hands


def test_stages_run_from_the_start_to_the_last_hand() -> None:
    assert stage_hands(8) == (0, 2, 4, 6, 7)
    assert stage_hands(1) == (0, 0, 0, 0, 0)


def test_the_calibration_error_of_known_pairs() -> None:
    perfect = Backtest(pairs=[(0.25, 0.0), (0.25, 0.0), (0.25, 0.0), (0.25, 1.0)])
    assert math.isclose(perfect.ece(), 0.0, abs_tol=1e-12)
    overconfident = Backtest(pairs=[(0.95, 0.0), (0.95, 1.0)])
    assert math.isclose(overconfident.ece(), 0.45)


def test_generated_games_are_whole_games_with_a_winner() -> None:
    (games,) = forecast_games.card_games(1, 5, seed=1)
    for game in games:
        assert game.is_over()
        assert game.winners()
        assert 4 <= len(game.players) <= 6


def test_a_small_backtest_judges_every_stage() -> None:
    result = backtest_generated(1, 5, 3, runs=100)
    figures = result.figures("generated", 2, calibrated=True)
    assert len(figures) == 6
    assert {f.verdict for f in figures} <= {"PASS", "FAIL"}
    assert all(len(rows) == 2 for rows in result.brier.values())
