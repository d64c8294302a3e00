"""The rest of a game drawn at a few points of it, and played out after each hand from the
latest.

The forecast under a hand's reply plays the game to its end many times from where that hand
left it. Nothing drawn for those runs depends on the totals: a hand's points are its own cards'
and calls'. Only where a run ends does, and who is lowest then. So the runs need not be drawn
anew after every hand: they are drawn at a game's draw points (``draw_point``: its start, then
every fourth hand), from the game as it stood there, its players' habits read from
the chat's history and the hands played until then (``hand_model``), and kept; after each hand
until the next point, the runs' hands still to come are added to the totals the real hands
left, until someone reaches the target (``play_out``).

A forecast is still a pure function of the game and the chat's history: its futures are drawn
from the game as it stood at its draw point, with that game's seed, so whoever draws them gets
the same ones, a process that kept them or one that draws them now. Two things follow from
sharing them between hands: what the evidence says of the players lags by up to three hands
(where a game's own hands change it a lot, the line moves by steps, at the points), and the
runs' noise is the same from one hand to the next, so that the line jitters less.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from scoring.tamalo.forecast.hand_model import HandModel
from scoring.tamalo.forecast.simulate import (
    FIRST_STRETCH,
    LONGEST_STRETCH,
    MAX_HANDS,
    Ints,
    Runs,
    Tables,
    Versions,
    _callers,
    _points,
    _ranked,
    _running,
    _scaled,
    draw,
    expected_hands,
    play_on,
    versions,
)
from scoring.tamalo.game import Game
from scoring.tamalo.model import Mode

#: Hands drawn ahead for every run, besides the hands until the next draw point: a share of
#: the hands expected to be left, and a few more. Nearly every run ends within them; one still
#: going draws on. A classic game's totals only go up: in the backtests' games (433 forecasts)
#: and the benchmark's night, not one run went past 1.25 times as many hands and 4 more, a
#: third fewer than were drawn before (twice, and 6). ControTamalo's totals wander up and down,
#: so its games run far longer than the pace of its fastest seat says: four times as many.
AHEAD = 1.25
AHEAD_CONTRO = 4.0
AHEAD_EXTRA = 4
AHEAD_EXTRA_CONTRO = 6
#: Draw points: every ``EVERY`` hands, from the start.
EVERY = 4


def draw_point(played: int) -> int:
    """The draw point the forecast after hand ``played`` (1 or more) plays out: the latest
    before it of 0, 4, 8, 12…"""
    return (played - 1) // EVERY * EVERY


def next_point(point: int) -> int:
    """The draw point after ``point``."""
    return (point // EVERY + 1) * EVERY


@dataclass(frozen=True, eq=False)
class Futures:
    """The rest of a game drawn after ``played`` hands: per seat, hand and run the points
    added up from hand ``played + 1`` on (``ahead`` hands); the model and each run's versions
    of the players; the generator where the draws stopped (a run still going after them
    draws on from a copy)."""

    played: int
    ahead: Ints
    model: HandModel
    versions: Versions
    rng: np.random.Generator

    @property
    def runs(self) -> int:
        return int(self.ahead.shape[2])


def drawable(game: Game) -> bool:
    """Whether futures can be drawn for ``game``: a running game to a target, the same
    players seated throughout."""
    return (
        not game.is_over()
        and game.rules.hands_in_game is None
        and not game.joined_after
        and not game.left_after
    )


def continues(game: Game) -> bool:
    """Whether ``game``'s forecast plays out futures drawn at its draw point: a hand is
    played, and futures are ``drawable``."""
    return bool(game.hands) and drawable(game)


def drawn_from(game: Game) -> Game:
    """The game ``game``'s futures are drawn from: as it stood at its draw point."""
    return replace(game, hands=game.hands[: draw_point(len(game.hands))])


def draw_futures(game: Game, model: HandModel, seed: int, runs: int) -> Futures:
    """The rest of ``game`` (at a draw point, to a target, everyone seated) drawn ``runs``
    times with ``model`` (``game``'s players), for the forecasts until its next draw point."""
    rng = np.random.default_rng(seed)
    players = versions(model, runs, rng)
    played = len(game.hands)
    until_next = next_point(played) - played
    expected = expected_hands(game, model)
    contro = game.rules.mode is Mode.CONTRO
    share, extra = (AHEAD_CONTRO, AHEAD_EXTRA_CONTRO) if contro else (AHEAD, AHEAD_EXTRA)
    ahead = int(min(MAX_HANDS - 1, until_next + math.ceil(expected * share) + extra))
    seated = np.ones((len(game.players), ahead), dtype=bool)
    callers = _callers(seated[:, :1], players[1], model.called)
    countering = _scaled(model.counter_rate) if game.rules.mode is Mode.CONTRO else None
    drawn = draw(Tables.of(model), seated, players[0], callers, countering, rng)
    points = _points(drawn, seated, game.rules)
    start = np.zeros((len(game.players), runs), dtype=np.int32)
    added = _running(start, points)
    if np.abs(added).max(initial=0) <= np.iinfo(np.int16).max:
        added = added.astype(np.int16)  # half the size to keep: a game's points are small
    return Futures(played, added, model, players, rng)


def play_out(game: Game, futures: Futures) -> Runs:
    """``game``'s runs: its hands still to come in ``futures`` (drawn at its draw point)
    added to its totals."""
    played = len(game.hands)
    skipped = played - futures.played  # drawn hands the real ones took the place of
    assert 1 <= skipped < futures.ahead.shape[1], (played, futures.played)
    runs, ahead = futures.runs, futures.ahead
    now = game.totals()
    # Each seat's drawn points from here on reach the target from its total now: the drawn
    # sum ``reach`` on from where the real hands took over (``ahead`` adds up from before).
    base = ahead[:, skipped - 1, :]
    gap = game.rules.target - np.array([now[p] for p in game.players], dtype=np.int32)
    reach = gap[:, None] + base
    rest = ahead[:, skipped:, :]
    over = (rest >= reach[:, None, :]).any(axis=0)
    done = over.any(axis=0)
    last = np.where(done, over.argmax(axis=0), over.shape[0] - 1)
    # Each run's totals at its last hand, ``rest[:, last, range(runs)]`` taken flat (faster).
    at = (skipped + last) * runs + np.arange(runs)
    totals = np.take(ahead.reshape(len(game.players), -1), at, axis=1) - reach + game.rules.target
    ended_after = np.where(done, played + 1 + last, -1).astype(np.int32)
    alive = np.flatnonzero(~done)
    if alive.size:
        rng = np.random.Generator(type(futures.rng.bit_generator)())
        rng.bit_generator.state = futures.rng.bit_generator.state  # a copy: kept futures stay
        number = played + over.shape[0]
        # Stretches as long as the game has left (ControTamalo's can be long), then shorter.
        left = expected_hands(game, futures.model) * FIRST_STRETCH
        length = int(min(LONGEST_STRETCH, max(2, math.ceil(left) + 1)))
        play_on(
            game, futures.model, futures.versions, rng, totals, ended_after, alive, number, length
        )
    return _ranked(game, ended_after, totals)
