"""The inbox: every update Telegram delivered, kept before Telegram is told it arrived, and
handled from here, each chat's in ``update_id`` order by the one bot process that holds the
chat's lease; kept a day after it was handled, so that a delivery again is recognised."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, exists, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import Arrival, arrival_columns, insert_ignoring
from storage.db import Database, run
from storage.leases import ChatLeases

#: Telegram delivers an update again only until a later poll confirms it: minutes at most.
KEPT_AFTER_HANDLED = timedelta(days=1)

_RECEIVED = cast(Table, models.ReceivedUpdate.__table__)
_LEASES = cast(Table, models.InboxLease.__table__)
_HANDLED = cast(Table, models.HandledMessage.__table__)


def _waiting(chat_id: Any) -> Any:
    """The chat has updates waiting to be handled."""
    return exists().where(_RECEIVED.c.chat_id == chat_id, _RECEIVED.c.handled_at.is_(None))


#: A chat's next update waiting, and what its chat's row says (language, standings message).
_NEXT = (
    select(_RECEIVED.c.payload, *arrival_columns(bindparam("chat")))
    .where(_RECEIVED.c.chat_id == bindparam("chat"), _RECEIVED.c.handled_at.is_(None))
    .order_by(_RECEIVED.c.update_id)
    .limit(1)
)
#: Built once, run by every update answered from the inbox.
_MARK_HANDLED = (
    update(_RECEIVED)
    .where(_RECEIVED.c.update_id == bindparam("update"))
    .values(handled_at=bindparam("now"))
)
#: Built once: every command that changes something runs it (and building a statement costs
#: about as much as running it on SQLite).
_KEEP_ANSWER = (
    update(_HANDLED)
    .where(_HANDLED.c.chat_id == bindparam("chat"), _HANDLED.c.message_id == bindparam("message"))
    .values(reply=bindparam("kept"))
)


class UpdateJournal:
    """Each call its own unit of work."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.leases = ChatLeases(db, _LEASES, _waiting)

    async def keep(self, updates: Sequence[tuple[int, dict[str, Any]]]) -> list[dict[str, Any]]:
        """Keep the updates Telegram sent, each with its chat (JSON objects with an
        ``update_id``); returns those never received before, the others being deliveries
        again of updates already here."""
        ids = [u["update_id"] for _, u in updates]
        # Ahead of the chats being answered: Telegram (or the webhook's caller) is waiting.
        async with self.db.transaction(first=True) as session:
            connection = await session.connection()
            known = set(
                await session.scalars(
                    select(_RECEIVED.c.update_id).where(_RECEIVED.c.update_id.in_(ids))
                )
            )
            new = [(chat, u) for chat, u in updates if u["update_id"] not in known]
            if new:
                now = models.utcnow()
                rows = [
                    {"update_id": u["update_id"], "chat_id": chat, "received_at": now,
                     "payload": json.dumps(u, ensure_ascii=False)}
                    for chat, u in new
                ]  # fmt: skip
                await connection.execute(insert_ignoring(session, _RECEIVED), rows)
                await connection.execute(
                    insert_ignoring(session, _LEASES), [{"chat_id": c} for c in {c for c, _ in new}]
                )
        return [u for _, u in new]

    async def take(self, holder: str, most: int, lease: timedelta) -> list[int]:
        """Lease to ``holder`` up to ``most`` chats that have updates waiting and nobody
        handling them (their lease ran out: a crashed process's chats are taken over)."""
        return await self.leases.take(holder, most, lease)

    async def advance(
        self, chat_id: int, holder: str, lease: timedelta, done: int | None
    ) -> dict[str, Any] | None:
        """Mark the update ``done`` handled, and return the chat's next update waiting, the
        lease renewed; ``None`` when there is none (the lease is let go) or the lease was lost
        (another process took the chat over)."""
        taken = await self.next_update(chat_id, holder, lease, done)
        return None if taken is None else taken[0]

    async def next_update(
        self, chat_id: int, holder: str, lease: timedelta, done: int | None
    ) -> tuple[dict[str, Any], Arrival] | None:
        """``advance``, and with the update what its chat's row says as it is taken (its
        language, its standings message), read by the same statement."""
        now = models.utcnow()
        async with self.db.transaction() as session:
            if done is not None:
                await session.execute(
                    update(_RECEIVED).where(_RECEIVED.c.update_id == done).values(handled_at=now)
                )
            if not await self.leases.hold(session, chat_id, holder, lease):
                return None
            connection = await session.connection()
            row = (await connection.execute(_NEXT, {"chat": chat_id})).first()
            if row is None:
                await self.leases.release(session, chat_id)
                return None
        loaded: dict[str, Any] = json.loads(row[0])
        return loaded, Arrival(row[1], bool(row[2]))

    async def renew(self, holder: str, chats: Sequence[int], lease: timedelta) -> None:
        """Keep the chats being handled (an update can take longer than the lease)."""
        await self.leases.renew(holder, chats, lease)

    async def let_go_of(self, holder: str | None = None) -> None:
        """Free the chats ``holder`` (or, with ``None``, anyone) held: another process may
        take them at once."""
        await self.leases.let_go_of(holder)

    async def next_offset(self) -> int:
        """The poll's first offset: past every update already kept (0 with none); the
        table's screen's entries are numbered below zero, apart from Telegram's."""
        async with self.db.reading() as session:
            newest = await session.scalar(
                select(func.max(_RECEIVED.c.update_id)).where(_RECEIVED.c.update_id >= 0)
            )
        return 0 if newest is None else newest + 1

    async def let_go(self) -> None:
        """Forget the updates handled long ago."""
        async with self.db.transaction() as session:
            await session.execute(
                delete(_RECEIVED).where(
                    _RECEIVED.c.handled_at < models.utcnow() - KEPT_AFTER_HANDLED
                )
            )

    async def answers(self) -> bool:
        """Whether the database answers (the health check)."""
        try:
            async with self.db.engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
        except Exception:
            return False
        return True


async def answer_of(session: AsyncSession, chat_id: int, message_id: int) -> list[str]:
    """What the chat's message was answered when it was handled (nothing, if unknown)."""
    reply = await session.scalar(
        select(_HANDLED.c.reply).where(
            _HANDLED.c.chat_id == chat_id, _HANDLED.c.message_id == message_id
        )
    )
    loaded: list[str] = json.loads(reply) if reply else []
    return loaded


async def keep_answer(
    session: AsyncSession, chat_id: int, message_id: int, texts: Sequence[str]
) -> None:
    """What the chat's message was answered, kept with its claim."""
    connection = await session.connection()
    reply = json.dumps(list(texts), ensure_ascii=False)
    # On SQLite, one trip to aiosqlite's thread (``storage.db.run``).
    await run(connection, _KEEP_ANSWER, {"chat": chat_id, "message": message_id, "kept": reply})


async def mark_handled(session: AsyncSession, update_id: int) -> None:
    """The update is handled, in the unit of work that answered it: it is not handled again
    after a crash, whose replies are in the outbox already (``storage.outbox``)."""
    connection = await session.connection()
    await run(connection, _MARK_HANDLED, {"update": update_id, "now": models.utcnow()})
