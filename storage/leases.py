"""Leases on chats: one bot process at a time works through a chat's queue (the inbox's
updates, the outbox's messages), until its lease runs out without news from it; then another
process takes the chat over (the first one crashed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta

from sqlalchemy import ColumnElement, Table, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.db import Database


class ChatLeases:
    """The leases of one queue: ``table`` has a row per chat (``chat_id``, ``holder``,
    ``until``); ``waiting`` says, of a chat id column, that the chat has work waiting."""

    def __init__(
        self,
        db: Database,
        table: Table,
        waiting: Callable[[ColumnElement[int]], ColumnElement[bool]],
    ) -> None:
        self.db, self.table, self.waiting = db, table, waiting

    async def take(self, holder: str, most: int, lease: timedelta) -> list[int]:
        """Lease to ``holder`` up to ``most`` chats that have work waiting and nobody on it
        (their lease ran out: a crashed process's chats are taken over)."""
        leases = self.table
        now = models.utcnow()
        async with self.db.transaction() as session:
            free = or_(leases.c.until.is_(None), leases.c.until < now)
            query = select(leases.c.chat_id).where(free, self.waiting(leases.c.chat_id))
            query = query.limit(most)
            if session.get_bind().dialect.name == "postgresql":
                # Another process taking chats at this moment skips these instead of waiting
                # (SQLite's BEGIN IMMEDIATE already makes them take turns).
                query = query.with_for_update(skip_locked=True)
            chats = list(await session.scalars(query))
            if chats:
                await session.execute(
                    update(leases)
                    .where(leases.c.chat_id.in_(chats))
                    .values(holder=holder, until=now + lease)
                )
        return chats

    async def hold(
        self, session: AsyncSession, chat_id: int, holder: str, lease: timedelta
    ) -> bool:
        """Renew ``holder``'s lease on the chat, in the caller's unit of work; ``False`` if
        the lease is no longer its own (another process took the chat over)."""
        leases = self.table
        held = await session.execute(
            update(leases)
            .where(leases.c.chat_id == chat_id, leases.c.holder == holder)
            .values(until=models.utcnow() + lease)
        )
        return bool(held.rowcount == 1)  # type: ignore[attr-defined]

    async def release(self, session: AsyncSession, chat_id: int) -> None:
        """The chat has nothing left waiting: any process may take it when it has."""
        leases = self.table
        await session.execute(
            update(leases).where(leases.c.chat_id == chat_id).values(holder=None, until=None)
        )

    async def renew(self, holder: str, chats: Sequence[int], lease: timedelta) -> None:
        """Keep the chats being worked on (the work can take longer than the lease)."""
        if chats:
            leases = self.table
            async with self.db.transaction() as session:
                await session.execute(
                    update(leases)
                    .where(leases.c.chat_id.in_(chats), leases.c.holder == holder)
                    .values(until=models.utcnow() + lease)
                )

    async def let_go_of(self, holder: str | None = None) -> None:
        """Free the chats ``holder`` (or, with ``None``, anyone) held: another process may
        take them at once."""
        async with self.db.transaction() as session:
            query = update(self.table)
            if holder is not None:
                query = query.where(self.table.c.holder == holder)
            await session.execute(query.values(holder=None, until=None))
