"""The rest of a game played many times at once: hands drawn from ``hand_model``,
scored by ``batch``, ended and ranked as ``scoring.tamalo.game.Game`` ends and ranks them.
Each run plays one version of each player throughout (``skill``), chosen at random:
what the evidence leaves open of a player varies from run to run, not from hand to hand.

A pure function of the game, the model, the number of runs and a seed: no I/O, no clock,
safe to run in a worker thread or process.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scoring.tamalo.classic import ZERO_BELOW
from scoring.tamalo.contro import LOW_TOTAL
from scoring.tamalo.forecast.batch import NOBODY, hand_points
from scoring.tamalo.forecast.hand_model import LEVELS, OUT, HandModel
from scoring.tamalo.forecast.skill import SHIFTED
from scoring.tamalo.game import Game
from scoring.tamalo.model import HANDS_PER_QUADRO, Mode

#: A game still running this many hands on is scored as it stands (a ControTamalo chat whose
#: hands all score −1 would never reach the target).
MAX_HANDS = 400
#: The longest stretch of hands drawn at once.
LONGEST_STRETCH = 64

Ints = npt.NDArray[np.integer[Any]]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]
#: Per seat and run, the version of the player the run plays: where its shift starts in
#: ``SHIFTED_LEVELS``, and its calling rate.
Versions = tuple[Ints, npt.NDArray[np.float32]]
#: ``skill.SHIFTED`` as one row: a version's levels start at its row times LEVELS.
SHIFTED_LEVELS = SHIFTED.ravel()


@dataclass(frozen=True, eq=False)
class Stretch:
    """Hands drawn for some runs: ``runs`` their indexes, the hands' first number, and per
    seat, hand and run the total and out flag; per hand and run the caller and counter-caller;
    per seat, hand and run the points."""

    runs: Ints
    first: int
    totals: Ints
    out: Bools
    caller: Ints
    counter: Ints
    points: Ints


@dataclass(frozen=True, eq=False)
class Runs:
    """Every run's end: the hand that ended it; per seat and run the total, the rank key
    (lower is better) and whether ranked; ``stretches`` holds the hands drawn, if kept."""

    ended_after: Ints
    totals: Ints
    keys: Ints
    ranked: Bools
    stretches: tuple[Stretch, ...] = ()


def draw(
    model: HandModel,
    seated: Bools,
    versions: Versions,
    rng: np.random.Generator,
    *,
    counters: bool,
) -> tuple[Ints, Bools, Ints, Ints]:
    """Hands drawn for the seating ``(seats, hands)``, once for each run whose ``versions``
    of the players are given: totals and out ``(seats, hands, runs)``, caller and (with
    ``counters``: ControTamalo) counter-caller ``(hands, runs)``."""
    seats, hands = seated.shape
    rows, rates = versions
    runs = rows.shape[1]
    levels = rng.integers(0, LEVELS, size=(seats, hands, runs), dtype=np.uint16)
    codes = np.empty(levels.shape, dtype=np.int16)
    for seat in range(seats):
        # Each run's version of the player moves the level drawn, then reads their table.
        moved = np.take(SHIFTED_LEVELS, rows[seat] + levels[seat])
        np.take(model.kept[seat], moved, out=codes[seat])
    # Who calls: nobody with 1 − called, else a seated player in proportion to their rate.
    pick = rng.random((hands, runs), dtype=np.float32)
    caller = (pick >= _callers(seated, rates)).sum(axis=0, dtype=np.int16)
    called = rng.random((hands, runs), dtype=np.float32) < model.called
    caller = np.where(called, np.minimum(caller, seats - 1), np.int16(NOBODY))
    level = _levels(rng, (hands, runs))
    seat_axis = np.arange(seats, dtype=np.int16)[:, None, None]
    calls = _lookup(model.calling, rows, np.maximum(caller, 0), level)
    codes = np.where(seat_axis == caller, calls, codes)
    counter = np.full((hands, runs), NOBODY, dtype=np.int16)
    if counters:
        keys = rng.random((seats, hands, runs), dtype=np.float32)
        wants = (keys < model.counter_rate[:, None, None]) & seated[:, :, None] & called
        wants &= seat_axis != caller
        first = np.where(wants, keys, 2.0).argmin(axis=0).astype(np.int16)
        counter = np.where(wants.any(axis=0), first, np.int16(NOBODY))
        countered = _lookup(model.countering, rows, np.maximum(counter, 0), level)
        codes = np.where(seat_axis == counter, countered, codes)
    out = codes == OUT
    totals = np.where(out, np.int16(0), codes)
    return totals, np.asarray(out), caller, counter


def _levels(rng: np.random.Generator, shape: tuple[int, ...]) -> Ints:
    """Levels drawn evenly, as int32 (ready to be moved by a version's row)."""
    return (rng.random(shape, dtype=np.float32) * np.float32(LEVELS)).astype(np.int32)


def _lookup(tables: Ints, rows: Ints, seat: Ints, level: Ints) -> Ints:
    """Per hand and run: the outcome of ``seat``'s table at ``level``, moved by the run's
    version of that seat (``rows``)."""
    runs = rows.shape[1]
    seat = seat.astype(np.int32)
    version = np.take(rows, seat * runs + np.arange(runs, dtype=np.int32))
    moved = np.take(SHIFTED_LEVELS, level + version)
    return np.asarray(np.take(tables, seat * LEVELS + moved))


def _callers(seated: Bools, rates: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Per seat, hand and run: the seated players' cumulative share of the calling rates,
    ``(seats, hands or 1, runs)`` (one row when the same players sit every hand)."""
    if (seated == seated[:, :1]).all():
        weights = rates * seated[:, :1]
    else:
        weights = np.where(seated[:, :, None], rates[:, None, :], np.float32(0.0))
    # Seat by seat: numpy's cumsum over a short first axis is several times slower.
    cumulative = np.empty_like(weights)
    total = np.zeros_like(weights[0])
    for seat, weight in enumerate(weights):
        total += weight
        cumulative[seat] = total
    cumulative /= np.maximum(total, np.float32(1e-12))
    return cumulative if cumulative.ndim == 3 else cumulative[:, None, :]


def versions(model: HandModel, runs: int, rng: np.random.Generator) -> Versions:
    """Which version of each player each run plays, chosen at random, one for their cards
    and one for their calls: per seat and run, where its row starts in ``SHIFTED_LEVELS``,
    and its calling rate."""
    seats, count = len(model.players), model.versions
    chosen = rng.integers(0, count * count, size=(seats, runs), dtype=np.int32)
    first = np.arange(seats, dtype=np.int32)[:, None] * count
    rows = np.take(model.shifts, first + chosen % count).astype(np.int32) * LEVELS
    rates = np.take(model.strength, first + chosen // count).astype(np.float32)
    return rows, rates


def simulate(game: Game, model: HandModel, runs: int, seed: int, *, keep: bool = False) -> Runs:
    """Play ``game`` to its end ``runs`` times; ``model`` covers ``game.players`` in order."""
    rng = np.random.default_rng(seed)
    players = versions(model, runs, rng)
    if game.rules.quadri:
        return _quadri(game, model, players, rng, keep)
    return _to_target(game, model, players, rng, keep)


def _seating(game: Game, first: int, hands: int) -> Bools:
    """Who plays hands ``first``… : ``(seats, hands)``."""
    rows = [game.seated_for(number) for number in range(first, first + hands)]
    return np.array([[p in row for row in rows] for p in game.players], dtype=bool).reshape(
        len(game.players), hands
    )


def _joins(game: Game) -> dict[int, list[tuple[int, list[int]]]]:
    """Late joiners still to sit down (a hand before their first was undone): after which
    hand, their seat and the seats whose total they enter at. The engine's ``entries`` is
    asked with one total at a time, so the set is exactly the engine's."""
    played = len(game.hands)
    joins: dict[int, list[tuple[int, list[int]]]] = {}
    for seat, player in enumerate(game.players):
        after = game.joined_after.get(player, 0)
        if after <= played:
            continue
        others = [q for q in game.players if q != player]
        present = [
            game.players.index(q)
            for q in others
            if game.entries({**dict.fromkeys(others, 0), q: 1}, after).get(player)
        ]
        joins.setdefault(after, []).append((seat, present))
    return joins


def expected_hands(game: Game, model: HandModel) -> float:
    """About the hands left: 4 Quadri's own, or the gap from the leader to the target at the
    pace of the fastest seat (its mean points a hand without calls). Sizes the first stretch
    drawn, and the runs a forecast can afford."""
    played = len(game.hands)
    if (limit := game.rules.hands_in_game) is not None:
        return float(limit - played)
    kept = model.kept
    if game.rules.mode is Mode.CONTRO:
        points = np.where(kept == OUT, -2, np.where(kept < LOW_TOTAL, -1, 1 + kept // 10))
    else:
        points = np.where((kept == OUT) | (kept < ZERO_BELOW), 0, kept)
    pace = max(float(points.mean(axis=1).max()), 0.25)
    totals = game.totals()
    gap = game.rules.target - max(totals[p] for p in game.ranked)
    return min(max(gap, 0) / pace, float(MAX_HANDS))


def _to_target(
    game: Game, model: HandModel, players: Versions, rng: np.random.Generator, keep: bool
) -> Runs:
    runs = players[0].shape[1]
    played = len(game.hands)
    now = game.totals()
    totals = np.repeat(np.array([[now[p]] for p in game.players], dtype=np.int32), runs, axis=1)
    ended_after = np.full(runs, -1, dtype=np.int32)
    alive = np.arange(runs)
    joins = _joins(game)
    stretches: list[Stretch] = []
    contro = game.rules.mode is Mode.CONTRO
    number = played  # hands played in the runs still alive
    length = int(min(LONGEST_STRETCH, max(2, math.ceil(expected_hands(game, model) * 0.8) + 1)))
    while alive.size:
        if number - played >= MAX_HANDS:
            ended_after[alive] = number
            break
        for seat, present in joins.get(number, []):
            totals[seat, alive] = (
                totals[np.ix_(np.array(present), alive)].max(axis=0) if present else 0
            )
        upcoming = [after for after in joins if after > number]
        span = min(length, MAX_HANDS - (number - played), *(a - number for a in upcoming))
        seated = _seating(game, number + 1, span)
        alive_players = (players[0][:, alive], players[1][:, alive])
        drawn = draw(model, seated, alive_players, rng, counters=contro)
        points = hand_points(*drawn, seated[:, :, None], game.rules)
        running = totals[:, None, alive] + np.cumsum(points, axis=1, dtype=np.int32)
        over = running.max(axis=0) >= game.rules.target
        done = over.any(axis=0)
        last = np.where(done, over.argmax(axis=0), span - 1)
        totals[:, alive] = running[:, last, np.arange(alive.size)]
        ended_after[alive[done]] = number + 1 + last[done]
        if keep:
            stretches.append(Stretch(alive, number + 1, *drawn, points))
        alive = alive[~done]
        number += span
        length = max(2, -(-length // 3))
    for seat, player in enumerate(game.players):
        if game.joined_after.get(player, 0) >= played + 1:
            # Reading: a joiner whose first hand never came stands level with the last.
            waiting = ended_after <= game.joined_after[player]
            others = np.delete(totals, seat, axis=0).max(axis=0)
            totals[seat] = np.where(waiting, others, totals[seat])
    never = np.iinfo(np.int32).max
    left = np.array([game.left_after.get(p, never) for p in game.players])
    ranked = left[:, None] > ended_after[None, :]
    return Runs(ended_after, totals, totals.copy(), ranked, tuple(stretches))


def _quadri(
    game: Game, model: HandModel, versions: Versions, rng: np.random.Generator, keep: bool
) -> Runs:
    runs = versions[0].shape[1]
    players = game.players
    seats = len(players)
    limit = game.rules.hands_in_game or 0
    played = len(game.hands)
    past = np.array(
        [[scored.points[p] for scored in game.hands] for p in players], dtype=np.int32
    ).reshape(seats, played, 1)
    seated = np.ones((seats, limit - played), dtype=bool)
    drawn = draw(model, seated, versions, rng, counters=game.rules.mode is Mode.CONTRO)
    future = hand_points(*drawn, seated[:, :, None], game.rules)
    points = np.concatenate([np.broadcast_to(past, (seats, played, runs)), future], axis=1)
    sums = points.reshape(seats, limit // HANDS_PER_QUADRO, HANDS_PER_QUADRO, runs).sum(axis=2)
    won = (sums == sums.min(axis=0)).sum(axis=1)
    totals = points.sum(axis=1, dtype=np.int64)
    keys = (limit - won) * 100_000 + totals + 50_000
    if game.rules.dealer_tiebreak:
        # Every seat is at each distance from the dealer equally often over the 16 hands:
        # equal weights, so the weighted means compare as the weighted sums.
        weights = np.array(
            [[game.distance_from_dealer(n, p) for n in range(1, limit + 1)] for p in players]
        )
        weighted = (points * weights[:, :, None]).sum(axis=1, dtype=np.int64)
        keys = keys * 1_000_000 + weighted + 500_000
    stretches = (Stretch(np.arange(runs), played + 1, *drawn, future),) if keep else ()
    ended = np.full(runs, limit, dtype=np.int32)
    ranked = np.ones((seats, runs), dtype=bool)
    return Runs(ended, totals, keys, ranked, stretches)
