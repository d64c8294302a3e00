"""Each player's chance to win the showdown from what the table sees: the PUNTO's known
cards (two or three) and every player's two shown cards. The unknown cards (the PUNTO's
third, each player's hidden one) are drawn from what is left of the 30-card deck.

What a chance means: a player's expected share of the showdown, a k-way tie counting 1/k
to each tied player (their share of a split pot), so the chances add up to 1. Every player
shown is taken to the showdown; nobody folds.

Reading, the PUNTO's pair: when the unknown third card makes a pair, the first player's
choice is not known yet. ``ChoiceRule.FAVOURS_FIRST`` (the default) takes the seed's word
("deciderà ovviamente in base alle sue personali esigenze"): for each such card, the first
player (``first``, by default the first player named) picks the value that gives them the
larger chance, computed on the same draws, keeping the sum when both are equal;
``ChoiceRule.EVEN`` counts both values as equally likely.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from scoring.tago.cards import COPIES, VALUES, Cards, check_counts
from scoring.tago.chip_errors import NotSeated
from scoring.tago.draws import FloatArray, IntArray, every_draw, sampled_draws, sequences
from scoring.tago.errors import PUNTO, NotAnOption, PlayerCount, WrongNumberOfCards
from scoring.tago.judge import MAX_PLAYERS, MIN_PLAYERS, punto_options
from scoring.tago.strength import Showdowns, punto_values, shares_at, showdowns

#: Above this many distinct draws, sampling instead of an exact count.
EXACT_LIMIT = 100_000
SAMPLES = 40_000
#: Chances closer than this are equal: sums of the same shares in another order may differ
#: in their last bits.
TIE = 1e-9


class ChoiceRule(enum.StrEnum):
    """How a PUNTO with a pair is valued when the first player's choice is not known."""

    FAVOURS_FIRST = "first"
    EVEN = "even"


@dataclass(frozen=True)
class Odds:
    """Each player's chance (0–1, adding up to 1), its standard error (0 when exact), whether
    every draw was counted, how many draws (distinct sequences, or samples), and, for each
    PUNTO with a pair the first player chose on, the value taken."""

    chances: Mapping[str, float]
    standard_errors: Mapping[str, float]
    exact: bool
    draws: int
    choices: Mapping[Cards, int] = field(default_factory=dict)


def odds(
    punto: Cards,
    shown: Mapping[str, Cards],
    *,
    choice: int | None = None,
    rule: ChoiceRule = ChoiceRule.FAVOURS_FIRST,
    first: str | None = None,
    seed: int = 0,
    samples: int = SAMPLES,
    exact_limit: int = EXACT_LIMIT,
) -> Odds:
    """The chances of ``shown`` (player → two cards, in the order of play) against the
    PUNTO's known cards; ``choice`` is the first player's, when three known cards hold a
    pair and they have chosen. Exact when at most ``exact_limit`` distinct draws, otherwise
    ``samples`` draws seeded with ``seed``."""
    players = tuple(shown)
    _check(punto, shown, choice)
    first_index = _first_index(players, first)
    counts = Counter(card for cards in (punto, *shown.values()) for card in cards)
    left = [COPIES - counts[value] for value in VALUES]
    length = len(players) + 3 - len(punto)
    exact = sequences(left, length) <= exact_limit
    if exact:
        draws, weights = every_draw(left, length)
    else:
        deck = [value for value, count in zip(VALUES, left, strict=True) for _ in range(count)]
        draws, weights = sampled_draws(deck, length, samples, seed)
    rows = len(weights)
    known = np.broadcast_to(np.asarray(punto, dtype=np.int64), (rows, len(punto)))
    full = np.hstack([known, draws[:, : 3 - len(punto)]])
    hidden = draws[:, 3 - len(punto) :]
    cards = np.asarray(list(shown.values()), dtype=np.int64)
    hands = showdowns(full, cards, hidden)
    if choice is not None:
        won = shares_at(hands, np.full(rows, choice))
        chosen: dict[Cards, int] = {}
    else:
        won, chosen = _unchosen(full, hands, weights, rule, first_index)
    total = weights.sum()
    chances = weights @ won / total
    errors = np.zeros(len(players)) if exact else won.std(axis=0, ddof=1) / np.sqrt(rows)
    return Odds(
        dict(zip(players, chances.tolist(), strict=True)),
        dict(zip(players, errors.tolist(), strict=True)),
        exact,
        rows,
        chosen,
    )


def _unchosen(
    punto: IntArray,
    hands: Showdowns,
    weights: FloatArray,
    rule: ChoiceRule,
    first: int,
) -> tuple[FloatArray, dict[Cards, int]]:
    """The shares when the PUNTO's value may still be the first player's to choose."""
    total, third = punto_values(punto)
    by_sum = shares_at(hands, total)
    open_choice = third != total
    if not open_choice.any():
        return by_sum, {}
    by_third = shares_at(hands, third)
    if rule is ChoiceRule.EVEN:
        return np.where(open_choice[:, None], (by_sum + by_third) / 2, by_sum), {}
    # The known cards are the same on every row: the last one tells the PUNTO, and so
    # whether it has a pair. For each such last card, the first player's gain in taking
    # the third card alone, summed over its rows (``bincount``, in one pass).
    last = punto[:, 2]
    drawn, where = np.unique(last[open_choice], return_index=True)
    gain = np.bincount(last, weights * (by_third[:, first] - by_sum[:, first]))
    weight = np.bincount(last, weights)
    # Equal chances (to float rounding) keep the sum: the third card wins only if better.
    takes_third = np.zeros(len(weight), dtype=bool)
    takes_third[drawn] = gain[drawn] > TIE * weight[drawn]
    won = np.where(takes_third[last][:, None], by_third, by_sum)
    rows = np.flatnonzero(open_choice)[where]  # the first row of each
    chosen: dict[Cards, int] = {
        tuple(int(card) for card in punto[row]): int(
            third[row] if takes_third[value] else total[row]
        )
        for value, row in zip(drawn.tolist(), rows.tolist(), strict=True)
    }
    return won, chosen


def _check(punto: Cards, shown: Mapping[str, Cards], choice: int | None) -> None:
    if not 2 <= len(punto) <= 3:
        raise WrongNumberOfCards(PUNTO, len(punto), 3 if len(punto) > 3 else 2)
    if not MIN_PLAYERS <= len(shown) <= MAX_PLAYERS:
        raise PlayerCount(len(shown))
    for player, cards in shown.items():
        if len(cards) != 2:
            raise WrongNumberOfCards(player, len(cards), 2)
    check_counts(punto, *shown.values())
    if choice is not None:
        options = punto_options(punto) if len(punto) == 3 else ()
        if choice not in options:
            raise NotAnOption(choice, options)


def _first_index(players: tuple[str, ...], first: str | None) -> int:
    if first is None:
        return 0
    if first not in players:
        raise NotSeated(first, players)
    return players.index(first)
