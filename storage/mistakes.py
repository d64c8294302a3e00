"""What keeps an action from being done twice at the table: the chat's last undo, and typed
hands equal to the previous one, waiting for a button to say they are new."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models

#: A message sent this long after an undo was sent after its reply could be read.
READING_TIME = timedelta(seconds=5)


def _aware(moment: datetime) -> datetime:
    """SQLite keeps a time without its zone: UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Undo:
    """The chat's latest /annulla: hand ``number`` of game ``game_id``, by ``user_id``."""

    game_id: int
    number: int
    user_id: int | None
    undone_at: datetime
    reply_id: int | None

    def unseen_by(self, user_id: int | None, message_id: int, sent_at: datetime) -> bool:
        """Whether someone else sent ``message_id`` before this undo's reply could be seen:
        Telegram numbers a chat's messages in order, the bot's replies among them."""
        if user_id is None or user_id == self.user_id:
            return False  # one person who sends two undos means two
        if sent_at > self.undone_at + READING_TIME:
            return False
        return self.reply_id is None or message_id < self.reply_id


class LastUndos:
    """Each chat's latest undo, in the caller's unit of work (which holds the chat's lock)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def get(self, chat_id: int) -> Undo | None:
        row = await self.session.get(models.LastUndo, chat_id, populate_existing=True)
        if row is None:
            return None
        undone_at = _aware(row.undone_at)
        return Undo(row.game_id, row.number, row.user_id, undone_at, row.reply_id)

    async def keep(self, chat_id: int, game_id: int, number: int, user_id: int | None) -> None:
        undo = models.LastUndo(chat_id=chat_id, game_id=game_id, number=number, user_id=user_id)
        undo.undone_at, undo.reply_id = datetime.now(UTC), None
        await self.session.merge(undo)
        await self.session.flush()

    async def replied(self, chat_id: int, game_id: int, number: int, reply_id: int) -> None:
        """The undo's reply was sent as ``reply_id`` (unless another undo came since)."""
        undos = models.LastUndo
        await self.session.execute(
            update(undos)
            .where(undos.chat_id == chat_id, undos.game_id == game_id, undos.number == number)
            .values(reply_id=reply_id)
        )


@dataclass(frozen=True)
class PendingHand:
    id: int
    game_id: int
    chat_id: int
    message_id: int
    number: int
    text: str


class PendingHands:
    """Typed hands waiting for a confirmation, in the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def ask(self, game_id: int, chat_id: int, message_id: int, number: int, text: str) -> int:
        row = models.PendingHand(
            game_id=game_id, chat_id=chat_id, message_id=message_id, number=number, text=text,
            asked_at=datetime.now(UTC),
        )  # fmt: skip
        self.session.add(row)
        await self.session.flush()
        return row.id

    async def take(self, pending_id: int) -> PendingHand | None:
        """The hand waiting under ``pending_id``, no longer waiting; ``None`` if it was taken."""
        pending = models.PendingHand
        columns = (pending.id, pending.game_id, pending.chat_id, pending.message_id,
                   pending.number, pending.text)  # fmt: skip
        row = (await self.session.execute(select(*columns).where(pending.id == pending_id))).first()
        if row is None:
            return None
        await self.session.execute(delete(pending).where(pending.id == pending_id))
        return PendingHand(*row)
