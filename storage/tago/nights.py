"""Which nights of Tagò a chat played: what its figures (``/stats Nome``, the ladder of net
results) are read from, night by night."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.states import GameState
from storage.tago import TAGO


class NightList:
    """The chat's nights, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def ids(self, chat_id: int, since: datetime | None = None) -> list[int]:
        """The chat's nights running or closed (annulled ones left out), started at ``since``
        or later if given, in the order they were started."""
        game = models.Game
        query = select(game.id).where(
            game.chat_id == chat_id,
            game.kind == TAGO,
            game.state != GameState.ANNULLED.value,
        )
        if since is not None:
            query = query.where(game.started_at >= since)
        return list(await self.session.scalars(query.order_by(game.id)))
