"""The forecast plays by the engine's rules: ``forecast.batch`` scores every random hand as
``score_hand`` does, and every simulated game, replayed hand by hand through ``Game``, ends
after the same hand with the same totals, winners and best two."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tamalo import Game, Hand, Mode, Report, Rules, score_hand
from scoring.tamalo.forecast.batch import NOBODY, hand_points
from scoring.tamalo.forecast.chances import _best_two, _wins
from scoring.tamalo.forecast.hand_model import hand_model
from scoring.tamalo.forecast.history import ChatHistory
from scoring.tamalo.forecast.simulate import Runs, Stretch, simulate
from scoring.tamalo.tournament import finalists
from tests.conftest import examples

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")

rules = st.builds(
    Rules, mode=st.sampled_from(list(Mode)), tie_beats_caller=st.booleans(), target=st.just(100)
)


@st.composite
def seated_hands(draw: st.DrawFn) -> tuple[Hand, tuple[bool, ...]]:
    """A hand among some of six seats (at least two), the others not seated."""
    seated = draw(st.lists(st.booleans(), min_size=6, max_size=6).filter(lambda s: sum(s) >= 2))
    players = [p for p, here in zip(PLAYERS, seated, strict=True) if here]
    small = st.integers(0, 6)  # close totals: ties and the 5 boundary come up often
    totals = draw(
        st.lists(small | st.integers(0, 80), min_size=len(players), max_size=len(players))
    )
    caller = draw(st.none() | st.sampled_from(players))
    counter = None
    if caller is not None and draw(st.booleans()):
        counter = draw(st.sampled_from([p for p in players if p != caller]))
    zeros = [p for p, t in zip(players, totals, strict=True) if t == 0]
    out = draw(st.sets(st.sampled_from(zeros))) if zeros else set()
    reports = tuple(Report(p, t) for p, t in zip(players, totals, strict=True))
    return Hand(reports, caller, counter, frozenset(out)), tuple(seated)


def batch_points(hand: Hand, seated: tuple[bool, ...], rules: Rules) -> dict[str, int]:
    totals = np.array([[hand.total_of(p) if p in hand.players else 0] for p in PLAYERS])
    out = np.array([[p in hand.out] for p in PLAYERS])
    caller = np.array([PLAYERS.index(hand.caller) if hand.caller else NOBODY])
    counter = np.array([PLAYERS.index(hand.counter_caller) if hand.counter_caller else NOBODY])
    points = hand_points(totals, out, caller, counter, np.array(seated)[:, None], rules)
    return {p: int(points[i, 0]) for i, p in enumerate(PLAYERS)}


@settings(max_examples=examples(300), deadline=None)
@given(seated_hands(), rules)
def test_batch_scores_every_hand_as_the_engine(drawn: tuple[Hand, tuple[bool, ...]], rules: Rules):
    hand, seated = drawn
    engine = score_hand(hand, rules).points
    batch = batch_points(hand, seated, rules)
    assert {p: batch[p] for p in hand.players} == engine
    assert all(batch[p] == 0 for p in PLAYERS if p not in hand.players)


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("tie_beats_caller", [False, True])
def test_batch_scores_thousands_of_random_hands_as_the_engine(mode: Mode, tie_beats_caller: bool):
    """Many more hands than hypothesis tries, scored in one batch, each checked."""
    rules = Rules(mode=mode, tie_beats_caller=tie_beats_caller)
    rng = np.random.default_rng(7)
    count = 3000
    totals = np.where(rng.random((6, count)) < 0.5, rng.integers(0, 7, (6, count)),
                      rng.integers(0, 60, (6, count)))  # fmt: skip
    seated = rng.random((6, count)) < 0.8
    seated[:2] = True
    out = (totals == 0) & (rng.random((6, count)) < 0.5)
    caller = np.where(rng.random(count) < 0.8, rng.integers(0, 2, count), NOBODY)
    counter = np.where((caller >= 0) & (rng.random(count) < 0.5), 1 - np.maximum(caller, 0), NOBODY)
    points = hand_points(totals, out, caller, counter, seated, rules)
    for h in range(count):
        players = [p for s, p in enumerate(PLAYERS) if seated[s, h]]
        hand = Hand(
            tuple(Report(p, int(totals[PLAYERS.index(p), h])) for p in players),
            None if caller[h] == NOBODY else PLAYERS[caller[h]],
            None if counter[h] == NOBODY else PLAYERS[counter[h]],
            frozenset(p for p in players if out[PLAYERS.index(p), h]),
        )
        expected = score_hand(hand, rules).points
        assert {p: int(points[PLAYERS.index(p), h]) for p in players} == expected, hand


def replay(game: Game, runs: Runs, run: int) -> Game:
    """Run ``run``'s hands, through the engine."""
    for stretch in runs.stretches:
        where = np.flatnonzero(stretch.runs == run)
        if not where.size:
            continue
        for offset in range(stretch.caller.shape[0]):
            if len(game.hands) == runs.ended_after[run]:
                return game
            game = game.with_hand(hand_of(game, stretch, offset, int(where[0])))
    return game


