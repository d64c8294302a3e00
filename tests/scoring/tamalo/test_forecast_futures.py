"""A game's futures drawn at its draw points and played out after each hand: the same numbers
as drawn on the spot, every run ended where the engine would end it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tamalo import Game, Hand, Mode, Report, Rules
from scoring.tamalo.forecast.chances import ahead, chances_now, forecast
from scoring.tamalo.forecast.futures import (
    Futures,
    continues,
    draw_point,
    drawn_from,
    next_point,
    play_out,
)
from scoring.tamalo.forecast.history import ChatHistory
from tests.scoring.tamalo.test_forecast import fixed_model
from tests.scoring.tamalo.test_forecast_rules import games

FOUR = ("Anna", "Bruno", "Carla", "Dario")


def random_game(rng: random.Random, hands: int, rules: Rules | None = None) -> Game:
    """A game of four with up to ``hands`` random hands (fewer if it ends)."""
    game = Game(FOUR, rules or Rules())
    for _ in range(hands):
        if game.is_over():
            break
        caller = rng.choice([None, *FOUR])
        totals = {p: rng.choice([0, 2, 5, 9, 14, 20]) for p in FOUR}
        if caller is not None:
            totals[caller] = rng.choice([0, 1, 3, 6])
        game = game.with_hand(Hand(tuple(Report(p, t) for p, t in totals.items()), caller))
    return game


@pytest.mark.parametrize(
    ("played", "point"),
    [(1, 0), (2, 0), (4, 0), (5, 4), (8, 4), (9, 8), (12, 8), (13, 12)],
)
def test_a_hand_plays_out_the_futures_of_the_latest_point_before_it(
    played: int, point: int
) -> None:
    assert draw_point(played) == point
    assert draw_point(played) < played <= next_point(draw_point(played))


@given(seed=st.integers(0, 2**16), hands=st.integers(1, 14), contro=st.booleans())
@settings(max_examples=25, deadline=None)
def test_futures_kept_give_the_numbers_drawn_on_the_spot(
    seed: int, hands: int, contro: bool
) -> None:
    rules = Rules(mode=Mode.CONTRO) if contro else Rules()
    game = random_game(random.Random(seed), hands, rules)
    if not continues(game):
        return
    history = ChatHistory.from_hands([scored.hand for scored in game.hands[:3]])
    kept = ahead(drawn_from(game), history, seed=seed)
    assert forecast(game, history, seed=seed, futures=kept) == forecast(game, history, seed=seed)


def told(game: Game, history: ChatHistory, seed: int, to_final: bool) -> dict[str, float]:
    """What the whole forecast says: each chance to win, or to reach the final."""
    whole = forecast(game, history, seed=seed)
    return dict(whole.top_two if to_final else whole.win)


@given(
    seed=st.integers(0, 2**16),
    hands=st.integers(0, 30),
    rules=st.sampled_from(
        [
            Rules(),
            Rules(mode=Mode.CONTRO),
            Rules(target=40, tie_beats_caller=True),
            Rules(quadri=True),
        ]
    ),
    to_final=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_the_line_says_what_the_whole_forecast_says(
    seed: int, hands: int, rules: Rules, to_final: bool
) -> None:
    """``chances_now`` (the line, /previsione's points) is the forecast's ``win`` or
    ``top_two``, to the last bit: games running, finished (up to 30 hands), 4 Quadri, from a
    history of the chat's other hands, with the futures drawn on the spot or kept."""
    game = random_game(random.Random(seed), hands, rules)
    others = random_game(random.Random(seed + 1), 8)  # the chat's other hands
    history = ChatHistory.from_hands(scored.hand for scored in others.hands)
    chances, futures = chances_now(game, history, seed=seed, to_final=to_final)
    assert dict(chances) == told(game, history, seed, to_final)
    assert (futures is not None) == continues(game)
    if futures is not None:
        kept = chances_now(game, history, seed=seed, futures=futures, to_final=to_final)
        assert kept == (chances, futures)


@pytest.mark.parametrize("to_final", [False, True])
@pytest.mark.parametrize("game", games(), ids=lambda g: f"{g.rules.mode}-{len(g.players)}")
def test_the_line_says_it_with_joiners_leavers_and_quadri(game: Game, to_final: bool) -> None:
    history = ChatHistory.from_hands(
        scored.hand for scored in random_game(random.Random(3), 8).hands
    )
    chances, _ = chances_now(game, history, seed=11, to_final=to_final)
    assert dict(chances) == told(game, history, 11, to_final)


def test_the_hands_until_the_next_point_share_one_drawing() -> None:
    game = random_game(random.Random(4), 9)
    assert len(game.hands) == 9
    assert continues(game)
    futures = forecast(Game(FOUR, game.rules, game.hands[:5])).futures
    assert futures is not None
    assert futures.played == 4
    for played in (6, 7, 8):
        same = forecast(Game(FOUR, game.rules, game.hands[:played]), futures=futures)
        assert same.futures is futures
    drawn_again = forecast(game, futures=None).futures
    assert drawn_again is not None
    assert drawn_again.played == 8


def two_runs(*sums: tuple[int, ...]) -> Futures:
    """Futures of two players drawn at the start: per hand ahead, each player's points added
    up, in run 0 and run 1 (``sums[hand][player * 2 + run]``)."""
    ahead_ = np.array(sums, dtype=np.int16).reshape(len(sums), 2, 2).transpose(1, 0, 2)
    model = fixed_model(("Anna", "Bruno"), 0)
    rng = np.random.default_rng(0)
    versions = (np.zeros((2, 2), dtype=np.intp), np.ones((2, 2), dtype=np.float32))
    return Futures(0, np.ascontiguousarray(ahead_), model, versions, rng)


def test_a_run_ends_at_exactly_the_target_not_one_short() -> None:
    game = Game(("Anna", "Bruno"), Rules(target=50)).with_hand(
        Hand((Report("Anna", 20), Report("Bruno", 30)))
    )
    # The hand drawn first is the one the real hand took the place of: its sums are left out.
    futures = two_runs(
        (5, 5, 9, 9),  # Anna, Anna, Bruno, Bruno (runs 0 and 1): replaced
        (5, 5, 28, 28),  # Bruno at 30 + 19 = 49 in both runs
        (5, 5, 29, 28),  # run 0: Bruno at exactly 50, it ends; run 1: still 49
        (5, 5, 40, 40),  # run 1 ends here
    )
    ended = play_out(game, futures)
    assert list(ended.ended_after) == [3, 4]
    assert ended.totals[:, 0].tolist() == [20, 50]
    assert ended.totals[:, 1].tolist() == [20, 61]


def test_a_run_still_going_after_the_hands_drawn_draws_on() -> None:
    game = Game(("Anna", "Bruno"), Rules(target=50)).with_hand(
        Hand((Report("Anna", 0), Report("Bruno", 0)))
    )
    futures = two_runs((0, 0, 0, 0), (1, 1, 1, 1))
    model = fixed_model(("Anna", "Bruno"), 10)  # then 10 a hand each: 5 more hands
    futures = Futures(0, futures.ahead, model, futures.versions, futures.rng)
    ended = play_out(game, futures)
    assert list(ended.ended_after) == [7, 7]
    assert ended.totals.tolist() == [[51, 51], [51, 51]]
    assert list(play_out(game, futures).ended_after) == [7, 7]  # the kept ones untouched
