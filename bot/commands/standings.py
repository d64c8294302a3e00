"""Looking up scores: /classifica, and /classifica generale for the all-time leaderboard."""

from __future__ import annotations

import logging
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.error import BadRequest

from bot import dates, games, texts
from bot.answers import sending_now
from bot.commands.stats import answer_leaderboards
from bot.context import Context
from bot.handling import changing, chat_id_of, message_of, reading, replies_to_mistakes
from bot.parsing import parse_standings
from play import views
from storage import standings_passed

log = logging.getLogger(__name__)


#: A /classifica this soon after the last one edits that message instead of adding another,
#: if the bot has said nothing since: a group's screen still shows it, and Telegram allows a
#: group about 20 messages a minute.
REFRESH_WITHIN = timedelta(seconds=60)

#: The update's chat had a standings message to edit when it arrived: read with the chat's
#: language (``speak_the_chats_language``), so the answers after it cost no extra statement.
standings_on_arrival: ContextVar[bool] = ContextVar("standings_on_arrival", default=False)


@replies_to_mistakes
async def show_standings(update: Update, context: Context) -> None:
    """Standings of the running game (every table, at a tournament), or of the last one."""
    if (period := parse_standings(context.text_args)) is not None:
        await answer_leaderboards(update, context, period)
        return
    chat_id = chat_id_of(update)
    now = datetime.now(UTC)
    async with reading(context) as work:
        view = await views.standings(work, chat_id, since=now - REFRESH_WITHIN)
    text = "\n\n".join(
        games.played(r).standings(r.game, running=r.running, label=texts.common.table_label(r))
        for r in view.games
    )
    recent = view.recent
    if recent is not None and await _refreshed(context, chat_id, recent, text, now, view.timezone):
        shown = recent
    else:
        with sending_now():  # its id is kept: the next /classifica edits it
            shown = (await message_of(update).reply_text(text)).message_id
    async with changing(context, chat_id) as work:
        await views.standings_shown(work, chat_id, shown, now, update.update_id)


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


async def _refreshed(
    context: Context, chat_id: int, message_id: int, text: str, now: datetime, timezone: str
) -> bool:
    """Edit the recent standings message to ``text``; False if it cannot be edited any more
    (deleted, say), so that a new message is sent instead."""
    stamped = texts.hands.standings_refreshed(text, dates.local(now, timezone))
    try:
        await context.bot.edit_message_text(stamped, chat_id=chat_id, message_id=message_id)
    except BadRequest as error:
        if "not modified" not in error.message.casefold():
            return False
    return True