def hand_of(game: Game, stretch: Stretch, offset: int, column: int) -> Hand:
    seated = game.next_players
    seats = [game.players.index(p) for p in seated]

    def name(index: int) -> str | None:
        return None if index == NOBODY else game.players[index]

    return Hand(
        tuple(Report(game.players[s], int(stretch.totals[s, offset, column])) for s in seats),
        name(int(stretch.caller[offset, column])),
        name(int(stretch.counter[offset, column])),
        frozenset(game.players[s] for s in seats if stretch.out[s, offset, column]),
    )


def games() -> list[Game]:
    """Games under way: classic, pari_perde, ControTamalo, with joiners and leavers, 4 Quadri."""
    hand = Hand(
        tuple(Report(p, t) for p, t in zip(PLAYERS[:4], (3, 12, 7, 25), strict=True)), "Anna"
    )
    classic = Game(PLAYERS[:4]).with_hand(hand).with_hand(hand)
    joined = classic.with_player("Elena").with_hand(
        Hand((*hand.reports, Report("Elena", 9)), "Bruno")
    )
    left = joined.without_player("Carla")
    pending = (
        left.with_hand(Hand(tuple(Report(p, 8) for p in left.next_players), "Dario"))
        .without_player("Bruno")
        .without_last_hand()
    )  # Bruno plays hand 4 again, then leaves
    contro = Game(PLAYERS[:5], Rules(mode=Mode.CONTRO, target=20))
    quadri = Game(PLAYERS[:4], Rules(quadri=True, dealer_tiebreak=True))
    for _ in range(6):
        quadri = quadri.with_hand(hand)
    return [
        classic,
        Game(PLAYERS, Rules(tie_beats_caller=True, target=60)),
        joined,
        left,
        pending,
        contro,
        quadri,
        Game(PLAYERS[:4], Rules(mode=Mode.CONTRO, quadri=True)),
    ]


@pytest.mark.parametrize("game", games(), ids=lambda g: f"{g.rules.mode}-{len(g.players)}")
def test_every_simulated_game_ends_as_the_engine_ends_it(game: Game) -> None:
    model = hand_model(game.players, ChatHistory())
    runs = simulate(game, model, 40, seed=5, keep=True)
    win, best_two = _wins(runs), _best_two(runs)
    wins = np.zeros(len(game.players))
    tops = np.zeros(len(game.players))
    for run in range(40):
        played = replay(game, runs, run)
        assert len(played.hands) == runs.ended_after[run]
        assert played.is_over()
        assert not played.without_last_hand().is_over() or game.rules.quadri
        totals = played.totals()
        assert [totals[p] for p in game.players] == list(runs.totals[:, run])
        winners = played.winners()
        for seat, player in enumerate(game.players):
            wins[seat] += (player in winners) / len(winners)
            tops[seat] += player in finalists(played)
    assert np.allclose(wins / 40, win)
    assert np.allclose(tops / 40, best_two)


def test_a_simulated_hand_is_a_hand_the_engine_takes() -> None:
    """Callers and counter-callers are seated, outs have 0: ``Hand`` accepts each one."""
    game = Game(PLAYERS[:5], Rules(mode=Mode.CONTRO, target=30))
    runs = simulate(game, hand_model(game.players), 200, seed=1, keep=True)
    stretch = runs.stretches[0]
    assert (stretch.counter >= 0).any()
    assert (stretch.out.any(axis=0)).any()
    for column in range(200):
        hand_of(game, stretch, 0, column)
