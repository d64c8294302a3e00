"""The live scoreboard's tokens (``/tavolo``): a random token stands for one chat's game
on a page opened outside Telegram, until it expires. Nothing else about the page is kept:
each request reads the chat's games as they are now, so that any bot process serves it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import (
    BigInteger,
    DateTime,
    ForeignKey,
    Index,
    String,
    column,
    delete,
    select,
    table,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from storage.base import Base, utcnow

#: The chats' language, as its table has it (``storage.models`` imports this module).
_CHATS = table("chats", column("id"), column("language"))
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


@dataclass(frozen=True)
class Board:
    """A scoreboard's link as stored."""

    token: str
    chat_id: int
    game_id: int
    expires_at: datetime

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at


class BoardStore:
    """Scoreboards' links, in the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def issue(self, token: str, chat_id: int, game_id: int, now: datetime) -> Board:
        """A new link for ``chat_id``'s game ``game_id``, working for ``BOARD_LIFETIME``;
        the links expired by ``now`` (any chat's) are forgotten."""
        await self.session.execute(delete(BoardToken).where(BoardToken.expires_at <= now))
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
                    BoardToken.token, BoardToken.chat_id, BoardToken.game_id, BoardToken.expires_at
                ).where(BoardToken.token == token)
            )
        ).one_or_none()
        if row is None:
            return None
        expires = row.expires_at
        if expires.tzinfo is None:  # SQLite keeps the time without its zone: UTC
            expires = expires.replace(tzinfo=UTC)
        board = Board(row.token, row.chat_id, row.game_id, expires)
        return None if board.expired(now) else board

    async def language(self, chat_id: int) -> str | None:
        """The language the board's chat chose (``None``: it never chose), read in this
        unit of work: a page's read holds one connection, never two."""
        found: str | None = await self.session.scalar(
            select(_CHATS.c.language).where(_CHATS.c.id == chat_id)
        )
        return found
