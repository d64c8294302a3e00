"""Tres sex non expedit: three 6s discarded in a row, and the players may annul the running
game by a vote (``play.vote``); at a tournament, every table's players vote on all of it, and
more than half of them agreeing annul every table and the final."""

from __future__ import annotations

from datetime import UTC, datetime

from play.tamalo import records, results
from play.vote import Electorate, Voting
from storage import GameState, StoredGame, UnitOfWork


async def electorate(work: UnitOfWork, game: StoredGame) -> Electorate | None:
    """Who a vote on ``game`` counts: its players still in it, or every table's."""
    if not game.running:
        return None
    record = records.record_of(game)
    if record.tournament_id is None:
        return Electorate(
            {p: record.player_ids[p] for p in record.game.ranked}, False, (record.id,)
        )
    played = await records.tournament_games(work, record.tournament_id)
    tables = [r for r in played if r.is_table]
    return Electorate(
        {p: r.player_ids[p] for r in tables for p in r.game.ranked},
        True,
        tuple(r.id for r in played),
    )


async def annul(work: UnitOfWork, game: StoredGame) -> None:
    """Annul the game; at a tournament, the whole tournament, which is one contest."""
    now = datetime.now(UTC)
    record = records.record_of(game)
    if record.tournament_id is None:
        await results.set_state(work, record, GameState.ANNULLED, now)
        return
    for played in await records.tournament_games(work, record.tournament_id):
        await results.set_state(work, played, GameState.ANNULLED, now)
    await work.tournaments.set_state(record.tournament_id, GameState.ANNULLED, now)


VOTING = Voting(electorate, annul)
