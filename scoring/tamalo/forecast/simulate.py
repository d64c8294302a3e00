"""The rest of a game played many times at once: hands drawn from ``hand_model``,
scored by ``batch`` (a classic hand with everyone seated, the most common, by a shorter way
to the same points), ended and ranked as ``scoring.tamalo.game.Game`` ends and ranks them.
Each run plays one version of each player throughout (``skill``), chosen at random:
what the evidence leaves open of a player varies from run to run, not from hand to hand.

A pure function of the game, the model, the number of runs and a seed: no I/O, no clock,
safe to run in a worker thread or process. It runs under each hand's reply, so it is written
for speed: random numbers straight from the generator's bits, small integer types, a few
passes over whole arrays rather than many over small ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scoring.tamalo.classic import CALL_PENALTY, ZERO_BELOW
from scoring.tamalo.contro import LOW_TOTAL
from scoring.tamalo.forecast.batch import NOBODY, hand_points
from scoring.tamalo.forecast.hand_model import LEVELS, OUT, HandModel
from scoring.tamalo.forecast.skill import SHIFTED
from scoring.tamalo.game import Game
from scoring.tamalo.model import HANDS_PER_QUADRO, Mode, Rules

#: A game still running this many hands on is scored as it stands (a ControTamalo chat whose
#: hands all score −1 would never reach the target).
MAX_HANDS = 400
#: Runs of the rest of the game: a probability's noise is at most ±1.6 points (one sigma).
RUNS = 1000
#: Hands a forecast may draw per seat: a long game left (ControTamalo to 100) gets fewer runs,
#: down to ``FEWEST_RUNS`` (±3.2 points), so that its cost stays near a short game's.
HAND_BUDGET = RUNS * 12
FEWEST_RUNS = 250
#: The longest stretch of hands drawn at once.
LONGEST_STRETCH = 64
#: The first stretch drawn, as a share of the hands expected to be left (``expected_hands``).
FIRST_STRETCH = 0.8

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


@dataclass(frozen=True, eq=False)
class Tables:
    """``model``'s tables as the draws read them: each flat, seat after seat, as int16; a
    hand's outcome code (``OUT``: finished the cards) at ``seat * LEVELS + level``."""

    kept: Ints
    calling: Ints
    countering: Ints

    @classmethod
    def of(cls, model: HandModel) -> Tables:
        flat = (np.ascontiguousarray(t, dtype=np.int16).ravel() for t in
                (model.kept, model.calling, model.countering))  # fmt: skip
        return cls(*flat)


@dataclass(frozen=True, eq=False)
class Drawn:
    """Hands drawn for some runs: per seat, hand and run the outcome each seat keeps if it
    calls nothing (a code: ``OUT`` finished the cards); per hand and run the caller and
    counter-caller (a seat; ``seats``: nobody) and the outcome each called with."""

    kept: Ints
    caller: Ints
    called_with: Ints
    counter: Ints
    countered_with: Ints

    def as_hands(self) -> tuple[Ints, Bools, Ints, Ints]:
        """As ``batch.hand_points`` takes hands: totals and out ``(seats, hands, runs)``,
        caller and counter-caller ``(hands, runs)`` (``NOBODY``: none)."""
        seats = self.kept.shape[0]
        seat_axis = np.arange(seats, dtype=np.int16)[:, None, None]
        codes = np.where(seat_axis == self.caller, self.called_with, self.kept)
        codes = np.where(seat_axis == self.counter, self.countered_with, codes)
        out = codes == OUT
        nobody = np.int16(NOBODY)
        caller = np.where(self.caller < seats, self.caller, nobody)
        counter = np.where(self.counter < seats, self.counter, nobody)
        return np.where(out, np.int16(0), codes), out, caller, counter


