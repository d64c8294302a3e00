"""The points game's forecast backtest measures what it says: games the engine played to
their end, groups that differ or not, teams, and every bucket of history judged."""

from __future__ import annotations

import random

from bench import punti_forecast as bench


def test_groups_whose_players_differ_and_groups_all_alike() -> None:
    made = bench.groups(((bench.SCOPA, 2), (bench.FIVE_LOW, 2)))
    assert [(g.differ, g.kind) for g in made] == [
        (True, bench.SCOPA), (False, bench.SCOPA), (True, bench.FIVE_LOW), (False, bench.FIVE_LOW),
    ]  # fmt: skip
    for group in made:
        assert (len(set(group.means.values())) > 1) == group.differ
    scopa = bench.group_life(made[0], 3, seed=1)
    assert all(game.is_over() and game.winners() for game in scopa)
    assert all([len(side.members) for side in game.sides] == [2, 2] for game in scopa)
    low = bench.group_life(made[2], 3, seed=1)
    assert all(len(game.rounds) >= 5 for game in low)  # 5, or more for a tie


def test_a_round_gives_every_side_its_points() -> None:
    group = bench.groups(((bench.SCOPA, 1),))[0]
    game = bench.group_life(group, 1, seed=2)[0]
    points = bench.play_round(random.Random(1), group, game)
    assert set(points) == {side.name for side in game.sides}
    history = bench.history_of([game])
    assert sum(len(values) for values in history.values()) == 4 * len(game.rounds)


def test_a_small_group_life_fills_its_buckets() -> None:
    made = bench.groups(((bench.TO_100, 1),))
    buckets = bench.backtest(made, 3)
    assert buckets["no past game"].games == 1
    assert buckets["1–2 past games"].games == 2
    assert not buckets["10+ past games"].brier["forecast"]
    figures = bench.figures(buckets, made)
    assert len(figures) == 6  # Brier, calibration, calls above 90%: two buckets
    assert {f.verdict for f in figures} <= {"PASS", "FAIL", "info"}


def test_a_night_of_points_games_is_what_the_engine_plays() -> None:
    from bench import punti

    night = punti.round_night(3, 12)
    assert len(night) > 36  # every round, and each game's /nuova
    rounds = [text for _, text in night if text.startswith("/mano ")]
    assert len(rounds) == 36
    assert all(chat < punti.FIRST_CHAT + 1 for chat, _ in night)
    assert any("+" in text for _, text in night if text.startswith("/nuova"))
