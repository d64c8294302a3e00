"""How each player's next hands are drawn: their own history blended with the chat's, the
chat's with a prior read from the rulebook while the chat is new, and what is still unknown of
each player drawn anew in each run.

Each blend adds counts: the prior counts as ``PRIOR_WEIGHT`` hands of the chat's, and the
chat's habits as many hands of a player's as the evidence says (``scoring.shrinkage``: how far
the chat's players really differ, and how many hands of each there are). A newcomer plays like
the chat, a regular like themselves. What the evidence leaves open of a player, how good they
really are with their cards and how often they really call, is drawn once a run from
``SKILLS`` equally likely versions of them (``skill``): over a long game a small
difference between players compounds, and it must not compound into a certainty the hands
played do not give.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from scoring.tamalo.forecast.evidence import PRIOR_WEIGHT, Evidence
from scoring.tamalo.forecast.history import ChatHistory
from scoring.tamalo.forecast.skill import (
    LEVELS,
    OUT,
    OUTCOMES,
    TOP,
    VALUES,
    Floats,
    Ints,
    habit_versions,
    quantiles,
    skill_shifts,
)
from scoring.tamalo.model import Hand

#: ControTamalo chances the chat's rate weighs in a player's: rare calls, too few to tell
#: players apart by.
COUNTER_WEIGHT = 10.0

__all__ = ["LEVELS", "OUT", "OUTCOMES", "TOP", "HandModel", "hand_model"]


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


def _blend(counts: Floats, weight: float, fallback: Floats) -> Floats:
    """``counts`` with ``fallback`` (a distribution) added as ``weight`` observations."""
    if not np.isfinite(weight):
        return fallback
    blended = counts + weight * fallback
    total = blended.sum()
    return blended / total if total > 0 else fallback


def _blend_rows(counts: Floats, weights: Floats, fallbacks: Floats) -> Floats:
    """``_blend`` of each table's rows at once: ``counts`` ``(tables, seats, outcomes)``,
    each seat's row with its table's fallback added as ``weights[seat]`` observations."""
    finite = np.isfinite(weights)[None, :, None]
    blended = counts + np.where(finite, weights[None, :, None], 0.0) * fallbacks[:, None, :]
    total = blended.sum(axis=2, keepdims=True)
    shares = blended / np.where(total > 0, total, 1.0)
    return np.where(
        finite & (total > 0), shares, np.broadcast_to(fallbacks[:, None, :], shares.shape)
    )


@dataclass(frozen=True, eq=False)
class HandModel:
    """Per seat (the game's players, in order): quantile tables ``(seats, LEVELS)`` of the
    total kept without calling (``OUT`` = finished the cards), with a Tamalo and with a
    ControTamalo, the best outcome first; per seat and version of the player (``SKILLS``,
    each as likely), the shift of their tables (a row of ``skill.SHIFTED``) and their
    calling rate (1 = the chat's); per seat the chance of answering a Tamalo with a
    ControTamalo. ``called``: the chance that anyone calls in a hand."""

    players: tuple[str, ...]
    kept: Ints
    calling: Ints
    countering: Ints
    shifts: Ints
    strength: Floats
    counter_rate: Floats
    called: float
    #: Each seat's mean total kept: a rough pace, to size the simulation's first stretch.
    mean_kept: Floats

    @property
    def versions(self) -> int:
        return int(self.shifts.shape[1])


def hand_model(
    players: Sequence[str], history: ChatHistory | None = None, hands: Iterable[Hand] = ()
) -> HandModel:
    """The model of ``players`` from the chat's ``history`` (none: a new chat, the prior)
    and the ``hands`` of their game so far."""
    evidence = Evidence.of(history or ChatHistory(), players, hands)
    chat_kept = _blend(evidence.kept.sum(axis=0), PRIOR_WEIGHT, PRIOR_TOTALS)
    chat_calls = _blend(evidence.calls.sum(axis=0), PRIOR_WEIGHT, PRIOR_CALLS)
    chat_counters = _blend(evidence.counters.sum(axis=0), PRIOR_WEIGHT, chat_calls)
    chat_counter_rate = (evidence.counters.sum() + PRIOR_WEIGHT * PRIOR_COUNTER) / (
        evidence.chances.sum() + PRIOR_WEIGHT
    )
    called = (evidence.called + PRIOR_WEIGHT * PRIOR_CALLED) / (evidence.hands + PRIOR_WEIGHT)
    skill = evidence.card_skill(players)
    rate, rate_spread = evidence.calling_habit(players, called)
    rows = evidence.rows(players)
    kept, calls, counters = evidence.kept[rows], evidence.calls[rows], evidence.counters[rows]
    # The chat's habits, as hands of each player's: what the evidence makes of their own.
    own_hands = kept.sum(axis=1)
    weight = np.divide(
        own_hands * (1 - skill.weight), skill.weight, out=np.full_like(own_hands, np.inf),
        where=skill.weight > 0,
    )  # fmt: skip
    tables = _blend_rows(
        np.stack([kept, calls, counters]), weight, np.stack([chat_kept, chat_calls, chat_counters])
    )
    counter_rate = (counters.sum(axis=1) + COUNTER_WEIGHT * chat_counter_rate) / (
        evidence.chances[rows] + COUNTER_WEIGHT
    )
    kept_table, calling_table, countering_table = quantiles(
        tables.reshape(-1, tables.shape[-1])
    ).reshape(3, len(players), -1)
    return HandModel(
        tuple(players),
        kept_table,
        calling_table,
        countering_table,
        skill_shifts(tables[0], skill.spread),
        habit_versions(rate, rate_spread),
        np.asarray(counter_rate, dtype=np.float64),
        float(called),
        tables[0] @ VALUES,
    )
