"""A table's round in Victory Points: placement VP by match points (MP), and difference VP by
the margins to the players behind. RULES-macchiavelli.md, "Victory Points per round, per
table"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: By MP, lowest first; a BYE is last with 0, so a table of 3 gives 8, 6, 4.
PLACEMENT_VP = (8, 6, 4, 2)
#: The seed's tables: (highest difference, VP) in order; above the last, ``TOP_VP``.
DIFFERENCE_VP_SHORT = ((30, 0), (60, 2), (90, 4), (120, 6), (160, 8), (200, 10))
DIFFERENCE_VP_LONG = ((40, 0), (80, 2), (130, 4), (190, 6), (250, 8), (300, 10))
TOP_VP = 12
#: A round has 3 to 5 deals; rounds of 5 read the long table.
ROUND_DEALS = (3, 5)


@dataclass(frozen=True)
class TableScore:
    """A player's round at their table."""

    player: str
    mp: int
    placement_vp: int
    difference: int
    difference_vp: int

    @property
    def vp(self) -> int:
        """The round's VP: placement VP plus difference VP."""
        return self.placement_vp + self.difference_vp


def difference_vp(difference: int, deals: int) -> int:
    """The seed's table for rounds of ``deals`` deals: 3–4 deals "0–30 → 0 … over 200 → 12",
    5 deals "0–40 → 0 … over 300 → 12"."""
    low, high = ROUND_DEALS
    if not low <= deals <= high:
        raise ValueError(f"a round has {low} to {high} deals, not {deals}")
    if difference < 0:
        raise ValueError(f"a difference is never negative: {difference}")
    table = DIFFERENCE_VP_LONG if deals == high else DIFFERENCE_VP_SHORT
    return next((vp for ceiling, vp in table if difference <= ceiling), TOP_VP)


def differences(mp: Mapping[str, int]) -> dict[str, int]:
    """Reading: each player's margins to everyone with more MP, added up,
    ``Σ (MP_q − MP_p)`` over the q at the table with MP_q > MP_p. The last one's is 0, a BYE
    counts for nothing (it is not in ``mp``)."""
    return {p: sum(q - mine for q in mp.values() if q > mine) for p, mine in mp.items()}


def placement_vp(mp: Mapping[str, int]) -> dict[str, int]:
    """8, 6, 4, 2 by MP, lowest first. Reading: players level on MP share the VP of the
    places they cover equally (level 1st–2nd: 7 each). The places are a run of even numbers
    two apart, so a share is always whole."""
    if len(mp) > len(PLACEMENT_VP):
        raise ValueError(f"a table seats {len(PLACEMENT_VP)}: {tuple(mp)}")
    ordered = sorted(mp.values())
    shares: dict[int, int] = {}
    for value in set(ordered):
        first = ordered.index(value)
        covered = PLACEMENT_VP[first : first + ordered.count(value)]
        shares[value] = sum(covered) // len(covered)
    return {player: shares[points] for player, points in mp.items()}


def score_table(mp: Mapping[str, int], deals: int) -> tuple[TableScore, ...]:
    """Every player's round at a table from their MP (the sum of their deal points there),
    lowest MP first, players level in the order given."""
    placement = placement_vp(mp)
    margins = differences(mp)
    return tuple(
        TableScore(p, mp[p], placement[p], margins[p], difference_vp(margins[p], deals))
        for p in sorted(mp, key=mp.__getitem__)
    )
