"""Many hands scored at once, with numpy: the rules of ``scoring.tamalo.classic`` and
``scoring.tamalo.contro`` over arrays, for the forecast's simulations.

Their constants are the engine's own, imported; that each rule gives the engine's points is
proved by tests/scoring/test_forecast.py on many random hands.

Arrays start with a seat axis (numpy is fastest reducing over the first axis of small ones):
``totals`` and ``out`` are ``(seats, ...)``; ``caller`` and ``counter`` are ``(...)`` seat
indexes, ``NOBODY`` when nobody called; ``seated`` (broadcast to ``totals``) says who plays
each hand: the others score 0 and beat nobody.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from scoring.tamalo.classic import CALL_PENALTY, ZERO_BELOW
from scoring.tamalo.contro import (
    BEAT_CONTRO,
    BEAT_TAMALO,
    CONTRO_LOST,
    CONTRO_WON,
    FINISHED_CARDS,
    LOW_TOTAL,
    TAMALO_LOST,
    TAMALO_WON,
)
from scoring.tamalo.model import Mode, Rules

NOBODY = -1
#: A total nobody reaches: who is not seated beats no call.
_ABSENT = 1 << 14

Ints = npt.NDArray[np.integer]
Bools = npt.NDArray[np.bool_]


def _seat_of(index: Ints, seats: int) -> Bools:
    """One-hot ``(seats, ...)`` of a seat index (all false for ``NOBODY``)."""
    return np.asarray(np.arange(seats).reshape(-1, *([1] * index.ndim)) == index)


def _total_of(totals: Ints, index: Ints) -> Ints:
    """Each hand's total of the seat ``index`` (0 where nobody)."""
    picked = np.take_along_axis(totals, np.maximum(index, 0)[None], axis=0)[0]
    return np.where(index >= 0, picked, 0)


def _beats(totals: Ints, own: Ints, rules: Rules) -> Bools:
    """Who is lower than ``own`` (or level, with ``pari_perde``): the comparison that beats a
    Tamalo call; raw totals, before "under 5 is zero"."""
    return np.asarray(totals <= own if rules.tie_beats_caller else totals < own)


def hand_points(
    totals: Ints, out: Bools, caller: Ints, counter: Ints, seated: Bools, rules: Rules
) -> Ints:
    """Each seat's points in each hand, under ``rules.mode``."""
    seats = totals.shape[0]
    everyone = bool(np.all(seated))
    present = totals if everyone else np.where(seated, totals, _ABSENT)
    is_caller = _seat_of(caller, seats)
    own = _total_of(totals, caller)
    if rules.mode is Mode.CLASSIC:
        points = _classic(present, is_caller, own, caller, rules)
    else:
        points = _contro(present, out, is_caller, own, caller, counter, rules)
    return points if everyone else np.where(seated, points, 0)


def _classic(present: Ints, is_caller: Bools, own: Ints, caller: Ints, rules: Rules) -> Ints:
    base = np.where(present < ZERO_BELOW, 0, present)
    beaten = (_beats(present, own, rules) & ~is_caller).any(axis=0)
    called = np.where(
        own > ZERO_BELOW,
        CALL_PENALTY + own,
        np.where(beaten, CALL_PENALTY, np.where(own < ZERO_BELOW, 0, own)),
    )
    return np.where(is_caller, called, base)


def _contro(
    present: Ints,
    out: Bools,
    is_caller: Bools,
    own: Ints,
    caller: Ints,
    counter: Ints,
    rules: Rules,
) -> Ints:
    seats = present.shape[0]
    has_call = caller >= 0
    has_counter = (counter >= 0) & has_call
    is_counter = _seat_of(counter, seats) & has_counter
    countered = _total_of(present, counter)
    counter_won = has_counter & (countered < own)
    beats_tamalo = _beats(present, own, rules) & ~is_caller & has_call
    tamalo_won = has_call & ~counter_won & ~beats_tamalo.any(axis=0)
    bracket = np.where(present < LOW_TOTAL, -1, 1 + present // 10)
    others = np.where(
        has_counter & (present < countered),
        BEAT_CONTRO,
        np.where(beats_tamalo, BEAT_TAMALO, np.where(out, FINISHED_CARDS, bracket)),
    )
    points = np.where(is_counter, np.where(counter_won, CONTRO_WON, CONTRO_LOST), others)
    return np.where(is_caller, np.where(tamalo_won, TAMALO_WON, TAMALO_LOST), points)
