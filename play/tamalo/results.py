"""Finished games' places and the all-time ladders, kept right as games change: one ladder
per kind of game (a Tamalo rating and a Macchiavelli rating are different ladders).

A rating depends on every game of its kind before it, so when a finished game changes (a
hand fixed or undone, the game reopened or annulled) the ratings are worked out again from
that game on; the games after it in the chat are few (usually none), so this stays cheap.
"""

from __future__ import annotations

from datetime import datetime

from play.ladders import keep_places, rerate, rerate_chat
from play.tamalo.records import GameRecord, record_of
from scoring.tamalo import Game, placings
from storage import GameState, StoredGame, UnitOfWork
from storage.tamalo import TAMALO

__all__ = ["complete_results", "keep", "keep_places", "rerate", "rerate_chat", "set_state"]


async def set_state(
    work: UnitOfWork, record: GameRecord, state: GameState, now: datetime, game: Game | None = None
) -> None:
    """Finish, reopen or annul ``record``'s game (as ``game`` now, if it changed): its places
    and the ratings follow."""
    await work.games.set_state(record.stored, state, now)
    await keep(work, record, state, record.game if game is None else game)


async def keep(work: UnitOfWork, record: GameRecord, state: GameState, game: Game) -> None:
    """A finished game with hands has its places on its ladder; any other has none."""
    placed = placings(game) if state is GameState.FINISHED and game.hands else None
    quadri = {p.player: p.quadri for p in placed} if placed is not None else None
    await keep_places(work, record.stored, placed, quadri)


async def complete_results(work: UnitOfWork) -> int:
    """Give places and ratings to finished games that have none (finished before they were
    kept); returns how many. Run at start-up, after the schema upgrade."""
    # Tamalo's games only: every other game has kept its places since it was first stored.
    missing = [s for s in await work.games.finished_without_results() if s.kind == TAMALO]
    for stored in missing:
        record = record_of(stored)
        await keep(work, record, record.state, record.game)
    return len(missing)


async def closed_by_move(work: UnitOfWork, stored: StoredGame) -> None:
    """A game the chat's move closed: its places kept, as after ``/fine``."""
    record = record_of(stored)
    await keep(work, record, record.state, record.game)
