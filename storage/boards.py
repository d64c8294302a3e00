"""The live scoreboard's tokens (``/tavolo``): a random token stands for one chat's game
on a page opened outside Telegram, until it expires. Nothing else about the page is kept:
each request reads the chat's games as they are now, so that any bot process serves it.

A hand recorded from the Mini App's form is an entry (``BoardEntry``): kept once by the
form's own random key, however often it is posted, and handled as a message typed in its
chat, numbered apart from Telegram's (``entry_update_id``, ``entry_message_id``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, cast

from sqlalchemy import (
    BigInteger,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    column,
    delete,
    func,
    or_,
    select,
    table,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from storage.base import Base, insert_ignoring, utcnow
from storage.states import GameState


class _Game(Protocol):
    """What a link asks of a stored game (``storage.stored.StoredGame``)."""

    @property
    def id(self) -> int: ...

    @property
    def tournament_id(self) -> int | None: ...


#: The chats' language, as its table has it (``storage.models`` imports this module).
_CHATS = table("chats", column("id"), column("language"))
#: The games' table, as it has a game's tournament, its chat, its state and its snapshot.
_GAMES = table(
    "games", column("id"), column("tournament_id"), column("chat_id"), column("state"),
    column("snapshot"),
)  # fmt: skip
#: The hands' table, as a board's version reads it.
_HAND_ROWS = table("hands", column("id"), column("game_id"), column("detail"))
#: The inbox's and the handled messages' tables, as they have it.
_RECEIVED = table("received_updates", column("update_id"), column("handled_at"))
_HANDLED = table("handled_messages", column("chat_id"), column("message_id"), column("reply"))
#: The first update number of the form's entries: below zero, never one of Telegram's, and
#: going up with each entry (each chat's updates are handled in their numbers' order).
ENTRY_UPDATES = -(2**53)
#: How long a scoreboard's link works: a game night, and the morning after.
BOARD_LIFETIME = timedelta(hours=24)


class BoardToken(Base):
    """A scoreboard's link: its token, the chat and the game it was asked for, its expiry."""

    __tablename__ = "board_tokens"
    __table_args__ = (Index("ix_board_tokens_expires_at", "expires_at"),)

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BoardEntry(Base):
    """A hand posted by the Mini App's form: its random key (``nonce``: one per hand on the
    page, the same for a double tap or a form sent again), its chat, who posted it and the
    command it stands for, handled as that person's message in the chat."""

    __tablename__ = "board_entries"
    __table_args__ = (Index("ix_board_entries_created_at", "created_at"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    nonce: Mapped[str] = mapped_column(String(64), unique=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The first thing the chat was told about it (the hand's reply, or why it was refused),
    #: kept with the change it answers: the form shows it.
    answer: Mapped[str | None] = mapped_column(Text)


def entry_update_id(entry_id: int) -> int:
    """The update an entry is handled as: below every update Telegram numbers."""
    return ENTRY_UPDATES + entry_id


def entry_of_update(update_id: int) -> int | None:
    """The entry an update stands for (``None``: one of Telegram's)."""
    entry = update_id - ENTRY_UPDATES
    return entry if update_id < 0 and entry > 0 else None


async def keep_entry_answer(session: AsyncSession, update_id: int, text: str) -> None:
    """What the chat was first told about the entry ``update_id`` stands for, kept in the
    unit of work that answered it."""
    entry = entry_of_update(update_id)
    if entry is not None:
        await session.execute(
            update(BoardEntry)
            .where(BoardEntry.id == entry, BoardEntry.answer.is_(None))
            .values(answer=text)
        )


def entry_message_id(entry_id: int) -> int:
    """The message an entry stands for in its chat: below zero, never one of Telegram's
    (a reply never quotes it)."""
    return -entry_id


@dataclass(frozen=True)
class Entry:
    """A form's entry as kept: ``new`` if this post kept it (not a double tap's)."""

    id: int
    chat_id: int
    user_id: int
    text: str
    new: bool


@dataclass(frozen=True)
class Board:
    """A scoreboard's link as stored."""

    token: str
    chat_id: int
    game_id: int
    expires_at: datetime
    #: The tournament its game is a table of (``None``: a game of its own).
    tournament_id: int | None = None

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at

    def of(self, front: Sequence[_Game]) -> bool:
        """Whether the chat's games in front are still its game's (or its tournament's):
        once another game started, the link has expired with its own."""
        return any(
            stored.id == self.game_id
            or (self.tournament_id is not None and stored.tournament_id == self.tournament_id)
            for stored in front
        )


class BoardStore:
    """Scoreboards' links, in the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def issue(self, token: str, chat_id: int, game_id: int, now: datetime) -> Board:
        """A new link for ``chat_id``'s game ``game_id``, working for ``BOARD_LIFETIME``;
        the links expired by ``now`` (any chat's) are forgotten."""
        await self.session.execute(delete(BoardToken).where(BoardToken.expires_at <= now))
        await self.session.execute(
            delete(BoardEntry).where(BoardEntry.created_at <= now - BOARD_LIFETIME)
        )
        expires = now + BOARD_LIFETIME
        self.session.add(
            BoardToken(
                token=token, chat_id=chat_id, game_id=game_id, created_at=now, expires_at=expires
            )
        )
        await self.session.flush()
        return Board(token, chat_id, game_id, expires)

    async def find(self, token: str, now: datetime) -> Board | None:
        """The link ``token``, unless it is unknown or expired by ``now``."""
        row = (
            await self.session.execute(
                select(
                    BoardToken.token,
                    BoardToken.chat_id,
                    BoardToken.game_id,
                    BoardToken.expires_at,
                    _GAMES.c.tournament_id,
                )
                .join(_GAMES, _GAMES.c.id == BoardToken.game_id)
                .where(BoardToken.token == token)
            )
        ).one_or_none()
        if row is None:
            return None
        expires = row.expires_at
        if expires.tzinfo is None:  # SQLite keeps the time without its zone: UTC
            expires = expires.replace(tzinfo=UTC)
        board = Board(row.token, row.chat_id, row.game_id, expires, row.tournament_id)
        return None if board.expired(now) else board

    async def language(self, chat_id: int) -> str | None:
        """The language the board's chat chose (``None``: it never chose), read in this
        unit of work: a page's read holds one connection, never two."""
        found: str | None = await self.session.scalar(
            select(_CHATS.c.language).where(_CHATS.c.id == chat_id)
        )
        return found

    async def enter(
        self, nonce: str, chat_id: int, user_id: int, text: str, now: datetime
    ) -> Entry:
        """The form's entry ``nonce``, kept now unless it was already (then as it was kept,
        maybe in another chat or by someone else: the caller refuses that)."""
        connection = await self.session.connection()
        row = {"nonce": nonce, "chat_id": chat_id, "user_id": user_id, "text": text}
        result = await connection.execute(
            insert_ignoring(self.session, cast(Table, BoardEntry.__table__)),
            [row | {"created_at": now}],
        )
        kept = await self.kept(nonce)
        assert kept is not None
        return replace(kept, new=result.rowcount == 1)

    async def kept(self, nonce: str) -> Entry | None:
        """The form's entry ``nonce`` if it was kept already."""
        row = (
            await self.session.execute(
                select(
                    BoardEntry.id, BoardEntry.chat_id, BoardEntry.user_id, BoardEntry.text
                ).where(BoardEntry.nonce == nonce)
            )
        ).one_or_none()
        return None if row is None else Entry(row.id, row.chat_id, row.user_id, row.text, False)

    async def handled(self, entry: Entry) -> bool:
        """Whether the entry's update was handled from the inbox."""
        handled_at = await self.session.scalar(
            select(_RECEIVED.c.handled_at).where(_RECEIVED.c.update_id == entry_update_id(entry.id))
        )
        return handled_at is not None

    async def outcome(self, entry: Entry) -> tuple[bool, str | None]:
        """Whether the entry changed something (its message claimed: a hand recorded), and
        the first thing the chat was told about it (``None``: nothing kept)."""
        claim = (
            await self.session.execute(
                select(_HANDLED.c.reply).where(
                    _HANDLED.c.chat_id == entry.chat_id,
                    _HANDLED.c.message_id == entry_message_id(entry.id),
                )
            )
        ).first()
        said = await self.session.scalar(select(BoardEntry.answer).where(BoardEntry.id == entry.id))
        kept: list[str] = json.loads(claim.reply) if claim is not None and claim.reply else []
        return claim is not None, said or (kept[0] if kept else None)


def _of_game(value: Any) -> Any:
    """``value`` over the hands of the game of the row being read."""
    return select(value).where(_HAND_ROWS.c.game_id == _GAMES.c.id).scalar_subquery()


async def board_versions(session: AsyncSession, chats: Sequence[int]) -> dict[int, tuple[Any, ...]]:
    """What changes whenever one of ``chats``' games in front does, one statement for them
    all (the live boards a process has open): each running game and each chat's latest, its
    state and snapshot, and its hands' count, newest and details' length (a game whose hands
    its snapshot does not hold whole: Tagò's night events)."""
    latest = (
        select(func.max(_GAMES.c.id)).where(_GAMES.c.chat_id.in_(chats)).group_by(_GAMES.c.chat_id)
    )
    rows = await session.execute(
        select(
            _GAMES.c.chat_id,
            _GAMES.c.id,
            _GAMES.c.state,
            _GAMES.c.snapshot,
            _of_game(func.count(_HAND_ROWS.c.id)),
            _of_game(func.max(_HAND_ROWS.c.id)),
            _of_game(func.sum(func.length(_HAND_ROWS.c.detail))),
        )
        .where(
            _GAMES.c.chat_id.in_(chats),
            or_(_GAMES.c.state == GameState.RUNNING.value, _GAMES.c.id.in_(latest)),
        )
        .order_by(_GAMES.c.chat_id, _GAMES.c.id)
    )
    versions: dict[int, tuple[Any, ...]] = {chat: () for chat in chats}
    for chat_id, *version in rows:
        versions[chat_id] += (tuple(version),)
    return versions
