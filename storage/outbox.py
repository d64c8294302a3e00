"""The outbox: what the bot is to send, kept in the unit of work of the change it answers and
sent from here, each chat's in ``id`` order by the one bot process holding the chat's lease;
a message is deleted in the unit of work that takes the chat's next one, right after
Telegram took it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import insert_ignoring
from storage.db import Database, run
from storage.leases import ChatLeases

_OUTBOX = cast(Table, models.OutboxMessage.__table__)
_LEASES = cast(Table, models.OutboxLease.__table__)
_NEXT = (
    select(_OUTBOX.c.id, _OUTBOX.c.method, _OUTBOX.c.payload)
    .where(_OUTBOX.c.chat_id == bindparam("chat"))
    .order_by(_OUTBOX.c.id)
    .limit(1)
)
_SENT = delete(_OUTBOX).where(_OUTBOX.c.id == bindparam("sent"))
_UNSENT = select(exists().where(_OUTBOX.c.chat_id == bindparam("chat")))


def _waiting(chat_id: Any) -> Any:
    """The chat has messages to send."""
    return exists().where(_OUTBOX.c.chat_id == chat_id)


@dataclass(frozen=True)
class Outgoing:
    """A message to send: to ``chat_id``, by the Bot API's ``method`` with ``parameters``."""

    chat_id: int
    method: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class Queued:
    """A message in the outbox, its turn come."""

    id: int
    method: str
    parameters: dict[str, Any]


async def queue(session: AsyncSession, messages: Sequence[Outgoing]) -> None:
    """Put the messages in the outbox, in this order, in the caller's unit of work: they are
    sent once it commits, and never if it rolls back."""
    if not messages:
        return
    connection = await session.connection()
    now = models.utcnow()
    rows = [
        {"chat_id": m.chat_id, "method": m.method, "queued_at": now,
         "payload": json.dumps(m.parameters, ensure_ascii=False)}
        for m in messages
    ]  # fmt: skip
    if len(rows) == 1:
        await connection.execute(_OUTBOX.insert(), rows[0])
    else:  # one by one: an executemany may number them in any order
        for row in rows:
            await connection.execute(_OUTBOX.insert(), row)
    chats = list(dict.fromkeys(m.chat_id for m in messages))
    await connection.execute(
        insert_ignoring(session, _LEASES), [{"chat_id": chat} for chat in chats]
    )


class OutboxStore:
    """Each call its own unit of work."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.leases = ChatLeases(db, _LEASES, _waiting)

    async def next(
        self, chat_id: int, holder: str, lease: timedelta, sent: int | None
    ) -> Queued | None:
        """Forget the message ``sent`` (Telegram took it) and return the chat's next one, the
        lease renewed; ``None`` when there is none (the lease is let go) or the lease was lost
        (another process took the chat over)."""
        async with self.db.transaction() as session:
            connection = await session.connection()
            if sent is not None:
                await run(connection, _SENT, {"sent": sent})
            if not await self.leases.hold(session, chat_id, holder, lease):
                return None
            rows = await run(connection, _NEXT, {"chat": chat_id})
            if not rows:
                await self.leases.release(session, chat_id)
                return None
        id_, method, payload = rows[0]
        return Queued(id_, method, json.loads(payload))

    async def unsent(self, chat_id: int) -> bool:
        """Whether the chat has messages waiting in the outbox."""
        async with self.db.reading() as session:
            connection = await session.connection()
            rows = await run(connection, _UNSENT, {"chat": chat_id})
        return bool(rows[0][0])
