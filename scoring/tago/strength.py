"""The judge's ranking over many draws at once (numpy): the same rules as
``scoring.tago.judge``, one row per way the unknown cards can fall."""

from __future__ import annotations

import numpy as np

from scoring.tago.draws import FloatArray, IntArray

#: Strengths above any score's (a score's strength is minus its distance, at most 0).
ZERO, COPIA, TRIS = 3000, 2000, 1000


def third_of_pair(a: IntArray, b: IntArray, c: IntArray) -> tuple[IntArray, IntArray]:
    """Row by row: whether three cards hold a pair, and the third card when they do."""
    third = np.where(a == b, c, np.where(a == c, b, a))
    return (a == b) | (a == c) | (b == c), third


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


def shares(punto: IntArray, shown: IntArray, hidden: IntArray, value: IntArray) -> FloatArray:
    """Each player's share of the win in each row: 1 alone, 1/k in a k-way tie, else 0.
    ``punto`` is rows × 3, ``shown`` players × 2, ``hidden`` rows × players, ``value`` the
    PUNTO's value per row (halves)."""
    rows, players = hidden.shape
    punto_set = multiset(punto[:, 0], punto[:, 1], punto[:, 2])
    strength = np.empty((rows, players), dtype=np.int64)
    for player in range(players):
        a = np.full(rows, shown[player, 0])
        b = np.full(rows, shown[player, 1])
        c = hidden[:, player]
        paired, third = third_of_pair(a, b, c)
        distance = np.abs(a + b + c - value)
        distance = np.where(paired, np.minimum(distance, np.abs(third - value)), distance)
        trio = (a == b) & (b == c)
        copia = multiset(a, b, c) == punto_set
        strength[:, player] = np.where(
            trio, np.where(a == 0, ZERO, TRIS), np.where(copia, COPIA, -distance)
        )
    top = strength == strength.max(axis=1, keepdims=True)
    result: FloatArray = top / top.sum(axis=1, keepdims=True)
    return result
