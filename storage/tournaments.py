"""Tournaments of a chat: two tables and a final, each a game of ``storage.games``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import ChatStore
from storage.games import TournamentRunning
from storage.states import GameState


class TournamentStore:
    """Queries and changes on tournaments, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def running(self, chat_id: int) -> int | None:
        return await self.session.scalar(
            select(models.Tournament.id).where(
                models.Tournament.chat_id == chat_id,
                models.Tournament.state == GameState.RUNNING,
            )
        )

    async def start(self, chat_id: int) -> int:
        """A running tournament, with no game yet."""
        await ChatStore(self.session).ensure(chat_id)
        row = models.Tournament(chat_id=chat_id, state=GameState.RUNNING.value)
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as error:  # another process started one meanwhile
            raise TournamentRunning from error
        return row.id

    async def set_state(self, tournament_id: int, state: GameState, now: datetime) -> None:
        row = await self.session.get_one(models.Tournament, tournament_id)
        row.state = state.value
        row.ended_at = None if state is GameState.RUNNING else now
        await self.session.flush()
