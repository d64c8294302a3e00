"""A tournament's standings from the rounds' Victory Points. RULES-macchiavelli.md,
"Standings"."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from scoring.macchiavelli.victory import TableScore


@dataclass(frozen=True)
class Ranking:
    """A player's place in a tournament: equal VP and MP share a rank (1, 1, 3)."""

    rank: int
    player: str
    vp: int
    mp: int
    #: Withdrew (``/esci``): keeps the VP of the rounds played, plays no more.
    withdrawn: bool = False


def rank_players(
    players: Sequence[str],
    rounds: Iterable[Iterable[Sequence[TableScore]]],
    withdrawn: Collection[str] = (),
) -> tuple[Ranking, ...]:
    """Most VP over ``rounds`` first (each round: its tables' scores). Reading: level on VP,
    fewer total MP first; still level, they share the place, listed in ``players`` order.
    A player who withdrew keeps their VP and their place among everyone, marked withdrawn."""
    vp = dict.fromkeys(players, 0)
    mp = dict.fromkeys(players, 0)
    for tables in rounds:
        for table in tables:
            for score in table:
                vp[score.player] += score.vp
                mp[score.player] += score.mp

    def key(player: str) -> tuple[int, int]:
        return -vp[player], mp[player]

    ranking: list[Ranking] = []
    for position, player in enumerate(sorted(players, key=key), start=1):
        tied = ranking and key(ranking[-1].player) == key(player)
        rank = ranking[-1].rank if tied else position
        ranking.append(Ranking(rank, player, vp[player], mp[player], player in withdrawn))
    return tuple(ranking)
