"""A points game's forecast: certain where the game is all but decided, even between sides
alike, on the side of who scores more (or less, where the lowest wins), the same for the same
seed, and none for a game over or with nothing to go on."""

from __future__ import annotations

import pytest

from scoring.punti import Match, Rules
from scoring.punti.forecast import chances, model_of


def played(match: Match, *rounds: dict[str, int]) -> Match:
    for points in rounds:
        match = match.with_round(points)
    return match


DUO = Match.start([["Anna"], ["Bruno"]], Rules(target=100))


def test_nothing_to_go_on_or_nothing_left_says_nothing() -> None:
    assert chances(DUO, {}) == {}
    assert model_of(DUO, {}) is None
    over = played(DUO, {"Anna": 100, "Bruno": 3})
    assert chances(over, {}) == {}


def test_the_chances_add_up_and_repeat_with_the_seed() -> None:
    game = played(DUO, {"Anna": 20, "Bruno": 18})
    first = chances(game, {}, seed=7)
    assert sum(first.values()) == pytest.approx(1.0)
    assert chances(game, {}, seed=7) == first


def test_a_game_all_but_decided_is_all_but_certain() -> None:
    history = {"Anna": [10, 12, 9, 11] * 5, "Bruno": [10, 9, 11, 12] * 5}
    game = played(DUO, {"Anna": 95, "Bruno": 10})
    assert chances(game, history)["Anna"] > 0.99


def test_sides_alike_are_near_even_and_the_better_scorer_leads() -> None:
    alike = {"Anna": [10, 12, 9, 11] * 5, "Bruno": [11, 9, 12, 10] * 5}
    game = played(DUO, {"Anna": 10, "Bruno": 10})
    even = chances(game, alike)
    assert abs(even["Anna"] - 0.5) < 0.05
    better = {"Anna": [20, 22, 19, 21] * 5, "Bruno": [10, 9, 11, 12] * 5}
    assert chances(game, better)["Anna"] > 0.9


def test_where_the_lowest_wins_the_lower_scorer_leads() -> None:
    hearts = Match.start([["Anna"], ["Bruno"]], Rules(target=100, lowest=True))
    history = {"Anna": [20, 22, 19, 21] * 5, "Bruno": [10, 9, 11, 12] * 5}
    game = played(hearts, {"Anna": 10, "Bruno": 10})
    assert chances(game, history)["Bruno"] > 0.9


def test_teams_and_sides_that_left() -> None:
    pairs = Match.start([["Anna", "Carla"], ["Bruno", "Dario"], ["Elena"]], Rules(target=11))
    game = played(pairs, {"Anna+Carla": 5, "Bruno+Dario": 3, "Elena": 9})
    game = game.without_side(game.sides[2])
    found = chances(game, {})
    assert list(found) in (["Anna+Carla", "Bruno+Dario"], ["Bruno+Dario", "Anna+Carla"])
    assert found["Anna+Carla"] > found["Bruno+Dario"]
