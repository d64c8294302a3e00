"""Handling the inbox: every bot process takes chats with updates waiting, one process per chat
at a time (a lease in the database, taken over once a crashed process's runs out), and handles
each chat's updates strictly in ``update_id`` order, each marked handled in the transaction
that commits its change and puts what it says in the outbox (``bot.answers``); the outbox is
sent by the same processes, at Telegram's pace (``bot.outbox``), while the chat's next update
is handled at once.

Updates of different chats are handled side by side; a chart drawn for one group never delays
another's reply. An update whose handling failed because the database did not answer is tried
again, after a pause, instead of being dropped (see ``bot.app.report_error``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

from telegram import Update

from bot.answers import ANSWER, Answer
from bot.app import close_resources, open_resources
from bot.context import TamaloApp
from bot.delivery import poll
from bot.leasing import LEASE, LeasedChats
from bot.outbox import Outbox
from storage import Arrival, UpdateJournal

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Chats handled side by side by one process.
MOST_CHATS = 64
#: The longest pause before trying again an update the database failed, in seconds.
MOST_PAUSE = 10.0
#: Seconds the updates being handled get to finish at shutdown (then they are cancelled,
#: rolled back and handled again at the next start), and the messages being sent: with the
#: web server's own second (``bot.webhook.GRACE``), a stop takes under two seconds.
GRACE = 0.6
SENDING_GRACE = 0.3


class Inbox(LeasedChats):
    """One process's share of the inbox, and of the outbox its replies go to."""

    def __init__(self, app: TamaloApp, journal: UpdateJournal) -> None:
        holder = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        super().__init__(journal.leases, holder, MOST_CHATS)
        self.app, self.journal = app, journal
        self.outbox = Outbox(app, journal.db, holder)
        self._sending: asyncio.Task[None] | None = None

    def longest_pause(self) -> float:
        return MOST_PAUSE

    async def run(self) -> None:
        """Take chats with updates waiting and handle them, and send what they answer,
        until ``stop``."""
        self._sending = asyncio.create_task(self.outbox.run())
        await super().run()

    async def stop(self, running: asyncio.Task[None], grace: float = GRACE) -> None:
        """Take no more chats, let the updates under way finish, and free the chats; then
        the same for the outbox (what it has not sent, it sends at the next start)."""
        await super().stop(running, grace)
        if self._sending is not None:
            await self.outbox.stop(self._sending, SENDING_GRACE)

    async def serve(self, chat_id: int) -> None:
        """Handle the chat's updates in order while it has some (and the lease is ours)."""
        done: int | None = None
        failures = 0
        while True:
            try:
                taken = await self.journal.next_update(chat_id, self.holder, LEASE, done)
            except Exception as error:
                failures += 1
                await self.pause(f"read chat {chat_id}'s inbox", error, failures)
                continue
            done = None
            if taken is None or self.stopping:
                self.served(chat_id)
                return
            data, arrival = taken
            try:
                update = Update.de_json(data, self.app.bot)
            except Exception:  # tried again, it would hold up the chat for ever
                log.exception("Update %s cannot be read: skipped", data.get("update_id"))
                done = data.get("update_id")
                continue
            outage = await self.handle(update, arrival)
            if outage is not None:
                failures += 1
                await self.pause(f"handle update {update.update_id}", outage, failures)
                continue
            failures, done = 0, update.update_id

    async def handle(self, update: Update, arrival: Arrival | None = None) -> BaseException | None:
        """Handle one update, in a context of its own; the database failure that stopped
        it, if one did (the update is then tried again). ``arrival``: what its chat's row
        said as it was taken from the inbox (its language: no statement of its own). What
        it says goes to the outbox, committed with its change (``bot.answers``)."""
        chat = update.effective_chat
        answer = Answer(
            update.update_id,
            from_inbox=True,
            arrival=arrival,
            outbox=self.outbox,
            chat=chat.to_dict() if chat is not None else None,
            db=self.app.bot_data.db,
        )

        async def handling() -> None:
            ANSWER.set(answer)
            try:
                await self.app.process_update(update)
                if (task := asyncio.current_task()) is not None and task.cancelling():
                    raise asyncio.CancelledError  # swallowed on the way (a driver's error)
                if answer.outage is None:
                    await answer.commit(queued=True, handled=True)
            except Exception as error:  # committing failed: the update is tried again
                answer.outage = error
            finally:
                if answer.outage is not None or answer.unsaid is not None:
                    await answer.drop()  # also when cancelled at shutdown

        await asyncio.create_task(handling())
        return answer.outage


class Stopped(Exception):
    """A stop signal came while the bot was starting."""


async def unless_stopped(stop: asyncio.Event | None, work: Coroutine[Any, Any, T]) -> T:
    """``work`` done; if ``stop`` is set first, ``work`` is cancelled and ``Stopped`` raised
    (a start waiting for Telegram or the database ends at once)."""
    task = asyncio.create_task(work)
    if stop is None:
        return await task
    stopped = asyncio.create_task(stop.wait())
    await asyncio.wait({task, stopped}, return_when=asyncio.FIRST_COMPLETED)
    stopped.cancel()
    if not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        raise Stopped
    return task.result()


@asynccontextmanager
async def serving(app: TamaloApp, stop: asyncio.Event | None = None) -> AsyncIterator[Inbox]:
    """The bot started, its inbox handled, until the block ends; then the updates under way
    finish and everything is closed. ``stop`` set while starting raises ``Stopped``."""
    try:
        await unless_stopped(stop, app.initialize())
        await unless_stopped(stop, open_resources(app))
        await app.start()
        inbox = Inbox(app, UpdateJournal(app.bot_data.db))
        running = asyncio.create_task(inbox.run())
        try:
            yield inbox
        finally:
            await inbox.stop(running)
            await app.stop()
    finally:
        await close_resources(app)
        await app.shutdown()


def stop_signal() -> asyncio.Event:
    """Set by Ctrl-C or SIGTERM (a process manager stopping the bot)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    return stop


async def run_polling(
    app: TamaloApp,
    allowed_updates: list[str],
    beside: Callable[[Inbox], AbstractAsyncContextManager[object]] | None = None,
) -> None:
    """The bot with long polling, until stopped; ``beside``: what runs while it polls (the
    web server of ``WEB_SERVER=yes``)."""
    stop = stop_signal()
    with contextlib.suppress(Stopped):
        async with (
            serving(app, stop) as inbox,
            beside(inbox) if beside is not None else contextlib.nullcontext(),
        ):
            # Only one process polls a bot (Telegram refuses a second): chats a crashed one
            # held are this one's at once, without waiting for their leases to run out.
            await inbox.journal.let_go_of()
            await inbox.outbox.leases.let_go_of()
            inbox.woken.set()
            polling = asyncio.create_task(poll(app, allowed_updates, inbox.woken))
            stopped = asyncio.create_task(stop.wait())
            await asyncio.wait({polling, stopped}, return_when=asyncio.FIRST_COMPLETED)
            stopped.cancel()
            if polling.done():
                polling.result()  # what stopped polling (a token Telegram rejects) is raised
            polling.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await polling
