"""What every game offers, whatever its rules: its players, the deals played, whether it is
over, its standings and each player's total. Tamalo's ``Game``, Macchiavelli's home
``Match`` and Tagò's ``Night`` each offer it as they are (structural typing: no game imports
this module to fit it); a game that has winners also offers ``winners()`` (``Ranked``).

Shared code (the results of a finished game, the rating ladder, the chats' views) reads a
game through these types only, so that it never needs to know which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


class Standing(Protocol):
    """A player's place now: 1 is best, equal places share a rank."""

    @property
    def rank(self) -> int: ...

    @property
    def player(self) -> str: ...


@runtime_checkable
class Match(Protocol):
    """A game being played or played: what every game offers.

    ``totals()`` is each player's figure in the game's own unit (Tamalo's and Macchiavelli's
    points, Tagò's chips): how it ranks is the game's business, told by ``standings()``.
    """

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def deals(self) -> Sequence[object]: ...

    def is_over(self) -> bool: ...

    def standings(self) -> Sequence[Standing]: ...

    def totals(self) -> Mapping[str, int]: ...


@runtime_checkable
class Ranked(Match, Protocol):
    """A game that ends with winners (Tamalo, Macchiavelli; not a night of Tagò, which ends
    with chips to settle)."""

    def winners(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Place:
    """A player's place at the end of a game, as the rating ladder reads it."""

    player: str
    rank: int
    total: int
    won: bool


def places(match: Match) -> tuple[Place, ...]:
    """Everyone in the standings, best first: a game with winners says who won; a game
    without says nobody did (its ladder reads the ranks alone)."""
    totals = match.totals()
    winners = set(match.winners()) if isinstance(match, Ranked) else set()
    return tuple(
        Place(s.player, s.rank, totals[s.player], s.player in winners) for s in match.standings()
    )
