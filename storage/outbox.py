"""The outbox: what the bot is to send, kept in the unit of work of the change it answers and
sent from here, each chat's in ``id`` order by the one bot process holding the chat's lease.
A message is marked sent in a unit of work of its own, first in line, as soon as Telegram
took it; it is kept a little while after, so that whichever process sends the chat's next
messages paces them by the chat's last sends (``sends_since``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, exists, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import insert_ignoring
from storage.db import Database, run
from storage.leases import ChatLeases

_OUTBOX = cast(Table, models.OutboxMessage.__table__)
_LEASES = cast(Table, models.OutboxLease.__table__)
_UNSENT_YET = _OUTBOX.c.sent_at.is_(None)
_NEXT = (
    select(_OUTBOX.c.id, _OUTBOX.c.method, _OUTBOX.c.payload, _OUTBOX.c.answers_change)
    .where(_OUTBOX.c.chat_id == bindparam("chat"), _UNSENT_YET)
    .order_by(_OUTBOX.c.id)
    .limit(1)
)
_HOLDER = select(_LEASES.c.holder).where(_LEASES.c.chat_id == bindparam("chat"))
#: Let go of a chat with nothing left to send (a message queued meanwhile keeps it).
_LET_GO = (
    update(_LEASES)
    .where(
        _LEASES.c.chat_id == bindparam("chat"),
        _LEASES.c.holder == bindparam("me"),
        ~exists().where(_OUTBOX.c.chat_id == bindparam("chat"), _UNSENT_YET),
    )
    .values(holder=None, until=None)
)
_SENT = update(_OUTBOX).where(_OUTBOX.c.id == bindparam("sent")).values(sent_at=bindparam("at"))
_UNSENT = select(exists().where(_OUTBOX.c.chat_id == bindparam("chat"), _UNSENT_YET))
_SENDS = (
    select(_OUTBOX.c.sent_at)
    .where(_OUTBOX.c.chat_id == bindparam("chat"), _OUTBOX.c.sent_at >= bindparam("since"))
    .order_by(_OUTBOX.c.sent_at)
)
_FORGET = delete(_OUTBOX).where(_OUTBOX.c.sent_at < bindparam("before"))


def _waiting(chat_id: Any) -> Any:
    """The chat has messages to send."""
    return exists().where(_OUTBOX.c.chat_id == chat_id, _UNSENT_YET)


@dataclass(frozen=True)
class Outgoing:
    """A message to send: to ``chat_id``, by the Bot API's ``method`` with ``parameters``;
    ``answers_change``: it answers a change (it goes first at the bot's overall pace)."""

    chat_id: int
    method: str
    parameters: dict[str, Any]
    answers_change: bool = False


@dataclass(frozen=True)
class Queued:
    """A message in the outbox, its turn come."""

    id: int
    method: str
    parameters: dict[str, Any]
    answers_change: bool = False


async def queue(session: AsyncSession, messages: Sequence[Outgoing]) -> None:
    """Put the messages in the outbox, in this order, in the caller's unit of work: they are
    sent once it commits, and never if it rolls back."""
    if not messages:
        return
    connection = await session.connection()
    now = models.utcnow()
    rows = [
        {"chat_id": m.chat_id, "method": m.method, "queued_at": now,
         "payload": json.dumps(m.parameters, ensure_ascii=False),
         "answers_change": m.answers_change}
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

    async def next(self, chat_id: int, holder: str) -> Queued | None:
        """The chat's next message to send, read without a write (the lease is renewed
        apart, ``ChatLeases.renew``); ``None`` when the lease was lost (another process took
        the chat over), or there is none left (the lease is let go then)."""
        while True:
            async with self.db.reading() as session:
                connection = await session.connection()
                held = await run(connection, _HOLDER, {"chat": chat_id})
                if not held or held[0][0] != holder:
                    return None
                rows = await run(connection, _NEXT, {"chat": chat_id})
            if rows:
                id_, method, payload, answers_change = rows[0]
                return Queued(id_, method, json.loads(payload), bool(answers_change))
            async with self.db.transaction() as session:
                let_go = await session.execute(_LET_GO, {"chat": chat_id, "me": holder})
            if let_go.rowcount == 1:  # type: ignore[attr-defined]
                return None
            # A message was queued meanwhile, or the chat taken over: look again.

    async def sent(self, message_id: int, at: datetime) -> None:
        """Telegram took the message at ``at``: never to be sent again. A unit of work of its
        own, ahead of every other waiting for its turn: until it commits, a crash would have
        the message sent again."""
        async with self.db.transaction(first=True) as session:
            connection = await session.connection()
            await run(connection, _SENT, {"sent": message_id, "at": at})

    async def sends_since(self, chat_id: int, since: datetime) -> list[datetime]:
        """When Telegram took the chat's messages since ``since``, oldest first (by any
        process)."""
        async with self.db.reading() as session:
            connection = await session.connection()
            rows = await run(connection, _SENDS, {"chat": chat_id, "since": since})
        return [at if at.tzinfo else at.replace(tzinfo=UTC) for (at,) in rows]

    async def forget_sent(self, before: datetime) -> None:
        """Forget the messages sent before ``before``: no pace needs them any more."""
        async with self.db.transaction() as session:
            connection = await session.connection()
            await run(connection, _FORGET, {"before": before})

    async def unsent(self, chat_id: int) -> bool:
        """Whether the chat has messages waiting in the outbox."""
        async with self.db.reading() as session:
            connection = await session.connection()
            rows = await run(connection, _UNSENT, {"chat": chat_id})
        return bool(rows[0][0])
