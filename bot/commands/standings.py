"""Looking up scores: /classifica."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import chat_id_of, message_of, replies_to_mistakes
from bot.context import Context
from bot.parsing import UserError
from storage import GameState, GameStore


@replies_to_mistakes
async def show_standings(update: Update, context: Context) -> None:
    """Standings of the running game (every table, at a tournament), or of the last one."""
    async with context.db.transaction() as session:
        games = GameStore(session)
        records = await games.running_games(chat_id_of(update))
        if tournament := next((r.tournament_id for r in records if r.tournament_id), None):
            records = await games.tournament_games(tournament)  # finished tables too
        if not records and (latest := await games.latest(chat_id_of(update))) is not None:
            records = [latest]
    if not records:
        raise UserError(texts.NO_GAME_YET)
    if records[0].state is GameState.ANNULLED:
        raise UserError(texts.ANNULLED_GAME)
    await message_of(update).reply_text(
        "\n\n".join(
            texts.standings(r.game, running=r.running, label=texts.table_label(r)) for r in records
        )
    )
