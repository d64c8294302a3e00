"""Tamalo's tournaments: two tables drawn at random, each a game; the best two of each play
the final.

``start_tournament`` draws and starts the tables; ``progress`` moves a tournament on when one
of its games ends (the final starts once both tables are over; the final crowns the winner).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from play.errors import GameRunning, Refused, TournamentInProgress
from play.tamalo import records
from play.tamalo.records import GameRecord
from scoring.tamalo import Game, Rules, draw_tables, finalists
from storage import (
    GameAlreadyRunning,
    GameState,
    Stage,
    TournamentRunning,
    UnitOfWork,
)
from storage.tamalo import TAMALO

#: The draw: the operating system's randomness, never a seed someone could guess.
DRAW = random.SystemRandom()


class FinalUnderWay(Refused):
    """A table's hands cannot change once the final has a hand."""


@dataclass(frozen=True)
class TournamentStarted:
    """The tables drawn, each a running game."""

    tables: tuple[GameRecord, ...]


@dataclass(frozen=True)
class TableOver:
    """A table has ended: ``finalists`` go to the final, which waits for the other table."""

    finalists: tuple[str, ...]


@dataclass(frozen=True)
class FinalStarted:
    """Both tables have ended: the final has started."""

    final: Game
    tables: tuple[Game, ...]


@dataclass(frozen=True)
class TournamentWon:
    """The final has ended: the tournament is over (its winners are the final's)."""

    final: Game


#: What a tournament game's end did to its tournament.
Progress = TableOver | FinalStarted | TournamentWon


async def start_tournament(
    work: UnitOfWork,
    chat_id: int,
    players: Sequence[str],
    rules: Rules,
    *,
    started_by: int | None,
    draw: random.Random = DRAW,
) -> TournamentStarted:
    """Draw two tables of ``players`` and start a game of ``rules`` at each."""
    first, second = draw_tables(players, draw)
    try:
        if (running := await records.running(work, chat_id)) is not None:
            raise GameRunning(running.game.ranked)
        tournament = await work.tournaments.start(chat_id)
    except GameAlreadyRunning as error:
        raise GameRunning(await running_players(work, error)) from error
    except TournamentRunning as error:
        raise TournamentInProgress from error
    tables = [
        await records.start(
            work,
            chat_id,
            seats,
            rules,
            tournament_id=tournament,
            stage=stage,
            started_by=started_by,
        )
        for seats, stage in ((first, Stage.TABLE_1), (second, Stage.TABLE_2))
    ]
    return TournamentStarted(tuple(tables))


async def elsewhere(work: UnitOfWork, record: GameRecord) -> dict[str, bool]:
    """At a tournament, the players of its tables that have ended who are not at ``record``'s
    game, each with whether they wait for the final (else they are out)."""
    if record.tournament_id is None:
        return {}
    here = record.game.players
    found: dict[str, bool] = {}
    for table in await records.tournament_games(work, record.tournament_id):
        if not table.is_table or table.running or table.id == record.id:
            continue
        going = finalists(table.game)
        for player in table.game.players:
            if player not in here:
                found[player] = player in going
    return found


def final_of(played: Sequence[GameRecord]) -> GameRecord | None:
    """A tournament's final among its games, once it has started."""
    return next((r for r in played if r.is_final), None)


async def drop_final_not_begun(work: UnitOfWork, record: GameRecord) -> None:
    """Before a finished table changes: a final not yet begun goes (it starts again when both
    tables are over); a final already under way forbids the change."""
    assert record.tournament_id is not None
    if not record.is_table:
        return
    final = final_of(await records.tournament_games(work, record.tournament_id))
    if final is None:
        return
    if final.game.hands:
        raise FinalUnderWay
    await work.games.delete(final.stored)


async def progress(
    work: UnitOfWork, record: GameRecord, game: Game, now: datetime
) -> Progress | None:
    """``record``'s game has just ended as ``game``: at a tournament, start the final once both
    tables are over, or crown the winner of the final."""
    if record.tournament_id is None:
        return None
    played = await records.tournament_games(work, record.tournament_id)
    if record.is_final:
        await work.tournaments.set_state(record.tournament_id, GameState.FINISHED, now)
        return TournamentWon(game)
    tables = [r for r in played if r.is_table]
    if any(r.running for r in tables) or final_of(played) is not None:
        return TableOver(finalists(game))
    players = tuple(p for table in tables for p in finalists(table.game))
    final = await records.start(
        work,
        record.chat_id,
        players,
        tables[0].game.rules,
        tournament_id=record.tournament_id,
        stage=Stage.FINAL,
    )
    return FinalStarted(final.game, tuple(t.game for t in tables))


async def changeable(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    """The running games; at a tournament whose final has not begun, all of its tables."""
    running = await records.running_games(work, chat_id)
    tournament = next((r.tournament_id for r in running if r.tournament_id), None)
    if tournament is None:
        return running
    played = await records.tournament_games(work, tournament)
    final = final_of(played)
    if final is not None and final.game.hands:
        return running
    return [r for r in played if r is not final]


async def running_players(work: UnitOfWork, error: GameAlreadyRunning) -> tuple[str, ...]:
    """The players, in their order, of the game that is running (none if another process
    started it meanwhile)."""
    if error.game_id is None:
        return ()
    stored = await work.games.get(error.game_id)
    if stored is None:
        return ()
    if stored.kind != TAMALO:  # another game's seats, in their order
        return tuple(seat.name for seat in stored.played.seats)
    return records.record_of(stored).game.ranked
