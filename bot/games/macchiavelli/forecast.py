"""Chi vince? The forecast's line under a Macchiavelli deal's reply (and under /annulla's and
/correggi's, which show the standings of a game still running), as under a Tamalo hand's: read
in the deal's own unit of work, worked out off the event loop within the same time limit."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.exc import SQLAlchemyError

from bot.context import Context
from bot.games.macchiavelli import texts
from play.macchiavelli import MatchRecord
from play.macchiavelli import forecast as play
from play.macchiavelli.forecast import Outlook
from scoring.macchiavelli import Match
from storage import UnitOfWork

log = logging.getLogger(__name__)


async def forecast_of(
    context: Context, work: UnitOfWork, record: MatchRecord, match: Match
) -> Outlook | None:
    """What the line is worked out from (``match``: ``record``'s game after the change), read
    inside the change's own unit of work: no second connection while it is open. ``None``: no
    line (no end to forecast, the game over, or the chat turned it off). A failure of the
    database is the change's; any other is logged, and the reply goes without the line."""
    if not context.bot_data.forecast_lines:
        return None
    try:
        return await play.outlook(work, record, match)
    except SQLAlchemyError:
        raise
    except Exception:
        log.exception("No forecast for game %s after %s deals", record.id, len(match.deals))
        return None


async def forecast_line(context: Context, record: MatchRecord, outlook: Outlook | None) -> str:
    """The reply's last line ("\\n\\nChi vince? Anna 61% · …"), worked out in a thread from
    ``forecast_of``'s outlook; nothing without one, nor if the forecast fails or is late
    (logged): the deal is stored, its reply goes."""
    if outlook is None:
        return ""
    try:
        chances = await asyncio.wait_for(
            asyncio.to_thread(outlook.chances), context.bot_data.forecast_timeout
        )
    except Exception:
        deals = len(outlook.match.deals)
        log.exception("No forecast for game %s after %s deals", record.id, deals)
        return ""
    return "\n\n" + texts.who_wins(chances)
