"""The chat's standings message: a ``/classifica`` soon after the last one edits that message
instead of adding another, if the bot has said nothing since (a group's screen still shows
it, and Telegram allows a group about 20 messages a minute). Every game's ``/classifica``
answers through ``shown``; ``answered`` (after every command and button) notes that the bot
has said something since.

Here, below every game, so that each game's turn at ``/classifica`` uses it."""

from __future__ import annotations

import logging
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.error import BadRequest

from bot import dates
from bot.answers import sending_now
from bot.context import Context
from bot.handling import changing
from bot.i18n import _
from bot.table import Reply, Turn
from storage import standings_passed

log = logging.getLogger(__name__)

#: A /classifica this soon after the last one edits that message instead of adding another.
REFRESH_WITHIN = timedelta(seconds=60)

#: The update's chat had a standings message to edit when it arrived: read with the chat's
#: language (``speak_the_chats_language``), so the answers after it cost no extra statement.
standings_on_arrival: ContextVar[bool] = ContextVar("standings_on_arrival", default=False)


async def shown(turn: Turn, text: str) -> Reply:
    """The standings ``text``: the recent standings message edited to it (read in the turn's
    unit of work), or a new message, whose id is kept for the next ``/classifica``."""
    chat_id, now = turn.chat_id, datetime.now(UTC)
    recent = await turn.work.chats.standings_message(chat_id, now - REFRESH_WITHIN)
    timezone = (await turn.work.chats.settings(chat_id)).timezone
    context, message, update_id = turn.context, turn.message, turn.update.update_id

    async def reply() -> None:
        if recent is not None and await _refreshed(context, chat_id, recent, text, now, timezone):
            kept = recent
        else:
            with sending_now():  # its id is kept: the next /classifica edits it
                kept = (await message.reply_text(text)).message_id
        async with changing(context, chat_id) as work:
            await work.chats.keep_standings_message(chat_id, kept, now, update_id)

    return reply


async def answered(update: Update, context: Context) -> None:
    """After the handlers of a command or a button: what they said came after the chat's
    standings message (unless that was it), which /classifica then no longer edits."""
    chat = update.effective_chat
    if chat is None or not standings_on_arrival.get():
        return
    try:
        await standings_passed(context.db, chat.id, update.update_id)
    except SQLAlchemyError as error:  # the chat has its answer: at worst an edit above it
        log.warning("Could not note the answer after chat %s's standings: %r", chat.id, error)


def refreshed_at(text: str, at: datetime) -> str:
    """Standings edited in place say when they were brought up to date."""
    return f"{text}\n\n" + _("🔄 Aggiornata alle {time}.").format(time=f"{at:%H:%M:%S}")


async def _refreshed(
    context: Context, chat_id: int, message_id: int, text: str, now: datetime, timezone: str
) -> bool:
    """Edit the recent standings message to ``text``; False if it cannot be edited any more
    (deleted, say), so that a new message is sent instead."""
    stamped = refreshed_at(text, dates.local(now, timezone))
    try:
        await context.bot.edit_message_text(stamped, chat_id=chat_id, message_id=message_id)
    except BadRequest as error:
        if "not modified" not in error.message.casefold():
            return False
    return True
