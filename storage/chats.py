"""A chat's settings, and what every chart of the chat shares (each player's colour)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from sqlalchemy import Table, bindparam, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.base import insert_ignoring as insert_ignoring
from storage.db import run

if TYPE_CHECKING:
    from storage.db import Database

#: Where most groups play; "tonight" and the dates shown follow it unless a chat changes it.
DEFAULT_TIMEZONE = "Europe/Rome"


class Arrival(NamedTuple):
    """What every command and button first reads of its chat."""

    #: The language it chose with ``/lingua`` (``None``: it never chose).
    language: str | None = None
    #: It has a standings message that /classifica may still edit.
    standings: bool = False


@dataclass(frozen=True)
class ChatSettings:
    timezone: str = DEFAULT_TIMEZONE
    #: Undoing, fixing, closing and annulling are for the group's admins only.
    admins_only: bool = False
    #: Each hand's reply carries the forecast's line, "Chi vince? …".
    forecast: bool = True


_CHATS = cast(Table, models.Chat.__table__)
_LOCK_CHAT = select(_CHATS.c.id).where(_CHATS.c.id == bindparam("id")).with_for_update()
_LANGUAGE = select(_CHATS.c.language).where(_CHATS.c.id == bindparam("id"))
_STANDINGS = cast(Table, models.StandingsMessage.__table__)
_ARRIVAL = (
    select(_CHATS.c.language, _STANDINGS.c.chat_id.is_not(None))
    .select_from(_CHATS.outerjoin(_STANDINGS))
    .where(_CHATS.c.id == bindparam("chat"))
)
_STANDINGS_PASSED = delete(_STANDINGS).where(
    _STANDINGS.c.chat_id == bindparam("chat"),
    _STANDINGS.c.update_id.is_distinct_from(bindparam("answered")),
)


class ChatStore:
    """Chats and their settings, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def lock(self, chat_id: int) -> None:
        """Hold the chat's row lock until the unit of work ends: changes to one chat happen
        one at a time, whichever bot process makes them. SQLite needs nothing more: its
        changing units of work begin with ``BEGIN IMMEDIATE`` and so already queue, one at a
        time for the whole file (see ``storage.db``)."""
        if self.session.get_bind().dialect.name != "postgresql":
            return
        connection = await self.session.connection()
        await connection.execute(
            insert_ignoring(self.session, _CHATS), {"id": chat_id, "created_at": models.utcnow()}
        )
        await connection.execute(_LOCK_CHAT, {"id": chat_id})

    async def ensure(self, chat_id: int) -> models.Chat:
        chat = await self.session.get(models.Chat, chat_id)
        if chat is None:
            chat = models.Chat(id=chat_id)
            self.session.add(chat)
            await self.session.flush()
        return chat

    async def settings(self, chat_id: int) -> ChatSettings:
        chat = await self.session.get(models.Chat, chat_id)
        if chat is None:
            return ChatSettings()
        return ChatSettings(
            timezone=chat.timezone or DEFAULT_TIMEZONE,
            admins_only=chat.admins_only,
            forecast=chat.forecast,
        )

    async def change(self, chat_id: int, settings: ChatSettings) -> ChatSettings:
        """Store the chat's settings (a chat that never played gets its row now)."""
        chat = await self.ensure(chat_id)
        chat.timezone = None if settings.timezone == DEFAULT_TIMEZONE else settings.timezone
        chat.admins_only = settings.admins_only
        chat.forecast = settings.forecast
        await self.session.flush()
        return settings

    async def choose_language(self, chat_id: int, language: str | None) -> None:
        """``None`` goes back to the default language."""
        chat = await self.ensure(chat_id)
        chat.language = language
        await self.session.flush()

    async def standings_message(self, chat_id: int, since: datetime) -> int | None:
        """The bot's standings message in the chat, if it was shown after ``since`` and the
        bot has said nothing since."""
        return await self.session.scalar(
            select(models.StandingsMessage.message_id).where(
                models.StandingsMessage.chat_id == chat_id,
                models.StandingsMessage.shown_at >= since,
            )
        )

    async def keep_standings_message(
        self, chat_id: int, message_id: int, at: datetime, update_id: int
    ) -> None:
        """The standings message ``message_id``, sent or edited ``at`` in answer to
        ``update_id``, is the bot's last message in the chat."""
        await self.ensure(chat_id)
        shown = await self.session.get(models.StandingsMessage, chat_id)
        if shown is None:
            shown = models.StandingsMessage(chat_id=chat_id)
            self.session.add(shown)
        shown.message_id, shown.shown_at, shown.update_id = message_id, at, update_id
        await self.session.flush()

    async def colours(self, chat_id: int) -> dict[str, int]:
        """Each player's colour index: the order in which players first appeared in the chat,
        so that a player keeps one colour in every chart."""
        names = await self.session.scalars(
            select(models.Player.name)
            .where(models.Player.chat_id == chat_id)
            .order_by(models.Player.id)
        )
        return {name: index for index, name in enumerate(names)}


