"""The tables of the bot's delivery: the inbox (every update kept before Telegram is told it
arrived), the outbox (every message kept before it is sent), their leases, and the messages
whose command changed something. No game's: no rule reads them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Index, Integer, String, Text, false, text
from sqlalchemy.orm import Mapped, mapped_column

from storage.base import Base, utcnow


class HandledMessage(Base):
    """A chat message whose command changed something: a redelivered update changes nothing."""

    __tablename__ = "handled_messages"

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    message_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    handled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The update of the latest edit handled (Telegram numbers updates in order): an older or
    #: redelivered edit changes nothing.
    edit_update_id: Mapped[int | None] = mapped_column(BigInteger)
    #: What the bot answered (a JSON list of texts), kept before it is sent: the message
    #: delivered again gets the same answer, not "already recorded".
    reply: Mapped[str | None] = mapped_column(Text)


class ReceivedUpdate(Base):
    """The inbox: every update Telegram delivered, kept before Telegram is told it arrived
    (the poll that confirms it, the webhook's 200) and handled from here, each chat's in
    ``update_id`` order, by whichever bot process holds the chat's lease."""

    __tablename__ = "received_updates"
    __table_args__ = (Index("ix_received_updates_chat_id_update_id", "chat_id", "update_id"),)

    update_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    #: The chat it belongs to (0: none, such as a button under an inaccessible message).
    chat_id: Mapped[int] = mapped_column(BigInteger, server_default=text("0"))
    payload: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: Handled to the end. Kept a while after: Telegram may deliver it again (its
    #: confirmation did not arrive), and then it is dropped instead of answered twice.
    handled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class InboxLease(Base):
    """Which bot process handles a chat's updates, until when: one at a time across every
    process, and a crashed one's chats taken over once its lease runs out."""

    __tablename__ = "inbox_leases"

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    holder: Mapped[str | None] = mapped_column(String(64))
    until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class OutboxMessage(Base):
    """The outbox: a message the bot is to send, kept in the transaction of the change it
    answers and sent from here at Telegram's pace, each chat's in ``id`` order, by whichever
    bot process holds the chat's lease (``OutboxLease``); marked sent (``sent_at``) as soon as
    Telegram took it, and kept a little while after: the next process paces the chat's
    messages by them."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_chat_id_id", "chat_id", "id"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    #: The Bot API method (``sendMessage``) and its parameters, as JSON.
    method: Mapped[str] = mapped_column(String(32))
    payload: Mapped[str] = mapped_column(Text)
    queued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: When Telegram took it; ``None``: not yet sent.
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: It answers a change (a command that claimed its message: a hand recorded): at the
    #: bot's overall pace it goes before the answers to commands that only read.
    answers_change: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class OutboxLease(Base):
    """Which bot process sends a chat's messages, until when: one at a time across every
    process, and a crashed one's chats taken over once its lease runs out."""

    __tablename__ = "outbox_leases"

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    holder: Mapped[str | None] = mapped_column(String(64))
    until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
