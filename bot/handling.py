"""What every command shares, a shared one or a game's own: one unit of work per message,
mistakes answered, and the ``Command`` each is registered as (``bot.commands.registry``)."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from telegram import Message, Update
from telegram.constants import ChatMemberStatus, ChatType

from bot import texts
from bot.answers import answered_change, claimed
from bot.context import Context
from bot.refusals import UserError, mistake
from play.errors import Refused
from scoring.errors import RuleBroken
from storage import Arrival, MessageAlreadyHandled, UnitOfWork, arrival_in
from storage.journal import answer_of

Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]

#: Told what the chat's row says (its language, its standings message) when the command's
#: unit of work claims its message, which reads it in the same statement: set, for a command
#: that says nothing before that, by ``bot.commands.settings.speak_the_chats_language``
#: instead of reading it on a connection of its own.
on_claim: ContextVar[Callable[[Arrival], None] | None] = ContextVar("on_claim", default=None)

ADMINS = frozenset({ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR})


def message_of(update: Update) -> Message:
    message = update.effective_message
    assert message is not None  # command handlers only see messages
    return message


def chat_id_of(update: Update) -> int:
    return message_of(update).chat_id


def sender_id(update: Update) -> int | None:
    """The Telegram user who sent the update, if it says."""
    return update.effective_user.id if update.effective_user else None


def replies_to_mistakes(handler: Handler) -> Handler:
    """A ``UserError``, a rule of the game broken (``RuleBroken``) or an action refused
    (``play.errors.Refused``), raised inside the handler's unit of work, rolls it back and is
    answered."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except UserError as error:
            await message_of(update).reply_text(error.message)
        except (RuleBroken, Refused) as error:
            await message_of(update).reply_text(mistake(error).message)

    return wrapper


def admins_only(handler: Handler) -> Handler:
    """A command that undoes, fixes, closes or annuls: in a chat that keeps those to its
    admins (``/impostazioni admin=sì``), anyone else is told so and nothing changes. The
    chat's setting is read by the unit of work that makes the change (``changing``)."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        token = _PERMISSION.set(await may_undo_and_fix(update, context))
        try:
            await handler(update, context)
        finally:
            _PERMISSION.reset(token)

    return wrapper


@dataclass
class UndoAndFix:
    """Whether the sender may undo, fix, close or annul, decided under the chat lock from
    the setting as it is then: an admin turning ``admin=sì`` on a moment before counts."""

    update: Update
    context: Context
    #: Whether the sender is an admin, if Telegram was asked.
    admin: bool | None = None

    async def check(self, work: UnitOfWork) -> None:
        """Raise ``UserError`` (the unit of work rolls back) unless the sender may."""
        message = message_of(self.update)
        if message.chat.type == ChatType.PRIVATE:
            return
        if not (await work.chats.settings(message.chat_id)).admins_only:
            return
        if self.admin is None:  # turned on since the sender was looked at: asked now, rarely
            self.admin = await is_admin(self.update, self.context)
        if not self.admin:
            raise UserError(texts.settings.admins_only())


#: The permission of the admins-only command being handled, checked by ``changing``.
_PERMISSION: ContextVar[UndoAndFix | None] = ContextVar("permission", default=None)


async def may_undo_and_fix(update: Update, context: Context) -> UndoAndFix:
    """The sender's permission, to check inside the unit of work. Telegram is asked who the
    admins are now, before any lock is held, if the chat keeps those commands to them."""
    permission = UndoAndFix(update, context)
    message = message_of(update)
    if message.chat.type == ChatType.PRIVATE:
        return permission
    async with reading(context) as work:
        settings = await work.chats.settings(message.chat_id)
    if settings.admins_only:
        permission.admin = await is_admin(update, context)
    return permission


async def is_admin(update: Update, context: Context) -> bool:
    """The sender is an admin of the group (or writes as the group itself, anonymously)."""
    message = message_of(update)
    if message.sender_chat is not None and message.sender_chat.id == message.chat_id:
        return True
    user = update.effective_user
    if user is None:
        return False
    member = await context.bot.get_chat_member(message.chat_id, user.id)
    return member.status in ADMINS


@asynccontextmanager
async def reading(context: Context) -> AsyncIterator[UnitOfWork]:
    """A unit of work that only reads: one snapshot of the database (``Database.reading``)."""
    async with context.db.reading() as session:
        yield UnitOfWork(session)


@asynccontextmanager
async def changing(context: Context, chat_id: int) -> AsyncIterator[UnitOfWork]:
    """A unit of work that changes a chat: changes to one chat happen one at a time, across
    every bot process (the database holds the lock). In an admins-only command, the sender's
    permission is checked first, under the lock."""
    async with context.db.transaction() as session:
        work = UnitOfWork(session)
        await work.lock(chat_id)
        await _check_permission(work)
        yield work


@asynccontextmanager
async def changes(update: Update, context: Context) -> AsyncIterator[UnitOfWork]:
    """The unit of work of a command that changes something: one at a time in a chat, once
    per message, and in an admins-only command only by who may. A redelivered update changes
    nothing and gets the answer the message got the first time (kept with its claim, see
    ``bot.delivery``)."""
    message = message_of(update)
    async with answered_change(context.db, update) as session:
        work = UnitOfWork(session)
        await work.lock(message.chat_id)
        told = on_claim.get()
        try:
            arrival = await work.claim(message.chat_id, message.message_id)
        except MessageAlreadyHandled as error:
            if told is not None:
                on_claim.set(None)
                told(await arrival_in(session, message.chat_id))
            *before, last = await answer_of(session, message.chat_id, message.message_id) or [
                texts.common.already_handled()
            ]
            for text in before:
                await message.reply_text(text)
            raise UserError(last) from error
        if told is not None:
            on_claim.set(None)
            told(arrival)
        await _check_permission(work)
        claimed(message.chat_id, message.message_id)
        yield work


async def _check_permission(work: UnitOfWork) -> None:
    """In an admins-only command, the sender's permission, under the chat lock."""
    if (permission := _PERMISSION.get()) is not None:
        await permission.check(work)


@dataclass(frozen=True)
class Command:
    """A command the bot answers. Without a description it is left out of the menu."""

    name: str
    alias: str
    handler: Handler
    description: str | None = None  # a catalogue message id, translated where it is shown
    also: tuple[str, ...] = ()  # more names, not shown (``/start``, sent by Telegram itself)
    #: How many of its lines in the help (``texts.help``) ``/aiuto`` alone shows: the
    #: commands a table needs to play a game; ``/aiuto tutto`` shows every line.
    first: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the handler answers to, each once."""
        return tuple(dict.fromkeys((*self.also, self.name, self.alias)))
