"""Chi vince? The forecast's line under a points game's round (and under /annulla's and
/correggi's, which show the standings of a game still running): read in the round's own unit
of work, worked out off the event loop within the same time limit as the other games'."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.exc import SQLAlchemyError

from bot.context import Context
from bot.games.punti import texts
from bot.table import Reply, Turn
from play.punti import forecast as play
from play.punti.forecast import Outlook
from play.punti.game import Record
from storage import UnitOfWork

log = logging.getLogger(__name__)


async def forecast_of(context: Context, work: UnitOfWork, record: Record) -> Outlook | None:
    """What the line is worked out from (``record``: the game after the change), read inside
    the change's own unit of work. ``None``: no line (the game over, no round yet, or the chat
    turned it off). A failure of the database is the change's; any other is logged, and the
    reply goes without the line."""
    if not context.bot_data.forecast_lines:
        return None
    try:
        return await play.outlook(work, record)
    except SQLAlchemyError:
        raise
    except Exception:
        log.exception("No forecast for game %s", record.stored.id)
        return None


async def forecast_line(context: Context, outlook: Outlook | None) -> str:
    """The reply's last line ("\\n\\nChi vince? Anna+Carla 61% · …"), worked out in a thread;
    nothing without an outlook, nor if the forecast fails or is late (logged)."""
    if outlook is None:
        return ""
    try:
        chances = await asyncio.wait_for(
            asyncio.to_thread(outlook.chances), context.bot_data.forecast_timeout
        )
    except Exception:
        log.exception("No forecast after %s rounds", len(outlook.match.rounds))
        return ""
    return "\n\n" + texts.who_wins(chances) if chances else ""


async def with_forecast(turn: Turn, record: Record, text: str) -> Reply:
    """``text`` as the reply, the forecast's line under it (read now, worked out once the
    unit of work is committed)."""
    outlook = await forecast_of(turn.context, turn.work, record)
    message, context = turn.message, turn.context

    async def reply() -> None:
        await message.reply_text(text + await forecast_line(context, outlook))

    return reply
