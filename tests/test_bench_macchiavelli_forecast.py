"""Macchiavelli's forecast backtest measures what it says: games the engine played to their
end, groups that differ or not, and every bucket of history judged."""

from __future__ import annotations

import random

from bench import macchiavelli_forecast as bench
from scoring.macchiavelli import HomeRules


def test_a_generated_deal_has_one_closer_at_most_and_counts_the_cards_left() -> None:
    rng = random.Random(1)
    players = bench.groups(((HomeRules(deals=3), 1),))[0].players[:4]
    deals = [bench.deal_cards(rng, players, jokers=True) for _ in range(50)]
    assert sum(d.closer is not None for d in deals) > 40
    for deal in deals:
        assert sorted(deal.players) == sorted(p.name for p in players)
        assert all(points == 0 or points >= 2 for points in deal.points.values())


def test_groups_whose_players_differ_and_groups_all_alike() -> None:
    made = bench.groups(((HomeRules(deals=6), 2), (HomeRules(target=200), 2)))
    assert [(g.differ, g.rules.target) for g in made] == [
        (True, None), (False, None), (True, 200), (False, 200),
    ]  # fmt: skip
    for group in made:
        assert (len({p.skill for p in group.players}) > 1) == group.differ
    life = bench.group_life(made[2], 3, seed=1)
    assert all(game.is_over() and game.winners() for game in life)
    assert all(3 <= len(game.players) <= 5 for game in life)


def test_a_small_group_life_fills_its_buckets() -> None:
    made = bench.groups(((HomeRules(deals=3), 1),))
    buckets = bench.backtest(made, 3)
    assert buckets["no past game"].games == 1
    assert buckets["1–2 past games"].games == 2
    assert not buckets["10+ past games"].brier["forecast"]
    figures = bench.figures(buckets, made)
    assert len(figures) == 6  # Brier, calibration, calls above 90%: two buckets
    assert {f.verdict for f in figures} <= {"PASS", "FAIL", "info"}
