"""Tamalo's charts in the chat: ``/grafico`` (its turn at the chat-wide command) and the chart
sent when a game ends, each drawn in a chart worker while the chat shows "sending photo…"."""

from __future__ import annotations

import logging

from telegram import Message
from telegram.constants import ChatAction

from bot import dates, i18n
from bot.context import Context
from bot.games.tamalo import charts, texts
from bot.games.tamalo.commands.shown import shown_games
from bot.handling import reading
from bot.parsing import parse_nothing
from bot.table import Reply, Turn
from play import views
from play.errors import NoHandsToDraw
from play.tamalo.records import GameRecord
from storage import GameState

log = logging.getLogger(__name__)


async def show_chart(turn: Turn) -> Reply:
    """``/grafico``: the running game's chart (one per table at a tournament), or the last
    game's."""
    parse_nothing(turn.text, "grafico")
    drawn = [record for record in await shown_games(turn) if record.game.hands]
    if not drawn:
        raise NoHandsToDraw
    message, context = turn.message, turn.context

    async def send() -> None:
        for record in drawn:
            await send_chart(message, context, record)

    return send


async def send_chart(
    message: Message, context: Context, record: GameRecord, caption: str | None = None
) -> None:
    """Draw ``record``'s game off the event loop while the chat shows "sending photo…"."""
    await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
    async with reading(context) as work:
        look = await views.look(work, record.chat_id)
    title = texts.stats.chart_title(record, dates.evening(record.started_at, look.timezone))
    finished = record.state is GameState.FINISHED
    png = await context.renderer.draw(
        charts.draw_game, record.game, title, dict(look.colours), finished, i18n.language()
    )
    await message.reply_photo(png, caption=caption)


async def send_final_chart(message: Message, context: Context, record: GameRecord) -> None:
    """A game has just ended: its chart with the winner. The game is already stored and
    answered, so a chart that fails is logged, never reported as a failed command."""
    if not record.game.hands:
        return
    try:
        await send_chart(message, context, record, texts.stats.final_chart_caption(record.game))
    except Exception:
        log.exception("The final chart of game %s could not be sent", record.id)
