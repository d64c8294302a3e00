"""Looking up scores: /classifica."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import chat_id_of, message_of, replies_to_mistakes
from bot.context import Context
from bot.parsing import UserError
from storage import GameStore


@replies_to_mistakes
async def show_standings(update: Update, context: Context) -> None:
    """Standings of the running game, or of the last one played."""
    async with context.db.transaction() as session:
        record = await GameStore(session).latest(chat_id_of(update))
    if record is None:
        raise UserError(texts.NO_GAME_YET)
    await message_of(update).reply_text(texts.standings(record.game, running=record.running))