async def chat_language(db: Database, chat_id: int) -> str | None:
    """The language the chat chose with ``/lingua`` (``None``: it never chose), read before
    every update: one statement on a reading connection, no ORM session (half the time)."""
    async with db.connection(writing=False) as connection:
        return (await connection.execute(_LANGUAGE, {"id": chat_id})).scalar()


async def chat_on_arrival(db: Database, chat_id: int) -> Arrival:
    """What every command and button first reads of its chat, in one statement: the language
    it chose, and whether it has a standings message that /classifica may still edit."""
    async with db.connection(writing=False) as connection:
        rows = await run(connection, _ARRIVAL, {"chat": chat_id})
    return Arrival(rows[0][0], rows[0][1]) if rows else Arrival()


async def arrival_in(session: AsyncSession, chat_id: int) -> Arrival:
    """``chat_on_arrival`` inside the caller's unit of work."""
    connection = await session.connection()
    row = (await connection.execute(_ARRIVAL, {"chat": chat_id})).first()
    return Arrival(row[0], row[1]) if row is not None else Arrival()


def arrival_columns(chat_id: Any) -> tuple[Any, Any]:
    """``Arrival``'s two values as columns of another statement about the chat ``chat_id``
    (a column or a parameter): a statement the update runs anyway reads them too."""
    language = select(_CHATS.c.language).where(_CHATS.c.id == chat_id).scalar_subquery()
    standings = select(_STANDINGS.c.chat_id).where(_STANDINGS.c.chat_id == chat_id).exists()
    return language, standings


async def standings_passed(db: Database, chat_id: int, update_id: int) -> None:
    """The bot answered ``update_id`` after the chat's standings message: unless that message
    was the answer, it is no longer the bot's last one, and /classifica sends a new one."""
    async with db.connection(writing=True) as connection:
        await connection.execute(_STANDINGS_PASSED, {"chat": chat_id, "answered": update_id})


async def chats_speaking(db: Database) -> list[tuple[int, str]]:
    """Every chat that chose its language with ``/lingua``, and that language."""
    async with db.connection(writing=False) as connection:
        rows = await connection.execute(
            select(_CHATS.c.id, _CHATS.c.language).where(_CHATS.c.language.is_not(None))
        )
        return [(chat_id, language) for chat_id, language in rows]


async def last_message_id(db: Database, chat_id: int) -> int:
    """The highest message id the chat's stored rows mention (0 if none): a tool numbering
    messages itself (the console) starts above it, so nothing it sends reads as seen."""
    ids = [
        select(func.max(models.HandledMessage.message_id)).where(
            models.HandledMessage.chat_id == chat_id
        ),
        select(func.max(models.HandRow.message_id))
        .join(models.Game, models.Game.id == models.HandRow.game_id)
        .where(models.Game.chat_id == chat_id),
        select(func.max(models.HandEntry.message_id)).where(models.HandEntry.chat_id == chat_id),
        select(func.max(models.StandingsMessage.message_id)).where(
            models.StandingsMessage.chat_id == chat_id
        ),
        select(func.max(models.LastUndo.reply_id)).where(models.LastUndo.chat_id == chat_id),
        select(func.max(models.PendingHand.message_id)).where(
            models.PendingHand.chat_id == chat_id
        ),
    ]
    async with db.connection(writing=False) as connection:
        return max([(await connection.execute(query)).scalar() or 0 for query in ids])
