"""Charts in the chat: /grafico, /serata, and the chart sent when a game ends."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from telegram import Message, Update
from telegram.constants import ChatAction

from bot import dates, texts
from bot.commands.common import chat_id_of, message_of, reading, replies_to_mistakes
from bot.commands.standings import shown_games
from bot.context import Context
from bot.parsing import UserError, parse_nothing
from scoring import night_figures
from storage import GameRecord, GameState

log = logging.getLogger(__name__)


@replies_to_mistakes
async def show_chart(update: Update, context: Context) -> None:
    """The running game's chart (one per table at a tournament), or the last game's."""
    parse_nothing(context.text_args, "grafico")
    async with reading(context) as work:
        records = await shown_games(work.games, chat_id_of(update))
    drawn = [record for record in records if record.game.hands]
    if not drawn:
        raise UserError(texts.NO_HANDS_TO_DRAW)
    for record in drawn:
        await send_chart(message_of(update), context, record)


async def send_chart(
    message: Message, context: Context, record: GameRecord, caption: str | None = None
) -> None:
    """Draw ``record``'s game off the event loop while the chat shows "sending photo…"."""
    await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
    async with reading(context) as work:
        chats = work.chats
        settings = await chats.settings(record.chat_id)
        colours = await chats.colours(record.chat_id)
    title = texts.chart_title(record, dates.day(record.started_at, settings.timezone))
    finished = record.state is GameState.FINISHED
    png = await context.renderer.game(record.game, title, colours, finished=finished)
    await message.reply_photo(png, caption=caption)


async def send_final_chart(message: Message, context: Context, record: GameRecord) -> None:
    """A game has just ended: its chart with the winner. The game is already stored and
    answered, so a chart that fails is logged, never reported as a failed command."""
    if not record.game.hands:
        return
    try:
        await send_chart(message, context, record, texts.final_chart_caption(record.game))
    except Exception:
        log.exception("The final chart of game %s could not be sent", record.id)


@replies_to_mistakes
async def show_night(update: Update, context: Context) -> None:
    """Tonight's games in the chat's time zone, and one image of the night's figures."""
    parse_nothing(context.text_args, "serata")
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        chats = work.chats
        settings = await chats.settings(chat_id)
        evening, start, end = dates.night_of(datetime.now(UTC), settings.timezone)
        records = await work.games.started_between(chat_id, start, end)
        colours = await chats.colours(chat_id)
    if not records:
        raise UserError(texts.NO_GAMES_TONIGHT)
    message = message_of(update)
    times = [f"{dates.local(r.started_at, settings.timezone):%H:%M}" for r in records]
    await message.reply_text(texts.night_summary(evening, records, times))
    await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
    figures = night_figures((r.game, r.state is GameState.FINISHED) for r in records)
    png = await context.renderer.night(figures, texts.night_title(evening, len(records)), colours)
    await message.reply_photo(png)
