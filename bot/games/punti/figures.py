"""A points game's ``/grafico``: each side's total round by round, drawn in a chart worker."""

from __future__ import annotations

from telegram.constants import ChatAction

from bot import dates, i18n
from bot.games.punti import charts, texts
from bot.parsing import parse_nothing
from bot.table import Reply, Turn
from play import views
from play.errors import NoHandsToDraw, NoRunningGame
from play.punti.game import latest


async def chart(turn: Turn) -> Reply:
    """``/grafico``: the game's totals round by round, running or the last one played."""
    parse_nothing(turn.text, "grafico")
    record = latest(turn.front)
    if record is None:
        raise NoRunningGame
    if not record.match.rounds:
        raise NoHandsToDraw
    look = await views.look(turn.work, turn.chat_id)
    day = dates.evening(record.stored.started_at, look.timezone)
    title = texts.chart_title(record.name, day)
    message, renderer, match = turn.message, turn.context.renderer, record.match

    async def send() -> None:
        await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
        png = await renderer.draw(
            charts.draw_rounds, match, title, dict(look.colours), i18n.language()
        )
        await message.reply_photo(png)

    return send
