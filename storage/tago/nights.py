"""Which nights of Tagò a chat played: what its figures (``/stats Nome``, the ladder of net
results) are read from, night by night."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Table, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.db import run
from storage.states import GameState
from storage.tago import TAGO

_GAMES = models.Game.__table__
assert isinstance(_GAMES, Table)
# The chat's nights in the order they were started, built once (one trip on SQLite).
_NIGHTS = (
    select(_GAMES.c.id)
    .where(
        _GAMES.c.chat_id == bindparam("chat"),
        _GAMES.c.kind == TAGO,
        _GAMES.c.state != GameState.ANNULLED.value,
    )
    .order_by(_GAMES.c.id)
)
_NIGHTS_SINCE = _NIGHTS.where(_GAMES.c.started_at >= bindparam("since"))


class NightList:
    """The chat's nights, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def ids(self, chat_id: int, since: datetime | None = None) -> list[int]:
        """The chat's nights running or closed (annulled ones left out), started at ``since``
        or later if given, in the order they were started."""
        connection = await self.session.connection()
        if since is None:
            rows = await run(connection, _NIGHTS, {"chat": chat_id})
        else:
            rows = await run(connection, _NIGHTS_SINCE, {"chat": chat_id, "since": since})
        return [night for (night,) in rows]
