"""Hands being entered with buttons: one per game, kept between presses, expiring when left
alone."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Row, Table, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models

#: An entry nobody has touched for this long is dropped, and its message says so.
ENTRY_LIFETIME = timedelta(minutes=10)

_ENTRIES = cast(Table, models.HandEntry.__table__)


class EntryInProgress(Exception):
    """The game already has an entry someone is making: ``entry`` (its ``user_name`` is who)."""

    def __init__(self, entry: StoredEntry) -> None:
        super().__init__(entry.user_name)
        self.entry = entry
        self.user_name = entry.user_name


@dataclass(frozen=True)
class StoredEntry:
    id: int
    game_id: int
    chat_id: int
    message_id: int | None
    user_id: int
    user_name: str
    state: str
    touched_at: datetime
    #: Its game's kind (``take_expired`` says it: the sweep tells its message in its words).
    kind: str | None = None

    def expired(self, now: datetime) -> bool:
        return now - self.touched_at >= ENTRY_LIFETIME


def _stored(row: Row[Any]) -> StoredEntry:
    entry = StoredEntry(**row._mapping)
    if entry.touched_at.tzinfo is None:  # SQLite keeps the time without its zone: UTC
        return replace(entry, touched_at=entry.touched_at.replace(tzinfo=UTC))
    return entry


class EntryStore:
    """Entries, in the caller's unit of work (which holds the chat's lock)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def open(
        self, game_id: int, chat_id: int, user_id: int, user_name: str, state: str,
        now: datetime,
    ) -> int:  # fmt: skip
        """A new entry for the game; one left alone long enough gives way to it, one in use
        raises ``EntryInProgress``."""
        current = await self._of_game(game_id)
        if current is not None and not current.expired(now):
            raise EntryInProgress(current)
        if current is not None:
            await self.session.execute(delete(_ENTRIES).where(_ENTRIES.c.id == current.id))
        row = models.HandEntry(
            game_id=game_id, chat_id=chat_id, user_id=user_id, user_name=user_name,
            state=state, touched_at=now,
        )  # fmt: skip
        self.session.add(row)
        await self.session.flush()
        return row.id

    async def get(self, entry_id: int) -> StoredEntry | None:
        row = (
            await self.session.execute(select(_ENTRIES).where(_ENTRIES.c.id == entry_id))
        ).first()
        return None if row is None else _stored(row)

    async def keep(self, entry_id: int, state: str, now: datetime) -> None:
        await self.session.execute(
            update(_ENTRIES).where(_ENTRIES.c.id == entry_id).values(state=state, touched_at=now)
        )

    async def show_in(self, entry_id: int, message_id: int) -> None:
        """The entry's message has been sent: presses edit it."""
        await self.session.execute(
            update(_ENTRIES).where(_ENTRIES.c.id == entry_id).values(message_id=message_id)
        )

    async def close(self, entry_id: int) -> None:
        await self.session.execute(delete(_ENTRIES).where(_ENTRIES.c.id == entry_id))

    async def take_expired(self, now: datetime) -> list[StoredEntry]:
        """Every entry left alone too long, removed: their messages are to be told so."""
        # One statement: of two bot processes sweeping at once, each entry goes to one.
        rows = await self.session.execute(
            delete(_ENTRIES)
            .where(_ENTRIES.c.touched_at <= now - ENTRY_LIFETIME)
            .returning(*_ENTRIES.c)
        )
        expired = [_stored(row) for row in rows]
        if not expired:
            return []
        games = cast(Table, models.Game.__table__)
        found = await self.session.execute(
            select(games.c.id, games.c.kind).where(
                games.c.id.in_({entry.game_id for entry in expired})
            )
        )
        kinds: dict[int, str] = {game_id: kind for game_id, kind in found}
        return [replace(entry, kind=kinds.get(entry.game_id)) for entry in expired]

    async def _of_game(self, game_id: int) -> StoredEntry | None:
        row = (
            await self.session.execute(select(_ENTRIES).where(_ENTRIES.c.game_id == game_id))
        ).first()
        return None if row is None else _stored(row)
