"""Tournaments: /torneo draws two tables; when both have ended, the final starts by itself."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from telegram import Update

from bot import texts
from bot.commands.common import changes, chat_id_of, message_of, replies_to_mistakes, sender_id
from bot.context import Context
from bot.parsing import UserError, parse_tournament
from scoring import Game, draw_tables, finalists
from storage import (
    GameAlreadyRunning,
    GameRecord,
    GameState,
    GameStore,
    Stage,
    TournamentRunning,
    TournamentStore,
)

#: The draw: the operating system's randomness, never a seed someone could guess.
_DRAW = random.SystemRandom()


@replies_to_mistakes
async def start_tournament(update: Update, context: Context) -> None:
    """Draw two tables and start a game at each."""
    new = parse_tournament(context.text_args)
    first, second = draw_tables(new.players, _DRAW)
    chat_id = chat_id_of(update)
    async with changes(update, context) as work:
        try:
            if (running := await work.games.running(chat_id)) is not None:
                raise GameAlreadyRunning(running.game.ranked)
            tournament = await work.tournaments.start(chat_id)
        except GameAlreadyRunning as error:
            raise UserError(texts.game_running(error.players)) from error
        except TournamentRunning as error:
            raise UserError(texts.TOURNAMENT_IN_PROGRESS) from error
        tables = [
            await work.games.start(
                chat_id,
                seats,
                new.rules,
                tournament_id=tournament,
                stage=stage,
                started_by=sender_id(update),
            )
            for seats, stage in ((first, Stage.TABLE_1), (second, Stage.TABLE_2))
        ]
    await message_of(update).reply_text(
        texts.tournament_started([t.game for t in tables], propose_target=not new.target_given)
    )


async def elsewhere(games: GameStore, record: GameRecord) -> dict[str, str]:
    """At a tournament, the players of its tables that have ended, who are not at
    ``record``'s game, each with what to tell a hand that names them: a finalist waits for
    the final, anyone else is out."""
    if record.tournament_id is None:
        return {}
    here = record.game.players
    said: dict[str, str] = {}
    for table in await games.tournament_games(record.tournament_id):
        if not table.is_table or table.running or table.id == record.id:
            continue
        going = finalists(table.game)
        for player in table.game.players:
            if player in here:
                continue
            if player in going:
                said[player] = texts.waits_for_final(player, here)
            else:
                said[player] = texts.out_of_tournament(player, here)
    return said


def final_of(played: Sequence[GameRecord]) -> GameRecord | None:
    """A tournament's final among its games, once it has started."""
    return next((r for r in played if r.is_final), None)


async def drop_final_not_begun(games: GameStore, record: GameRecord) -> None:
    """Before a finished table changes: a final not yet begun goes (it starts again when both
    tables are over); a final already under way forbids the change."""
    assert record.tournament_id is not None
    if not record.is_table:
        return
    final = final_of(await games.tournament_games(record.tournament_id))
    if final is None:
        return
    if final.game.hands:
        raise UserError(texts.FINAL_UNDER_WAY)
    await games.delete(final)


async def progress(games: GameStore, record: GameRecord, game: Game, now: datetime) -> str:
    """A tournament game has just ended: start the final once both tables are over, or
    crown the winner of the final. Returns what the reply should add."""
    if record.tournament_id is None:
        return ""
    played = await games.tournament_games(record.tournament_id)
    if record.is_final:
        await TournamentStore(games.session).set_state(
            record.tournament_id, GameState.FINISHED, now
        )
        return texts.tournament_won(game)
    tables = [r for r in played if r.is_table]
    if any(r.running for r in tables) or final_of(played) is not None:
        return texts.table_over_wait(finalists(game))
    players = tuple(p for table in tables for p in finalists(table.game))
    final = await games.start(
        record.chat_id,
        players,
        tables[0].game.rules,
        tournament_id=record.tournament_id,
        stage=Stage.FINAL,
    )
    return texts.final_started(final.game, [t.game for t in tables])
