"""Chi vince? The forecast's promises (issue 18, "Done when") and the rule boundaries that
decide it."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

from scoring.tamalo import Game, Hand, Mode, Report, Rules
from scoring.tamalo.forecast.chances import START_RUNS, Forecast, forecast, reach_final
from scoring.tamalo.forecast.hand_model import LEVELS, HandModel, hand_model
from scoring.tamalo.forecast.history import ChatHistory
from scoring.tamalo.forecast.simulate import FEWEST_RUNS, MAX_HANDS, RUNS, simulate
from scoring.tamalo.forecast.skill import UNSHIFTED

FOUR = ("Anna", "Bruno", "Carla", "Dario")
SIX = (*FOUR, "Elena", "Franco")


def hand(totals: dict[str, int], caller: str | None = None) -> Hand:
    return Hand(tuple(Report(p, t) for p, t in totals.items()), caller)


def played(players: tuple[str, ...], *rows: tuple[int, ...], rules: Rules | None = None) -> Game:
    game = Game(players, rules or Rules())
    for row in rows:
        game = game.with_hand(hand(dict(zip(players, row, strict=True))))
    return game


def fixed_model(players: tuple[str, ...], total: int, *, called: float = 0.0) -> HandModel:
    """Every player keeps ``total`` every hand; calls with 0 (with chance ``called``)."""
    seats = len(players)
    kept = np.full((seats, LEVELS), total, dtype=np.int32)
    zeros = np.zeros((seats, LEVELS), dtype=np.int32)
    ones = np.ones(seats)
    unshifted = np.full((seats, 1), UNSHIFTED)
    return HandModel(
        players, kept, zeros, zeros, unshifted, ones[:, None], ones * 0, called, ones * total
    )


def test_a_player_far_ahead_near_the_end_is_above_90_percent() -> None:
    game = played(FOUR, (5, 30, 30, 30), (5, 30, 30, 32), (10, 32, 34, 30))
    chances = forecast(game)
    assert chances.win["Anna"] > 0.9
    assert chances.ends_next > 0.5


def test_identical_players_are_equal_within_a_few_points() -> None:
    chances = forecast(Game(SIX), runs=6000)
    assert all(abs(p - 1 / 6) < 0.02 for p in chances.win.values()), chances.win


def test_identical_histories_make_equal_players() -> None:
    rows = [hand({"Anna": a, "Bruno": b, "Carla": c}) for a, b, c in
            [(3, 12, 7), (7, 3, 12), (12, 7, 3)] * 5]  # fmt: skip
    chances = forecast(Game(("Anna", "Bruno", "Carla")), ChatHistory.from_hands(rows), runs=6000)
    assert max(chances.win.values()) - min(chances.win.values()) < 0.04


@pytest.mark.parametrize(
    "game",
    [
        Game(SIX),
        played(FOUR, (3, 12, 7, 25), (0, 4, 30, 11)),
        played(FOUR, *[(3, 3, 3, 3)] * 5, rules=Rules(quadri=True)),
        played(FOUR, (1, 2, 3, 40), rules=Rules(mode=Mode.CONTRO, target=12)),
        played(FOUR, (90, 90, 90, 90)),  # four level near the end: ties are shared
    ],
)
def test_probabilities_add_up_to_one(game: Game) -> None:
    chances = forecast(game)
    assert math.isclose(sum(chances.win.values()), 1.0)
    assert all(0.0 <= p <= 1.0 for p in chances.win.values())
    assert sum(chances.top_two.values()) >= 2.0 - 1e-9
    assert 0.0 <= chances.ends_next <= 1.0


def test_a_player_out_of_reach_on_quadri_is_at_zero() -> None:
    """Three quadri closed: Anna won two, Dario none; one quadro cannot make him level."""
    rows = [(0, 10, 10, 20)] * 8 + [(10, 0, 10, 20)] * 4
    game = played(FOUR, *rows, rules=Rules(quadri=True))
    assert game.quadri_won() == {"Anna": 2, "Bruno": 1, "Carla": 0, "Dario": 0}
    chances = forecast(game)
    assert chances.win["Dario"] == 0.0
    assert chances.win["Carla"] == 0.0
    assert chances.win["Anna"] > chances.win["Bruno"] > 0.0
    assert chances.hands_left == 4.0


def test_the_same_seed_gives_the_same_numbers() -> None:
    game = played(SIX, (3, 12, 7, 25, 0, 9))
    history = ChatHistory.from_hands(game.hands[0].hand for _ in range(3))
    first = forecast(game, history, seed=42)
    assert forecast(game, history, seed=42) == first
    assert forecast(game, history, seed=43) != first


def test_a_finished_game_gives_the_winner_100_percent() -> None:
    game = played(FOUR, (3, 12, 7, 25), (2, 60, 7, 80))
    assert game.is_over()
    assert forecast(game) == Forecast(
        win={"Anna": 1.0, "Bruno": 0.0, "Carla": 0.0, "Dario": 0.0},
        top_two={"Anna": 1.0, "Bruno": 0.0, "Carla": 1.0, "Dario": 0.0},
        ends_next=0.0,
        hands_left=0.0,
        runs=0,
    )


def test_a_finished_tie_shares_the_win() -> None:
    game = played(FOUR, (3, 12, 3, 100))
    assert forecast(game).win == {"Anna": 0.5, "Bruno": 0.0, "Carla": 0.5, "Dario": 0.0}


def test_the_game_ends_at_exactly_the_target() -> None:
    """Everyone keeps 10 a hand: from 90 the next hand reaches 100 and ends the game, from 89
    it reaches 99 and one more is needed."""
    model = fixed_model(FOUR, 10)
    at_90 = played(FOUR, (40, 40, 40, 90))
    ended = simulate(at_90, model, 50, seed=0)
    assert (ended.ended_after == 2).all()
    at_89 = played(FOUR, (40, 40, 40, 89))
    assert (simulate(at_89, model, 50, seed=0).ended_after == 3).all()


def test_controtamalo_totals_go_down_and_the_lowest_wins() -> None:
    """Totals of 0–4 score −1 each hand: nobody ever reaches the target, the game is played
    as far as the simulation goes, and the lowest (negative) total still wins."""
    rules = Rules(mode=Mode.CONTRO, target=10)
    game = played(FOUR, (0, 12, 25, 7), rules=rules)
    assert game.totals() == {"Anna": -1, "Bruno": 2, "Carla": 3, "Dario": 1}
    ended = simulate(game, fixed_model(FOUR, 2), 20, seed=0)
    assert (ended.ended_after == 1 + MAX_HANDS).all()
    assert (ended.totals[0] == -1 - MAX_HANDS).all()
    # Totals of 25 score 3 a hand: from 3, Carla reaches 12 ≥ 10 after three more hands.
    ended = simulate(game, fixed_model(FOUR, 25), 20, seed=0)
    assert (ended.ended_after == 4).all()


def test_controtamalo_forecast_favours_the_negative_total() -> None:
    rules = Rules(mode=Mode.CONTRO, target=15)
    game = played(FOUR, *[(0, 12, 25, 7)] * 3, rules=rules)
    chances = forecast(game)
    assert max(chances.win, key=lambda p: chances.win[p]) == "Anna"


def test_who_left_is_not_forecast_and_a_joiner_is() -> None:
    game = played(FOUR, (3, 12, 7, 25)).without_player("Dario").with_player("Elena")
    chances = forecast(game)
    assert set(chances.win) == {"Anna", "Bruno", "Carla", "Elena"}
    assert math.isclose(sum(chances.win.values()), 1.0)


def test_a_tournament_table_sends_its_best_two_to_the_final() -> None:
    table = played(SIX[:3], (5, 10, 90))
    chances = reach_final(table)
    assert chances["Anna"] > 0.9
    assert chances["Bruno"] > 0.9
    assert chances["Carla"] < 0.1


def test_a_player_history_moves_the_forecast() -> None:
    """Anna always keeps little, Bruno much: with their history Anna is the favourite."""
    rows = [hand({"Anna": 2, "Bruno": 25}, "Anna")] * 30
    history = ChatHistory.from_hands(rows)
    model = hand_model(("Anna", "Bruno"), history)
    assert model.mean_kept[0] < model.mean_kept[1]
    chances = forecast(Game(("Anna", "Bruno")), history)
    assert chances.win["Anna"] > 0.8


def test_a_long_game_left_gets_fewer_runs_a_short_one_all() -> None:
    first = Hand(tuple(Report(p, 7) for p in SIX))
    assert forecast(Game(SIX).with_hand(first)).runs == RUNS
    contro = Game(SIX, Rules(mode=Mode.CONTRO)).with_hand(first)
    assert forecast(contro).runs == FEWEST_RUNS
    assert forecast(Game(SIX).with_hand(first), runs=123).runs == 123


def test_before_the_first_hand_the_forecast_runs_longest() -> None:
    """Every total is level: the runs' own noise would be most of the answer."""
    assert forecast(Game(SIX)).runs == START_RUNS
    assert forecast(Game(SIX, Rules(mode=Mode.CONTRO))).runs == START_RUNS
    assert forecast(Game(SIX), runs=123).runs == 123


def test_a_forecast_can_be_sent_to_a_worker_process() -> None:
    """Everything a worker needs, and what it sends back, goes through pickle unchanged."""
    game = played(SIX, (3, 12, 7, 25, 0, 9)).with_player("Giulia")
    history = ChatHistory.from_hands([game.hands[0].hand] * 3)
    sent = pickle.loads(pickle.dumps((forecast, game, history)))
    call, game_there, history_there = sent
    there = call(game_there, history_there, seed=3)
    assert pickle.loads(pickle.dumps(there)) == forecast(game, history, seed=3)
