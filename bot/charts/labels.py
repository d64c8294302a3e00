"""Labels beside the ends of a chart's lines, kept apart where the lines end close together.
Plain numbers in and out (no matplotlib)."""

from __future__ import annotations

from collections.abc import Sequence


def spread(values: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near as can be to ``values`` but at least ``gap`` apart: overlapping
    labels are pushed apart around their mean, then the lot kept within ``[low, high]``."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    clusters: list[list[int]] = []  # runs of ``order`` stacked ``gap`` apart
    bottoms: list[float] = []
    for index in order:
        clusters.append([index])
        bottoms.append(values[index])
        while len(clusters) > 1 and bottoms[-2] + len(clusters[-2]) * gap > bottoms[-1]:
            merged = clusters[-2] + clusters[-1]
            mean = sum(values[i] for i in merged) / len(merged)
            clusters[-2:] = [merged]
            bottoms[-2:] = [mean - (len(merged) - 1) * gap / 2]
    stacked = [
        (index, bottom + k * gap)
        for cluster, bottom in zip(clusters, bottoms, strict=True)
        for k, index in enumerate(cluster)
    ]
    positions = [0.0] * len(values)
    if stacked:
        shift = max(0.0, low - stacked[0][1]) or min(0.0, high - stacked[-1][1])
        for index, y in stacked:
            positions[index] = y + shift
    return positions
