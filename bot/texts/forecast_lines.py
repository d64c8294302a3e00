"""The forecast's one line under a hand's reply: "Chi vince? Anna 61% · Bruno 24% · Carla 15%".

Language-neutral: the caller passes the lead words ("Chi vince?") already translated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

SEPARATOR = " · "


def percentages(chances: Mapping[str, float], total: int = 100) -> dict[str, int]:
    """Whole percentages adding up to ``total`` (largest remainders), best first, seat order
    on ties: what the line and the chart's labels show. A chance under 0.5% gets a point
    left over only when no other can take it: it stays 0, shown ``<1%``, not a round 1%."""
    if not chances:
        return {}
    scaled = {p: 100 * max(c, 0.0) for p, c in chances.items()}
    floors = {p: math.floor(v) for p, v in scaled.items()}
    left = total - sum(floors.values())
    order = sorted(scaled, key=lambda p: (scaled[p] < 0.5, floors[p] - scaled[p]))
    for player in order[: max(left, 0)]:
        floors[player] += 1
    return dict(sorted(floors.items(), key=lambda item: -chances[item[0]]))


def shown(chance: float, percent: int) -> str:
    """A percentage, never rounded to a certainty the forecast does not have."""
    if percent == 0 and chance > 0:
        return "<1%"
    if percent == 100 and chance < 1:
        return ">99%"
    return f"{percent}%"


def forecast_line(lead: str, chances: Mapping[str, float]) -> str:
    """``lead`` then each player and chance, most likely winner first."""
    whole = percentages(chances)
    return f"{lead} " + SEPARATOR.join(
        f"{player} {shown(chances[player], percent)}" for player, percent in whole.items()
    )


def each_chance_line(lead: str, chances: Mapping[str, float]) -> str:
    """``lead`` then each player and their own chance, most likely first: chances that do not
    add up to 100% (a tournament table's, to reach the final: two go, three when tied for
    second). Rounded to add up to their sum rounded, as rounding each alone may add points."""
    whole = percentages(chances, round(100 * sum(chances.values())))
    return f"{lead} " + SEPARATOR.join(
        f"{player} {shown(chances[player], percent)}" for player, percent in whole.items()
    )
