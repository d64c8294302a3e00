"""What the bot answers an update, and the unit of work its change commits with.

A command that changes something claims its message (``bot.handling.changes``); what
it answers is kept with the claim, in the transaction of the change, so the same message
delivered again (a crash before the reply went out, a webhook's 200 that never reached
Telegram) gets the same answer instead of "already recorded".

An update handled from the inbox (``bot.inbox``) says nothing itself: its messages are put in
the outbox (``bot.outbox``) in the very transaction that commits its change, keeps its answer
and marks it handled, all or nothing; the outbox sends them at Telegram's pace, and the
group's next update is handled at once. A message whose id the command needs (the entry's
keypad, the standings it edits later, an undo's reply) is sent at once instead
(``sending_now``), once the chat's outbox has emptied: the chat reads everything in order.
Handled without the inbox (the console, tools, tests), an update's messages go out at once.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from telegram import Update

from bot import render
from bot.outbox import Outbox
from storage import Arrival, Database
from storage.boards import keep_entry_answer
from storage.journal import keep_answer, mark_handled
from storage.outbox import Outgoing, queue


@dataclass
class Answer:
    """What the bot is doing about one update: the change it made, what it said."""

    update_id: int
    #: Handled from the inbox, which tries the update again when the database fails.
    from_inbox: bool = False
    #: (chat, message) once the command claimed its message.
    claim: tuple[int, int] | None = None
    #: The command's change, done and not yet committed: it is committed with the answer.
    unsaid: AsyncSession | None = None
    #: The database failed while handling it: the inbox tries it again.
    outage: BaseException | None = None
    #: What its chat's row said as the inbox took it (its language, its standings message).
    arrival: Arrival | None = None
    #: Where its messages go (from the inbox), and its chat, as Telegram described it.
    outbox: Outbox | None = None
    chat: dict[str, Any] | None = None
    db: Database | None = None
    #: Messages said, not yet in the outbox: they go in with the change.
    queued: list[Outgoing] = field(default_factory=list)
    #: The first text said in the claimed message's chat, and whether it is kept already.
    said: str | None = None
    kept: bool = False
    #: An entry from the table's screen: the first thing said to it, kept with the change
    #: (the form shows it), and whether it is kept already.
    entry_said: str | None = None
    entry_kept: bool = False

    async def say(self, text: str | None) -> None:
        """Without the inbox: commit the change with the first thing the bot says about it
        (``None``: it says nothing now); a message delivered again is answered with that."""
        session, self.unsaid = self.unsaid, None
        if session is not None and self.db is not None:
            if self.claim is not None and text is not None:
                try:
                    await keep_answer(session, *self.claim, [text])
                except BaseException:
                    await self.db.end_change(session, commit=False)
                    raise
            await self.db.end_change(session, commit=True)

    def queue(self, chat_id: int, method: str, parameters: dict[str, Any]) -> dict[str, Any]:
        """From the inbox: a message said, into the outbox with the change. Returns what
        Telegram would (a message, whose id is 0: none yet)."""
        text = parameters.get("text")
        self.noted(chat_id, text)
        self.queued.append(Outgoing(chat_id, method, parameters, self.claim is not None))
        chat = self.chat if self.chat and self.chat.get("id") == chat_id else None
        chat = chat or {"id": chat_id, "type": "private" if chat_id > 0 else "group"}
        return {"message_id": 0, "date": int(time.time()), "chat": chat, "text": text or ""}

    def noted(self, chat_id: int, text: object) -> None:
        """A text said in ``chat_id``: the claimed message's answer if it is the first."""
        if self.claim is not None and self.said is None and chat_id == self.claim[0]:
            self.said = text if isinstance(text, str) else None

    async def commit(self, *, queued: bool = False, handled: bool = False) -> None:
        """From the inbox: commit the change waiting (if any), with the answer kept and the
        messages said so far. With ``queued``, the messages said without a change go in
        too, in a unit of work of their own; with ``handled``, the update is marked handled
        in the same transaction (it will not be handled again after a crash)."""
        if self.unsaid is None and not queued:
            return
        session, self.unsaid = self.unsaid, None
        messages = self.queued
        keep = self.claim is not None and self.said is not None and not self.kept
        keep_entry = self.entry_said is not None and not self.entry_kept
        if session is None and not messages and not keep and not keep_entry:
            return
        assert self.db is not None
        if session is None:
            session = await self.db.begin_change()
        try:
            if keep and self.claim is not None and self.said is not None:
                await keep_answer(session, *self.claim, [self.said])
            if keep_entry and self.entry_said is not None:
                await keep_entry_answer(session, self.update_id, self.entry_said)
            await queue(session, messages)
            if handled:
                await mark_handled(session, self.update_id)
        except BaseException:
            await self.db.end_change(session, commit=False)
            raise
        await self.db.end_change(session, commit=True)
        self.kept |= keep
        self.entry_kept |= keep_entry
        self.queued = self.queued[len(messages) :]
        if self.outbox is not None:
            for chat in dict.fromkeys(m.chat_id for m in messages):
                self.outbox.arrived(chat)

    async def drop(self) -> None:
        """The update failed: its change goes, and nothing it said is sent."""
        self.queued.clear()
        session, self.unsaid = self.unsaid, None
        if session is not None and self.db is not None:
            await self.db.end_change(session, commit=False)


