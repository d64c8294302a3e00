"""The forecast's backtest measures what it says: stages, the calibration error, and games
the rules engine played to their end."""

from __future__ import annotations

import math

import numpy as np

from bench import forecast_games, forecast_life
from bench.forecast import Backtest, backtest_generated, stage_hands
from scoring.tamalo import Mode, Rules


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


def test_the_buckets_of_a_groups_history() -> None:
    assert [forecast_life.bucket_of(n) for n in (0, 1, 2, 3, 9, 10, 29)] == [
        "no past game", "1–2 past games", "1–2 past games", "3–9 past games",
        "3–9 past games", "10+ past games", "10+ past games",
    ]  # fmt: skip


def test_groups_whose_players_differ_and_groups_all_alike() -> None:
    made = forecast_games.groups(((Rules(), 2), (Rules(mode=Mode.CONTRO, target=30), 2)))
    assert [(g.differ, g.rules.mode) for g in made] == [
        (True, Mode.CLASSIC), (False, Mode.CLASSIC), (True, Mode.CONTRO), (False, Mode.CONTRO),
    ]  # fmt: skip
    for group in made:
        kinds = {(p.skill, p.boldness) for p in group.players}
        assert len(group.players) == 6
        assert (len(kinds) > 1) == group.differ
    life = forecast_games.group_life(made[2], 2, seed=1)
    assert all(game.is_over() and game.rules.target == 30 for game in life)


def test_calls_above_90_percent_are_judged_a_game_at_a_time() -> None:
    """Two games' calls: the first's two at 95% came true, the second's at 95% did not;
    a game's calls move together, so the error is of two games, not three calls."""
    bucket = forecast_life.Bucket(
        pairs={"forecast": [(0.95, 1.0), (0.95, 1.0), (0.05, 0.0), (0.95, 0.0)]},
        games_of=[0, 0, 0, 1],
    )
    calls, chance, came_true, error = bucket.sure_calls()
    assert (calls, round(chance, 6), round(came_true, 6)) == (3, 0.95, round(2 / 3, 6))
    gaps = np.array([-0.05, -0.05, 0.95])
    per_game = [(gaps[:2] - gaps.mean()).sum(), gaps[2] - gaps.mean()]
    assert math.isclose(error, math.sqrt(sum(g**2 for g in per_game)) / 3)


def test_a_small_group_life_fills_its_buckets() -> None:
    made = forecast_games.groups(((Rules(), 2),))
    buckets = forecast_life.backtest(made, 2, runs=100)
    assert buckets["no past game"].games == 2
    assert buckets["1–2 past games"].games == 2
    assert not buckets["10+ past games"].brier["forecast"]
    figures = forecast_life.figures(buckets, made)
    assert len(figures) == 6  # Brier, calibration, calls above 90%: two buckets
    assert {f.verdict for f in figures} <= {"PASS", "FAIL", "info"}


def test_newcomers_add_their_first_game_to_the_first_bucket_only() -> None:
    made = forecast_games.groups(((Rules(), 2),))
    newcomers = forecast_games.groups(((Rules(), 2),), seed=24)
    alone = forecast_life.backtest(made, 2, runs=100)
    more = forecast_life.backtest(made, 2, runs=100, newcomers=newcomers)
    assert more["no past game"].games == alone["no past game"].games + 2
    assert more["1–2 past games"].brier == alone["1–2 past games"].brier
    first = len(alone["no past game"].brier["forecast"])
    assert more["no past game"].brier["forecast"][:first] == alone["no past game"].brier["forecast"]
    figures = forecast_life.figures(more, made, newcomers)
    assert "and the first games of 2 more" in figures[0].note
