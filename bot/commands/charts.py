"""Charts in the chat: /grafico, /serata, and the chart sent when a game ends."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from telegram import Message, Update
from telegram.constants import ChatAction

from bot import dates, games, i18n, texts
from bot.context import Context
from bot.games.tamalo import charts as tamalo_charts
from bot.handling import chat_id_of, message_of, reading, replies_to_mistakes
from bot.parsing import parse_nothing
from play import views
from play.records import GameRecord
from scoring.tamalo import night_figures
from storage import GameState
from storage.tamalo import TAMALO

log = logging.getLogger(__name__)


@replies_to_mistakes
async def show_chart(update: Update, context: Context) -> None:
    """The running game's chart (one per table at a tournament), or the last game's."""
    parse_nothing(context.text_args, "grafico")
    async with reading(context) as work:
        drawn = await views.to_draw(work, chat_id_of(update))
    for record in drawn:
        await send_chart(message_of(update), context, record)


async def send_chart(
    message: Message, context: Context, record: GameRecord, caption: str | None = None
) -> None:
    """Draw ``record``'s game off the event loop while the chat shows "sending photo…"."""
    await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
    async with reading(context) as work:
        look = await views.look(work, record.chat_id)
    title = texts.stats.chart_title(record, dates.day(record.started_at, look.timezone))
    finished = record.state is GameState.FINISHED
    game = games.played(record)
    png = await game.chart(context.renderer, record.game, title, look.colours, finished=finished)
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


@replies_to_mistakes
async def show_night(update: Update, context: Context) -> None:
    """Tonight's games in the chat's time zone, each game in its own panel (Tamalo's, and
    every other game's: ``GameEntry.tonight``), and one image of the night's Tamalo."""
    parse_nothing(context.text_args, "serata")
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        look = await views.look(work, chat_id)
        evening, start, end = dates.night_of(datetime.now(UTC), look.timezone)
        others = [
            (kind, panel)
            for kind, game in games.OTHER_GAMES.items()
            if game.tonight is not None
            and (panel := await game.tonight(work, chat_id, start, end, look.timezone))
        ]
        played = sum(panel.games for _, panel in others)
        records = await views.night(work, chat_id, start, end, others=played)
    message = message_of(update)
    times = [f"{dates.local(r.started_at, look.timezone):%H:%M}" for r in records]
    panels = [(kind, panel.text) for kind, panel in others]
    won = [player for _, panel in others for player in panel.winners]
    await message.reply_text(
        texts.stats.night_summary(evening, records, times, panels, games=played, won=won)
    )
    if not records:
        return
    await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
    figures = night_figures((r.game, r.state is GameState.FINISHED) for r in records)
    title = texts.stats.night_title(evening, len(records))
    if others:  # the image shows Tamalo's games alone: its title says so
        title = f"{texts.stats.GAME_NAMES[TAMALO]} · {title}"
    # The night of a Tamalo table (its figures are Tamalo's: hands won, calls made).
    png = await context.renderer.draw(
        tamalo_charts.draw_night, figures, title, dict(look.colours), i18n.language()
    )
    await message.reply_photo(png)
