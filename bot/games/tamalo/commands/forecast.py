"""Chi vince? The forecast's line under each hand's reply, and /previsione's chart."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.constants import ChatAction

from bot.context import Context
from bot.games.tamalo import texts
from bot.games.tamalo.charts import draw_forecast
from bot.games.tamalo.texts import forecast as forecast_texts
from bot.handling import chat_id_of, message_of, reading, replies_to_mistakes
from bot.parsing import parse_nothing
from play import views
from play.tamalo import forecast as play
from play.tamalo.forecast import Outlook
from play.tamalo.records import GameRecord
from scoring.tamalo import Game
from storage import UnitOfWork

log = logging.getLogger(__name__)

#: Games' futures drawn in the background at once, at most.
MOST_DRAWING = 2


async def forecast_of(
    context: Context, work: UnitOfWork, record: GameRecord, game: Game
) -> Outlook | None:
    """What the forecast's line under a hand's reply is worked out from (``game``:
    ``record``'s game after the hand), read inside the hand's own unit of work: the reply
    needs no second connection while the hand's is open. ``None``: no line (the chat turned
    it off). A failure of the database is the hand's; any other is logged, and the hand is
    answered without the line."""
    if not context.bot_data.forecast_lines:
        return None
    try:
        return await play.outlook(work, context.bot_data.kept(play.Histories), record, game)
    except SQLAlchemyError:
        raise
    except Exception:
        log.exception("No forecast for game %s after %s hands", record.id, len(game.hands))
        return None


async def forecast_line(context: Context, record: GameRecord, outlook: Outlook | None) -> str:
    """The last line of the reply to a hand of ``record``'s game ("\\n\\nChi vince? Anna 61%
    · …"), worked out off the event loop from ``forecast_of``'s outlook; nothing without
    one, nor if the forecast fails or is late (logged): the hand is stored, its reply goes."""
    if outlook is None:
        return ""
    drawn = context.bot_data.kept(play.Drawn)
    # A worker of the loop's own pool, awaited as a future (``asyncio.to_thread`` wraps it
    # in a coroutine and a task more: a tenth of the line's cost).
    try:
        working = asyncio.get_running_loop().run_in_executor(
            None, outlook.worked_out, drawn.of(outlook)
        )
        chances, futures = await asyncio.wait_for(working, context.bot_data.forecast_timeout)
    except Exception:
        hands = len(outlook.game.hands)
        log.exception("No forecast for game %s after %s hands", record.id, hands)
        return ""
    drawn.keep(outlook, futures)
    if outlook.at_draw_point():  # the next hands' futures, drawn while the table deals
        draw_ahead(context, outlook)
    return "\n\n" + forecast_texts.line(chances, to_final=outlook.to_final)


async def drawn_at_start(context: Context, work: UnitOfWork, record: GameRecord) -> Outlook | None:
    """What a game just started (/nuova) draws its first hands' futures from, read in its
    unit of work: none for another game than Tamalo, or without the forecast's line."""
    if not isinstance(record.game, Game):
        return None
    return await forecast_of(context, work, record, record.game)


def draw_ahead(context: Context, outlook: Outlook | None) -> None:
    """Draw ``outlook``'s game's futures now, in the background, off the event loop: its next
    hands play them out (``play.tamalo.forecast.Drawn``). Only a head start: if it is not done in
    time, or fails, or ``MOST_DRAWING`` are being drawn already (a burst of hands in many
    chats needs the CPU more), a hand draws its own."""
    drawing = context.bot_data.drawing
    if outlook is None or len(drawing) >= MOST_DRAWING:
        return
    task = asyncio.create_task(_draw_ahead(context, outlook))
    drawing.add(task)
    task.add_done_callback(drawing.discard)


async def _draw_ahead(context: Context, outlook: Outlook) -> None:
    try:
        futures = await asyncio.to_thread(outlook.ahead)
    except Exception:
        log.exception("Could not draw ahead a game after %s hands", len(outlook.game.hands))
        return
    context.bot_data.kept(play.Drawn).keep(outlook, futures)


@replies_to_mistakes
async def show_forecast(update: Update, context: Context) -> None:
    """The running game's story, forecast after each hand (one chart per table at a
    tournament), or the last game's."""
    parse_nothing(context.text_args, "previsione")
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        stories = await play.stories(work, context.bot_data.kept(play.Histories), chat_id)
        look = await views.look(work, chat_id)
    message = message_of(update)
    for record, outlook in stories:
        await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
        to_final = outlook.to_final
        words = (
            forecast_texts.chart_title(texts.words.table_label(record), to_final=to_final),
            forecast_texts.hands_label(),
            forecast_texts.chance_label(to_final=to_final),
        )
        png = await context.renderer.draw(draw_forecast, outlook, dict(look.colours), words)
        await message.reply_photo(png, caption=forecast_texts.chart_caption(to_final=to_final))
