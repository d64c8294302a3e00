"""The unknown cards of a showdown seen from the table: every way to draw them from what is
left of the deck, weighted (exact), or a seeded sample of them (Monte Carlo)."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

import numpy as np
import numpy.typing as npt

from scoring.tago.cards import VALUES

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def sequences(counts: Sequence[int], length: int) -> int:
    """How many distinct value sequences of ``length`` can be drawn from a deck with
    ``counts[v]`` cards of each value (each sequence is one row of an exact count)."""
    ways = [1] + [0] * length  # ways[k]: sequences of length k over the values so far
    for cap in counts:
        ways = [
            sum(ways[k - j] * comb(k, j) for j in range(min(cap, k) + 1)) for k in range(length + 1)
        ]
    return ways[length]


def every_draw(counts: Sequence[int], length: int) -> tuple[IntArray, FloatArray]:
    """Every distinct value sequence of ``length`` drawn without replacement, with its weight:
    how many orderings of the physical cards give it (rows × length, and rows)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    left = np.asarray([counts], dtype=np.int64)
    weights = np.ones(1)
    for _ in range(length):
        parts: list[tuple[IntArray, IntArray, FloatArray]] = []
        for index, value in enumerate(VALUES):
            can = left[:, index] > 0
            if not can.any():
                continue
            taken = left[can].copy()
            weight = weights[can] * taken[:, index]
            taken[:, index] -= 1
            column = np.full((int(can.sum()), 1), value, dtype=np.int64)
            parts.append((np.hstack([rows[can], column]), taken, weight))
        rows = np.concatenate([p[0] for p in parts])
        left = np.concatenate([p[1] for p in parts])
        weights = np.concatenate([p[2] for p in parts])
    return rows, weights


def sampled_draws(
    deck: Sequence[int], length: int, samples: int, seed: int
) -> tuple[IntArray, FloatArray]:
    """``samples`` draws of ``length`` cards from ``deck`` without replacement, each weighing
    one; the same ``seed`` gives the same draws."""
    generator = np.random.default_rng(seed)
    cards = np.asarray(deck, dtype=np.int64)
    picked = np.argsort(generator.random((samples, len(cards))), axis=1)[:, :length]
    return cards[picked], np.ones(samples)
