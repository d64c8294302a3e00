"""The judge's ranking over many draws at once (numpy): the same rules as
``scoring.tago.judge``, one row per way the unknown cards can fall."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scoring.tago.draws import FloatArray, IntArray

#: Card values, sums and distances in any width (``int16`` rows × players, ``int64`` …).
Ints = npt.NDArray[np.signedinteger[Any]]
BoolArray = npt.NDArray[np.bool_]

#: Strengths above any score's (a score's strength is minus its distance, at most 0).
ZERO, COPIA, TRIS = 3000, 2000, 1000


def third_of_pair(a: Ints, b: Ints, c: Ints) -> tuple[BoolArray, Ints]:
    """Row by row: whether three cards hold a pair, and the third card when they do."""
    third: Ints = np.where(a == b, c, np.where(a == c, b, a))
    paired: BoolArray = (a == b) | (a == c) | (b == c)
    return paired, third


def multiset(a: IntArray, b: IntArray, c: IntArray) -> IntArray:
    """Row by row, a number that is equal for equal multisets of three cards: each card
    adds 4 to the power of its value (at most three of a value, so no carry)."""
    signature: IntArray = (1 << (2 * a)) + (1 << (2 * b)) + (1 << (2 * c))
    return signature


def punto_values(punto: IntArray) -> tuple[IntArray, IntArray]:
    """Row by row: the PUNTO's sum, and its value with the pair removed (the sum again when
    it has no pair): the first player's two options."""
    a, b, c = punto[:, 0], punto[:, 1], punto[:, 2]
    paired, third = third_of_pair(a, b, c)
    total = a + b + c
    return total, np.where(paired, third, total)


@dataclass(frozen=True)
class Showdowns:
    """The players' hands in every row, read once whatever the PUNTO's value turns out to
    be: rows × players arrays (small integers: a row's card values, sums and distances are
    at most 48 halves)."""

    total: Ints
    paired: BoolArray
    third: Ints
    #: A ZERO's, COPIA's or TRIS's strength, where the hand is one (``special``).
    fixed: Ints
    special: BoolArray


def showdowns(punto: IntArray, shown: IntArray, hidden: IntArray) -> Showdowns:
    """``punto`` rows × 3, ``shown`` players × 2, ``hidden`` rows × players: every player at
    once, each player's shown cards broadcast down the rows."""
    small = np.int16
    punto_set = multiset(punto[:, 0], punto[:, 1], punto[:, 2])[:, None]
    a, b = shown[:, 0], shown[:, 1]
    c = hidden.astype(small)
    copia = multiset(a, b, hidden) == punto_set
    paired, third = third_of_pair(a.astype(small), b.astype(small), c)
    trio = (a == b) & (b == c)
    fixed = np.where(trio, np.where(a == 0, ZERO, TRIS), COPIA).astype(small)
    total = (a + b).astype(small) + c
    return Showdowns(total, paired, third, fixed, trio | copia)


def shares_at(hands: Showdowns, value: IntArray) -> FloatArray:
    """Each player's share of the win in each row when the PUNTO is worth ``value`` (one per
    row, halves): 1 alone, 1/k in a k-way tie, else 0."""
    worth = value.astype(np.int16)[:, None]
    distance = np.abs(hands.total - worth)
    np.minimum(
        distance, np.where(hands.paired, np.abs(hands.third - worth), distance), out=distance
    )
    strength = np.where(hands.special, hands.fixed, -distance)
    top = strength == strength.max(axis=1, keepdims=True)
    result: FloatArray = top / top.sum(axis=1, keepdims=True)
    return result


def shares(punto: IntArray, shown: IntArray, hidden: IntArray, value: IntArray) -> FloatArray:
    """Each player's share of the win in each row: 1 alone, 1/k in a k-way tie, else 0.
    ``punto`` is rows × 3, ``shown`` players × 2, ``hidden`` rows × players, ``value`` the
    PUNTO's value per row (halves)."""
    return shares_at(showdowns(punto, shown, hidden), value)
