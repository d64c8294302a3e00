"""Every game's entries with buttons (``/mano`` alone) left alone too long: dropped, and their
messages say so in their game's words (``bot.table.Game.entry_expired``)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from telegram.error import TelegramError

from bot import games, i18n
from bot.context import TamaloApp
from storage import UnitOfWork, chat_language

log = logging.getLogger(__name__)


async def sweep_expired(app: TamaloApp, now: datetime | None = None) -> int:
    """Entries left alone too long, every game's: dropped, their messages told so. Returns
    how many."""
    async with app.bot_data.db.transaction() as session:
        expired = await UnitOfWork(session).entries.take_expired(now or datetime.now(UTC))
    for stored in expired:
        game = games.GAMES.get(stored.kind or "")
        if stored.message_id is None or game is None or game.entry_expired is None:
            continue
        language = await chat_language(app.bot_data.db, stored.chat_id)
        with i18n.speaking(language or i18n.DEFAULT):
            text = game.entry_expired()
        try:
            await app.bot.edit_message_text(
                text, chat_id=stored.chat_id, message_id=stored.message_id
            )
        except TelegramError as error:  # deleted, too old, or the bot left the group
            log.info("Could not tell chat %s its entry expired: %r", stored.chat_id, error)
    return len(expired)
