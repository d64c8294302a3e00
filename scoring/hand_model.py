"""How each player's next hands are drawn: their own history blended with the chat's, and the
chat's with a prior read from the rulebook while the chat is new.

Each blend adds counts: a player's hands count as they are, and the chat's habits count as
``PLAYER_WEIGHT`` hands of theirs (the prior as ``PRIOR_WEIGHT`` hands of the chat's), so a
newcomer plays like the chat and a regular like themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scoring.history import ChatHistory, PlayerHistory

#: Totals above this are drawn as this: the game is decided long before the difference counts.
TOP = 80
#: The outcome "finished the cards" (total 0, out), after the totals 0…TOP.
OUT = TOP + 1
OUTCOMES = OUT + 1
#: Each distribution is kept as this many equally likely outcomes (its quantiles): one lookup
#: draws a hand, and no outcome is off by more than 1/LEVELS.
LEVELS = 4096
#: How many hands of evidence the prior weighs in the chat's habits; the chat's habits weigh in
#: a player's as many hands as the chat's players' differences say (``player_weight``), from
#: ``PLAYER_WEIGHT`` while too few players are known, within ``WEIGHT_RANGE``.
PRIOR_WEIGHT = 20.0
PLAYER_WEIGHT = 15.0
WEIGHT_RANGE = (5.0, 2000.0)
#: A player counts towards the chat's differences from this many hands on.
KNOWN_AFTER = 10
#: Fair-share calls the chat's average weighs in a player's calling rate in a new chat;
#: ControTamalo chances the chat's rate weighs in a player's.
CALL_WEIGHT = 4.0
COUNTER_WEIGHT = 10.0

Ints = npt.NDArray[np.int32]
Floats = npt.NDArray[np.float64]


def _prior_totals() -> Floats:
    """What a player who did not call keeps: four cards worth 6.5 on average (rulebook table
    1.1) thinned by the hand's swaps and pairs, so mostly 5 to 20, rarely past 35; about one
    hand in 30 they finish the cards."""
    totals = np.arange(TOP + 1, dtype=np.float64)
    weights = (totals + 1.0) ** 1.6 * np.exp(-totals / 6.0)
    weights = weights / weights.sum() * 0.97
    return np.asarray(np.append(weights, 0.03), dtype=np.float64)


def _prior_calls() -> Floats:
    """What a caller has: a call is made with few points (under 5 scores zero), now and then
    misjudged by a few."""
    weights = np.zeros(OUTCOMES)
    weights[:11] = [22, 17, 16, 14, 12, 7, 4, 3, 2, 2, 1]
    return np.asarray(weights / weights.sum(), dtype=np.float64)


#: The share of hands in which someone calls Tamalo: most hands end with a call.
PRIOR_CALLED = 0.9
#: How often a player answers someone else's Tamalo with a ControTamalo.
PRIOR_COUNTER = 0.08
PRIOR_TOTALS = _prior_totals()
PRIOR_CALLS = _prior_calls()


def _counts(histogram: Mapping[int, int], outs: int = 0) -> Floats:
    counts = np.zeros(OUTCOMES)
    for total, hands in histogram.items():
        counts[min(max(total, 0), TOP)] += hands
    counts[OUT] += outs
    return counts


def _blend(counts: Floats, weight: float, fallback: Floats) -> Floats:
    """``counts`` with ``fallback`` (a distribution) added as ``weight`` observations."""
    blended = counts + weight * fallback
    total = blended.sum()
    return blended / total if total > 0 else fallback


def _quantiles(distributions: Floats) -> Ints:
    """Each row as ``LEVELS`` equally likely outcomes, in order: each outcome fills its share
    of the levels (rounded, the row's shares adding up to exactly ``LEVELS``)."""
    cumulative = np.cumsum(distributions, axis=1)
    bounds = np.rint(cumulative / cumulative[:, -1:] * LEVELS).astype(np.int64)
    counts = np.diff(bounds, axis=1, prepend=0)
    outcomes = np.tile(np.arange(distributions.shape[1], dtype=np.int32), len(distributions))
    return np.repeat(outcomes, counts.ravel()).reshape(len(distributions), LEVELS)


@dataclass(frozen=True, eq=False)
class HandModel:
    """Per seat (the game's players, in order): quantile tables ``(seats, LEVELS)`` of the
    total kept without calling (``OUT`` = finished the cards), with a Tamalo and with a
    ControTamalo; the relative calling rate (1 = the fair share); the chance of answering a
    Tamalo with a ControTamalo. ``called``: the chance that anyone calls in a hand."""

    players: tuple[str, ...]
    kept: Ints
    calling: Ints
    countering: Ints
    strength: Floats
    counter_rate: Floats
    called: float
    #: Each seat's mean total kept: a rough pace, to size the simulation's first stretch.
    mean_kept: Floats


def player_weight(history: ChatHistory) -> float:
    """How many hands of a player's own are worth the chat's habits: the noise in one hand's
    total over how much the chat's players really differ (empirical Bayes, on the mean total
    kept). Players who differ only by chance are drawn alike; players who differ are drawn
    from their own hands soon."""
    means, noise = [], []
    values = np.arange(OUTCOMES, dtype=np.float64)
    values[OUT] = 0.0
    for own in history.players.values():
        counts = _counts(own.totals, own.outs)
        hands = counts.sum()
        if hands >= KNOWN_AFTER:
            mean = counts @ values / hands
            means.append(mean)
            noise.append((counts @ (values - mean) ** 2 / (hands - 1), hands))
    if len(means) < 3:
        return PLAYER_WEIGHT
    within = float(np.mean([variance for variance, _ in noise]))
    sampling = float(np.mean([variance / hands for variance, hands in noise]))
    between = float(np.var(means, ddof=1)) - sampling
    low, high = WEIGHT_RANGE
    return high if between <= within / high else float(np.clip(within / between, low, high))


def hand_model(players: Sequence[str], history: ChatHistory | None = None) -> HandModel:
    """The model of ``players`` from the chat's ``history`` (none: a new chat, the prior)."""
    history = history or ChatHistory()
    chat = history.pooled()
    chat_kept = _blend(_counts(chat.totals, chat.outs), PRIOR_WEIGHT, PRIOR_TOTALS)
    chat_calls = _blend(_counts(chat.calls), PRIOR_WEIGHT, PRIOR_CALLS)
    chat_counters = _blend(_counts(chat.counters), PRIOR_WEIGHT, chat_calls)
    chat_counter_rate = (sum(chat.counters.values()) + PRIOR_WEIGHT * PRIOR_COUNTER) / (
        chat.chances + PRIOR_WEIGHT
    )
    called = (history.called + PRIOR_WEIGHT * PRIOR_CALLED) / (history.hands + PRIOR_WEIGHT)
    weight = player_weight(history)
    # The same weight in fair-share calls: a hand of n players is 1/n of a call.
    call_weight = weight * chat.share / chat.hands if chat.hands else CALL_WEIGHT
    kept, calling, countering, strength, counter_rate = [], [], [], [], []
    for player in players:
        own: PlayerHistory = history.of(player)
        kept.append(_blend(_counts(own.totals, own.outs), weight, chat_kept))
        calling.append(_blend(_counts(own.calls), weight, chat_calls))
        countering.append(_blend(_counts(own.counters), weight, chat_counters))
        calls = sum(own.calls.values())
        strength.append((calls + call_weight) / (own.share + call_weight))
        counters = sum(own.counters.values())
        counter_rate.append(
            (counters + COUNTER_WEIGHT * chat_counter_rate) / (own.chances + COUNTER_WEIGHT)
        )
    kept_rows = np.array(kept)
    values = np.append(np.arange(TOP + 1), 0).astype(np.float64)
    return HandModel(
        tuple(players),
        _quantiles(kept_rows),
        _quantiles(np.array(calling)),
        _quantiles(np.array(countering)),
        np.array(strength),
        np.array(counter_rate),
        float(called),
        kept_rows @ values,
    )
