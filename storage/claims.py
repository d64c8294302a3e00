"""Claims on a chat's messages: a message changes something once, however often Telegram
delivers it, and an edit of it at most once more (and never an older edit after a newer)."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, bindparam, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import Arrival, arrival_columns, insert_ignoring
from storage.db import run

_HANDLED = cast(Table, models.HandledMessage.__table__)
_ARRIVAL = arrival_columns(bindparam("chat"))
_CHATS = cast(Table, models.Chat.__table__)
#: Whether the chat's hand replies carry the forecast's line: read by the claim too.
_FORECAST = select(_CHATS.c.forecast).where(_CHATS.c.id == bindparam("chat")).scalar_subquery()
#: The claim of a message, built once per dialect (building costs about as much as running).
_CLAIMS: dict[str, Any] = {}


class MessageAlreadyHandled(Exception):
    """This chat message already changed something (a redelivered update)."""


class Claims:
    """Claims on messages, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def message(self, chat_id: int, message_id: int) -> tuple[Arrival, bool]:
        """Mark a command's message as handled; a second time raises ``MessageAlreadyHandled``.
        Returns what the chat's row says as the message is claimed (``Arrival``: its language,
        its standings message; and whether its hand replies carry the forecast's line), read
        by the same statement.

        One statement, whichever process gets there first: the primary key decides."""
        connection = await self.session.connection()
        dialect = connection.dialect.name
        if (claim := _CLAIMS.get(dialect)) is None:
            claim = _CLAIMS[dialect] = insert_ignoring(self.session, _HANDLED).returning(
                *_ARRIVAL, _FORECAST
            )
        # On SQLite, one trip to aiosqlite's thread (``storage.db.run``).
        claimed = await run(
            connection,
            claim,
            {
                "chat_id": chat_id,
                "message_id": message_id,
                "handled_at": models.utcnow(),
                "chat": chat_id,
            },
        )
        if not claimed:
            raise MessageAlreadyHandled
        language, standings, forecast = claimed[0]
        return Arrival(language, bool(standings)), forecast is None or bool(forecast)

    async def edit(self, chat_id: int, message_id: int, update_id: int) -> bool:
        """Mark an edit of a message (the update ``update_id`` carried it) as handled; returns
        whether the message had changed something before. An edit already handled, or older
        than one handled, raises ``MessageAlreadyHandled``."""
        key = (chat_id, message_id)
        handled = await self.session.get(models.HandledMessage, key, populate_existing=True)
        if handled is None:
            self.session.add(
                models.HandledMessage(
                    chat_id=chat_id, message_id=message_id, edit_update_id=update_id
                )
            )
            try:
                await self.session.flush()
            except IntegrityError as error:
                raise MessageAlreadyHandled from error
            return False
        if handled.edit_update_id is not None and handled.edit_update_id >= update_id:
            raise MessageAlreadyHandled
        handled.edit_update_id = update_id
        await self.session.flush()
        return True
