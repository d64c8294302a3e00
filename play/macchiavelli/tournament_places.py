"""A Macchiavelli tournament's final standings on the Macchiavelli ladder (``play.ladders``):
one result, everyone ranked as the standings rank them (most VP, then fewest MP, level
players sharing the place; who withdrew keeps the place their VP earn), counted once, when
the last round closes. A fix of the last round (allowed after the end: no round follows)
ranks them again; the last deal taken back reopens the tournament and its places go."""

from __future__ import annotations

from play import ladders
from scoring.macchiavelli import Tournament
from scoring.match import Place
from storage import UnitOfWork


def places_of(tournament: Tournament, *, closed_early: bool = False) -> tuple[Place, ...] | None:
    """Everyone's final place (their VP as the total), or ``None`` before the end; a
    tournament ``closed_early`` by its director ranks as the standings after its last round
    closed (``None`` if none did)."""
    if closed_early and not tournament.is_over():
        closed = tournament.current_round - 1
        if closed < 1:
            return None
        standings = tournament.standings(closed)
    elif not tournament.is_over():
        return None
    else:
        standings = tournament.standings()
    return tuple(Place(r.player, r.rank, r.vp, r.rank == 1) for r in standings)


async def keep_places(
    work: UnitOfWork, game_id: int, tournament: Tournament, *, closed_early: bool = False
) -> None:
    """The tournament's places on the ladder as ``tournament`` now stands (none while it
    runs); recording them again replaces them, so a second time changes nothing."""
    stored = await work.games.get(game_id)
    assert stored is not None, game_id
    await ladders.keep_places(work, stored, places_of(tournament, closed_early=closed_early))
