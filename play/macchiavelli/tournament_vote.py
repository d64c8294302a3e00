"""A Macchiavelli tournament discarded by a vote of its players (``play.vote``): who has not
withdrawn votes, and more than half of them agreeing discard it, as its director's ``/fine``
does (no places, out of every figure)."""

from __future__ import annotations

from datetime import UTC, datetime

from play.macchiavelli import tournament
from play.vote import Electorate, Voting
from storage import StoredGame, UnitOfWork


async def electorate(work: UnitOfWork, game: StoredGame) -> Electorate | None:
    """The tournament's players still in it; ``None`` once it no longer runs."""
    if not game.running or game.tournament_id is None:
        return None
    withdrawn = tournament.withdrawn_of(str(dict(game.options).get("withdrawn", "")))
    players = {name: id_ for name, id_ in game.player_ids.items() if name not in withdrawn}
    return Electorate(players, True, (game.id,))


async def discard(work: UnitOfWork, game: StoredGame) -> None:
    at = await tournament.in_front(work, (game,))
    assert at is not None
    await tournament.close(work, at, datetime.now(UTC), discard=True)


VOTING = Voting(electorate, discard)
