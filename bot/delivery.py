"""Nothing Telegram delivered is lost, and what a message was answered is answered again.

Every update goes into the database's inbox (``storage.journal``) before Telegram is told it
arrived: by polling, the batch is kept before the next ``getUpdates`` confirms it; as a
webhook, before the 200 (``bot.webhook``). The inbox is then handled by ``bot.inbox``.

A command that changes something claims its message (``bot.commands.common.changes``); what
it answers is kept with the claim *before* it is sent, so the same message delivered again
(a crash between the change and the reply, a webhook's 200 that never reached Telegram) gets
the same answer instead of "already recorded".
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession
from telegram import Update
from telegram.error import InvalidToken
from telegram.ext import BaseRateLimiter
from telegram.request import BaseRequest, RequestData

from bot.context import Context, TamaloApp
from storage import Arrival, Database, UpdateJournal
from storage.journal import keep_answer

log = logging.getLogger(__name__)

JSONDict = dict[str, Any]

#: Seconds Telegram holds a poll open when it has nothing to hand out.
POLL_TIMEOUT = 10
#: The longest pause between polls that failed, in seconds (1, 2, 4, … up to this).
MOST_PAUSE = 30.0


def chat_of(data: dict[str, Any]) -> int:
    """The chat an update belongs to (0: none, such as a button under an inaccessible
    message)."""
    update = Update.de_json(data, None)
    chat = update.effective_chat if update is not None else None
    return chat.id if chat is not None else 0


def is_outage(error: BaseException) -> bool:
    """The database did not answer (down, unreachable, locked): trying again later works."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, OperationalError | InterfaceError | OSError | TimeoutError)


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

    async def say(self, text: str | None) -> None:
        """Commit the change with the first thing the bot says about it (``None``: it says
        nothing now): a message delivered again is answered with that."""
        session, self.unsaid = self.unsaid, None
        if session is not None:
            async with session:
                if self.claim is not None and text is not None:
                    await keep_answer(session, *self.claim, [text])
                await session.commit()

    async def drop(self) -> None:
        """The update failed before saying anything: its change goes."""
        session, self.unsaid = self.unsaid, None
        if session is not None:
            async with session:
                await session.rollback()


ANSWER: ContextVar[Answer | None] = ContextVar("answer", default=None)


def answering(update: object) -> Answer | None:
    """The answer being given to ``update`` (``None``: not an update)."""
    if not isinstance(update, Update):
        return None
    answer = ANSWER.get()
    if answer is None or answer.update_id != update.update_id:
        answer = Answer(update.update_id)
        ANSWER.set(answer)
    return answer


async def begin_answer(update: Update, context: Context) -> None:
    """Before every handler: the update's answer starts empty (the inbox starts its own)."""
    answer = ANSWER.get()
    if answer is None or not answer.from_inbox or answer.update_id != update.update_id:
        ANSWER.set(Answer(update.update_id))


async def end_answer(update: Update, context: Context) -> None:
    """After every handler: a change that said nothing is committed all the same."""
    answer = answering(update)
    if answer is not None:
        await answer.say(None)


async def before_writing() -> None:
    """Another unit of work that writes is beginning: the change waiting for its answer is
    committed first (on SQLite the second would wait for the first's lock, forever)."""
    answer = ANSWER.get()
    if answer is not None and answer.unsaid is not None:
        await answer.say(None)


@asynccontextmanager
async def answered_change(db: Database, update: Update) -> AsyncIterator[AsyncSession]:
    """A unit of work whose change is committed together with the first thing the bot says
    about it, so that a claimed message always has its answer kept (see ``Answer.say``).
    Committed at once where nothing is answering (no update)."""
    await before_writing()  # the previous change, if it said nothing yet
    answer = answering(update)
    session = db.sessions()
    try:
        await session.begin()
        yield session
    except BaseException:
        async with session:
            await session.rollback()
        raise
    if answer is None or answer.claim is None:
        async with session:
            await session.commit()
    else:
        answer.unsaid = session


def claimed(chat_id: int, message_id: int) -> None:
    """The command being handled claimed its message: keep what it answers."""
    answer = ANSWER.get()
    if answer is not None:
        answer.claim = (chat_id, message_id)


class AnswerFirst(BaseRateLimiter[Any]):
    """Before the bot says anything (and before it waits its turn to, at Telegram's pace),
    the change waiting for its answer is committed with it."""

    def __init__(self, inner: BaseRateLimiter[Any] | None) -> None:
        self.inner = inner

    async def initialize(self) -> None:
        if self.inner is not None:
            await self.inner.initialize()

    async def shutdown(self) -> None:
        if self.inner is not None:
            await self.inner.shutdown()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Any,
    ) -> bool | JSONDict | list[JSONDict]:
        answer = ANSWER.get()
        if answer is not None:
            await answer.say(_text_to_claim(answer, endpoint, data))
        if self.inner is None:
            return await callback(*args, **kwargs)
        return await self.inner.process_request(
            callback, args, kwargs, endpoint, data, rate_limit_args
        )


def _text_to_claim(answer: Answer, endpoint: str, data: dict[str, Any]) -> str | None:
    """The text of a message sent to the claimed message's chat."""
    if answer.claim is None or endpoint != "sendMessage":
        return None
    text = data.get("text")
    if str(data.get("chat_id")) != str(answer.claim[0]) or not isinstance(text, str):
        return None
    return text


class JournalingRequest(BaseRequest):
    """The ``getUpdates`` connection: answers only once the updates it brings are kept."""

    def __init__(self, inner: BaseRequest, journal: UpdateJournal) -> None:
        self.inner = inner
        self.journal = journal

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    @property
    def read_timeout(self) -> float | None:
        return self.inner.read_timeout

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        code, payload = await self.inner.do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
        if code == 200 and url.endswith("/getUpdates"):
            answer = json.loads(payload)
            if answer.get("ok") and answer.get("result"):
                # Raising here (the database is down) makes the poll fail: nothing is
                # confirmed to Telegram, and the batch comes again with the next poll. Shielded:
                # polling stopped at shutdown must not abandon the write half-way, holding
                # SQLite's write lock until the process ends.
                batch = [(chat_of(u), u) for u in answer["result"]]
                await asyncio.shield(self.journal.keep(batch))
        return code, payload


async def poll(app: TamaloApp, allowed_updates: list[str], wake: asyncio.Event) -> None:
    """Long polling into the inbox, until cancelled. Each poll confirms the batch before it,
    which the inbox has; the offset always moves past every update kept, whether it was new
    or delivered again, so a batch Telegram still has is never asked for in a loop."""
    await app.bot.delete_webhook(drop_pending_updates=False)
    offset = await UpdateJournal(app.bot_data.db).next_offset()
    pause = 0.0
    while True:
        try:
            batch = await app.bot.get_updates(
                offset=offset, timeout=POLL_TIMEOUT, allowed_updates=allowed_updates
            )
        except InvalidToken:
            raise
        except Exception as error:  # Telegram or the database: the batch comes again
            pause = min(max(1.0, 2 * pause), MOST_PAUSE)
            log.warning("Polling failed (%r); trying again in %.0f s", error, pause)
            await asyncio.sleep(pause)
            continue
        pause = 0.0
        if batch:
            offset = batch[-1].update_id + 1
            wake.set()