def _bits(rng: np.random.Generator, shape: tuple[int, ...]) -> npt.NDArray[np.uint16]:
    """Random 16-bit numbers, straight from the generator's bits (several times faster than
    ``integers`` or ``random``)."""
    count = math.prod(shape)
    raw = rng.bit_generator.random_raw(-(-count // 4))
    return np.asarray(raw).view(np.uint16)[:count].reshape(shape)


def _chances(rng: np.random.Generator, shape: tuple[int, ...]) -> npt.NDArray[np.uint32]:
    """Random 32-bit numbers: a chance p is a number below ``_scaled(p)``."""
    count = math.prod(shape)
    raw = rng.bit_generator.random_raw(-(-count // 2))
    return np.asarray(raw).view(np.uint32)[:count].reshape(shape)


def _scaled(chances: npt.NDArray[np.floating[Any]]) -> npt.NDArray[np.uint32]:
    """Chances (0 to 1) on the 32-bit scale of ``_chances``."""
    return np.asarray(np.minimum(np.rint(chances * 2.0**32), 2.0**32 - 1), dtype=np.uint32)


def draw(
    tables: Tables,
    seated: Bools,
    rows: Ints,
    callers: Ints,
    counter_rate: npt.NDArray[np.uint32] | None,
    rng: np.random.Generator,
) -> Drawn:
    """Hands drawn for the seating ``(seats, hands)``, once for each run whose versions of
    the players are given: ``rows`` where each seat's starts in ``SHIFTED_LEVELS``, and
    ``callers`` their share of the calls (``_callers``); with ``counter_rate`` (ControTamalo,
    on the 32-bit scale) counter-calls too."""
    seats, hands = seated.shape
    runs = rows.shape[1]
    levels = _bits(rng, (seats, hands, runs)) & np.uint16(LEVELS - 1)
    # Each run's version of the player moves the level drawn, then reads their table.
    moved = np.take(SHIFTED_LEVELS, rows[:, None, :] + levels)
    kept = np.take(tables.kept, moved + _SEAT_OFFSETS[:seats])
    # Who calls: the number of bounds at or below a number drawn (all: nobody).
    picked = _chances(rng, (hands, runs)) >= callers
    caller = picked.view(np.uint8).sum(axis=0, dtype=np.uint8)
    level = _bits(rng, (hands, runs)) & np.uint16(LEVELS - 1)
    calls = _lookup(tables.calling, rows, np.minimum(caller, seats - 1), level)
    counter = np.full((hands, runs), seats, dtype=np.uint8)
    countered = calls
    if counter_rate is not None:
        keys = _chances(rng, (seats, hands, runs))
        wants = keys < counter_rate[:, None, None]
        wants &= seated[:, :, None] & (caller < seats)
        wants &= _SEATS[:seats] != caller
        first = np.where(wants, keys, np.uint32(2**32 - 1)).argmin(axis=0).astype(np.uint8)
        counter = np.where(wants.any(axis=0), first, np.uint8(seats))
        countered = _lookup(tables.countering, rows, np.minimum(counter, seats - 1), level)
    return Drawn(kept, caller, calls, counter, countered)


#: The seats, as a seat axis; where each seat's table starts in a flat table.
_SEATS = np.arange(64, dtype=np.uint8)[:, None, None]
_SEAT_OFFSETS = (np.arange(64, dtype=np.intp) * LEVELS)[:, None, None]


def _lookup(table: Ints, rows: Ints, seat: Ints, level: Ints) -> Ints:
    """Per hand and run: the outcome of ``seat``'s flat ``table`` at ``level``, moved by the
    run's version of that seat (``rows``)."""
    runs = rows.shape[1]
    seat = seat.astype(np.intp)
    version = np.take(rows, seat * runs + np.arange(runs))
    moved = np.take(SHIFTED_LEVELS, version + level)
    return np.asarray(np.take(table, seat * LEVELS + moved))


def _callers(seated: Bools, rates: npt.NDArray[np.float32], called: float) -> Ints:
    """Per seat, hand and run: the seated players' cumulative share of the calling rates,
    times the chance that anyone calls, on the 32-bit scale: ``(seats, hands or 1, runs)``
    (one row when the same players sit every hand). A number drawn below the first bound
    picks seat 0, and so on; at or past the last (``called``), nobody calls."""
    if (seated == seated[:, :1]).all():
        weights = rates * seated[:, :1]
    else:
        weights = np.where(seated[:, :, None], rates[:, None, :], np.float32(0.0))
    cumulative = np.cumsum(weights, axis=0, dtype=np.float64)
    cumulative *= (called * 2.0**32) / np.maximum(cumulative[-1], 1e-12)
    bounds = np.minimum(cumulative, 2.0**32 - 1).astype(np.uint32)
    return bounds if bounds.ndim == 3 else bounds[:, None, :]


def _points(drawn: Drawn, seated: Bools, rules: Rules) -> Ints:
    """Each seat's points in each hand drawn (``batch.hand_points``); a classic hand with
    everyone seated, the most common, in a few passes over the hands."""
    if rules.mode is not Mode.CLASSIC or not seated.all():
        return hand_points(*drawn.as_hands(), seated[:, :, None], rules)
    seats = drawn.kept.shape[0]
    kept = drawn.kept * (drawn.kept != OUT)
    own = drawn.called_with * (drawn.called_with != OUT)
    calling = _SEATS[:seats] == drawn.caller
    lowest = (kept + calling * np.int16(_NOT_LOW)).min(axis=0)
    beaten = lowest <= own if rules.tie_beats_caller else lowest < own
    score = np.where(
        own > ZERO_BELOW,
        CALL_PENALTY + own,
        np.where(beaten, CALL_PENALTY, np.where(own < ZERO_BELOW, 0, own)),
    ).astype(np.int16)
    base = kept * (kept >= ZERO_BELOW)
    return np.asarray(base + calling * (score - base))


#: Above any total kept: the caller's, left out of who beat their call.
_NOT_LOW = 1 << 12


def versions(model: HandModel, runs: int, rng: np.random.Generator) -> Versions:
    """Which version of each player each run plays, chosen at random, one for their cards
    and one for their calls: per seat and run, where its row starts in ``SHIFTED_LEVELS``,
    and its calling rate."""
    seats, count = len(model.players), model.versions
    if count & (count - 1) == 0:  # a power of two (``SKILLS``): a few of the bits drawn
        chosen = (_bits(rng, (2, seats, runs)) & np.uint16(count - 1)).astype(np.intp)
    else:
        chosen = rng.integers(0, count, size=(2, seats, runs), dtype=np.intp)
    chosen += np.arange(seats, dtype=np.intp)[:, None] * count
    rows = np.take(model.shifts, chosen[0]).astype(np.intp) * LEVELS
    rates = np.take(model.strength, chosen[1]).astype(np.float32)
    return rows, rates


def simulate(
    game: Game,
    model: HandModel,
    runs: int,
    seed: int,
    *,
    keep: bool = False,
    expected: float | None = None,
) -> Runs:
    """Play ``game`` to its end ``runs`` times; ``model`` covers ``game.players`` in order;
    ``expected``: ``expected_hands``, if worked out already."""
    rng = np.random.default_rng(seed)
    players = versions(model, runs, rng)
    if game.rules.quadri:
        return _quadri(game, model, players, rng, keep)
    if expected is None:
        expected = expected_hands(game, model)
    return _to_target(game, model, players, rng, keep, expected)


def _seating(game: Game, first: int, hands: int) -> Bools:
    """Who plays hands ``first``… : ``(seats, hands)``."""
    if not game.joined_after and not game.left_after:
        return np.ones((len(game.players), hands), dtype=bool)  # everyone, every hand
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


_CODES = np.arange(OUT + 1)
#: Each outcome kept without calling, as points in a hand (the pace ``expected_hands`` reads).
_CONTRO_PACE = np.where(_CODES == OUT, -2, np.where(_CODES < LOW_TOTAL, -1, 1 + _CODES // 10))
_CLASSIC_PACE = np.where((_CODES == OUT) | (_CODES < ZERO_BELOW), 0, _CODES)


def affordable_runs(expected: float) -> int:
    """The runs ``HAND_BUDGET`` affords for ``expected`` hands left (``expected_hands``),
    between ``FEWEST_RUNS`` and ``RUNS``."""
    return int(min(RUNS, max(FEWEST_RUNS, HAND_BUDGET / max(expected, 1.0))))


def expected_hands(game: Game, model: HandModel) -> float:
    """About the hands left: 4 Quadri's own, or the gap from the leader to the target at the
    pace of the fastest seat (its mean points a hand without calls). Sizes the first stretch
    drawn, and the runs a forecast can afford."""
    played = len(game.hands)
    if (limit := game.rules.hands_in_game) is not None:
        return float(limit - played)
    pace_of = _CONTRO_PACE if game.rules.mode is Mode.CONTRO else _CLASSIC_PACE
    pace = max(float(np.take(pace_of, model.kept).mean(axis=1).max()), 0.25)
    totals = game.totals()
    gap = game.rules.target - max(totals[p] for p in game.ranked)
    return min(max(gap, 0) / pace, float(MAX_HANDS))


def _to_target(
    game: Game,
    model: HandModel,
    players: Versions,
    rng: np.random.Generator,
    keep: bool,
    expected: float,
) -> Runs:
    runs = players[0].shape[1]
    played = len(game.hands)
    now = game.totals()
    totals = np.repeat(np.array([[now[p]] for p in game.players], dtype=np.int32), runs, axis=1)
    ended_after = np.full(runs, -1, dtype=np.int32)
    length = int(min(LONGEST_STRETCH, max(2, math.ceil(expected * FIRST_STRETCH) + 1)))
    stretches = play_on(
        game, model, players, rng, totals, ended_after, np.arange(runs), played, length, keep
    )
    return _ranked(game, ended_after, totals, stretches)


def play_on(
    game: Game,
    model: HandModel,
    players: Versions,
    rng: np.random.Generator,
    totals: Ints,
    ended_after: Ints,
    alive: Ints,
    number: int,
    length: int,
    keep: bool = False,
) -> list[Stretch]:
    """Play the runs ``alive`` on from hand ``number`` (their ``totals`` then), in stretches
    of ``length`` hands, then shorter, until each ends: their ``totals`` and ``ended_after``
    are written in place. Returns the stretches drawn if ``keep``."""
    played = len(game.hands)
    joins = _joins(game)
    stretches: list[Stretch] = []
    tables = Tables.of(model)
    everyone = _callers(np.ones((len(game.players), 1), dtype=bool), players[1], model.called)
    contro = game.rules.mode is Mode.CONTRO
    countering = _scaled(model.counter_rate) if contro else None
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
        if seated.all():
            callers = everyone[:, :, alive]
        else:
            callers = _callers(seated, players[1][:, alive], model.called)
        drawn = draw(tables, seated, players[0][:, alive], callers, countering, rng)
        points = _points(drawn, seated, game.rules)
        running = _running(totals[:, alive], points)
        over = running.max(axis=0) >= game.rules.target
        done = over.any(axis=0)
        last = np.where(done, over.argmax(axis=0), span - 1)
        totals[:, alive] = running[:, last, np.arange(alive.size)]
        ended_after[alive[done]] = number + 1 + last[done]
        if keep:
            stretches.append(Stretch(alive, number + 1, *drawn.as_hands(), points))
        alive = alive[~done]
        number += span
        length = max(2, -(-length // 3))
    return stretches


def _ranked(game: Game, ended_after: Ints, totals: Ints, stretches: Sequence[Stretch] = ()) -> Runs:
    """The runs ended: who is ranked at each run's end, by their totals."""
    played = len(game.hands)
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


def _running(start: Ints, points: Ints) -> Ints:
    """Each seat's total after each hand ``(seats, hands, runs)``, from ``start``: a hand at
    a time (numpy's cumsum along a middle axis is several times slower)."""
    running = np.empty(points.shape, dtype=np.int32)
    total = start
    for hand in range(points.shape[1]):
        total = np.add(total, points[:, hand], out=running[:, hand])
    return running


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
    rows, rates = versions
    callers = _callers(seated, rates, model.called)
    countering = _scaled(model.counter_rate) if game.rules.mode is Mode.CONTRO else None
    drawn = draw(Tables.of(model), seated, rows, callers, countering, rng)
    future = _points(drawn, seated, game.rules)
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
    stretches = (Stretch(np.arange(runs), played + 1, *drawn.as_hands(), future),) if keep else ()
    ended = np.full(runs, limit, dtype=np.int32)
    ranked = np.ones((seats, runs), dtype=bool)
    return Runs(ended, totals, keys, ranked, stretches)