ANSWER: ContextVar[Answer | None] = ContextVar("answer", default=None)
#: Without the inbox (the console, tests): what the bot says to the table's screen's entries
#: handled in this task (``None``: nobody listening).
ENTRY_SAID: ContextVar[list[str] | None] = ContextVar("entry_said", default=None)


def said_to_entry(answer: Answer | None, text: object) -> None:
    """``text`` answers an entry from the table's screen: kept with the change from the
    inbox, or told to who waits for it in this task."""
    if not isinstance(text, str):
        return
    if answer is not None and answer.outbox is not None:
        answer.entry_said = answer.entry_said or text
    elif (listening := ENTRY_SAID.get()) is not None:
        listening.append(text)


#: Set while a message is sent at once, not through the outbox (``sending_now``).
_NOW: ContextVar[bool] = ContextVar("sending_now", default=False)


@contextmanager
def sending_now() -> Iterator[None]:
    """The messages sent inside go out at once, not through the outbox: the command needs
    their id (to edit them later, to know what a reply answers). They wait for the chat's
    outbox to empty first, so that the chat reads them after what it was told before."""
    token = _NOW.set(True)
    try:
        yield
    finally:
        _NOW.reset(token)


def is_sent_now() -> bool:
    return _NOW.get()


def answering(update: object) -> Answer | None:
    """The answer being given to ``update`` (``None``: not an update)."""
    if not isinstance(update, Update):
        return None
    answer = ANSWER.get()
    if answer is None or answer.update_id != update.update_id:
        answer = Answer(update.update_id)
        ANSWER.set(answer)
    return answer


async def begin_answer(update: Update, context: Any) -> None:
    """Before every handler: the update's answer starts empty (the inbox starts its own),
    and the CPU work it asks for takes its chat's turn (``bot.render``)."""
    render.CHAT.set(update.effective_chat.id if update.effective_chat is not None else None)
    answer = ANSWER.get()
    if answer is None or not answer.from_inbox or answer.update_id != update.update_id:
        ANSWER.set(Answer(update.update_id))


async def end_answer(update: Update, context: Any) -> None:
    """After every handler: a change that said nothing is committed all the same (the inbox
    commits its own, with what it said, once every handler ran)."""
    answer = answering(update)
    if answer is not None and answer.outbox is None:
        await answer.say(None)


async def before_unit_of_work() -> None:
    """Another unit of work is beginning: the change waiting for its answer is committed
    first. The task holds one connection at a time (a second may not come while the pool is
    busy), and on SQLite the other would wait for the first's lock, for ever."""
    answer = ANSWER.get()
    if answer is not None and answer.unsaid is not None:
        if answer.outbox is None:
            await answer.say(None)
        else:
            await answer.commit()


@asynccontextmanager
async def answered_change(db: Database, update: Update) -> AsyncIterator[AsyncSession]:
    """A unit of work whose change is committed together with the first thing the bot says
    about it, so that a claimed message always has its answer kept (see ``Answer``).
    Committed at once where nothing is answering (no update)."""
    answer = answering(update)
    session = await db.begin_change()  # the previous change, if it said nothing yet, first
    try:
        yield session
    except BaseException:
        await db.end_change(session, commit=False)
        raise
    if answer is None or answer.claim is None:
        await db.end_change(session, commit=True)
    else:
        answer.db = db
        answer.unsaid = session


def claimed(chat_id: int, message_id: int) -> None:
    """The command being handled claimed its message: keep what it answers."""
    answer = ANSWER.get()
    if answer is not None:
        answer.claim = (chat_id, message_id)
