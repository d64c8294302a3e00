"""Handling the inbox: every bot process takes chats with updates waiting, one process per chat
at a time (a lease in the database, taken over once a crashed process's runs out), and handles
each chat's updates strictly in ``update_id`` order, marking each handled once it is answered.

Updates of different chats are handled side by side; a chart drawn for one group never delays
another's reply. An update whose handling failed because the database did not answer is tried
again, after a pause, instead of being dropped (see ``bot.app.report_error``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import secrets
import signal
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from telegram import Update

from bot.app import close_resources, open_resources
from bot.context import TamaloApp
from bot.delivery import ANSWER, Answer, poll
from storage import Arrival, UpdateJournal

log = logging.getLogger(__name__)

#: How long a chat stays with the process handling it without news from it: a crashed
#: process's chats are taken over after this. Renewed every third of it while handling.
LEASE = timedelta(seconds=10)
#: How often the inbox is looked at without being woken (an update kept by another process).
LOOK_EVERY = 1.0
#: Chats handled side by side by one process.
MOST_CHATS = 64
#: The longest pause before trying again an update the database failed, in seconds.
MOST_PAUSE = 10.0
#: Seconds the updates being handled get to finish at shutdown.
GRACE = 10.0


class Inbox:
    """One process's share of the inbox."""

    def __init__(self, app: TamaloApp, journal: UpdateJournal) -> None:
        self.app, self.journal = app, journal
        self.holder = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        #: Set when an update was kept: look at the inbox now.
        self.woken = asyncio.Event()
        self._serving: dict[int, asyncio.Task[None]] = {}
        #: Chats being handled here that had an update kept meanwhile.
        self._more: set[int] = set()
        self._stopping = False

    def arrived(self, chat_id: int) -> None:
        """An update of the chat was kept: a chat handled here already sees it (no need to
        look through the inbox again), any other is taken now."""
        if chat_id in self._serving:
            self._more.add(chat_id)
        else:
            self.woken.set()

    async def run(self) -> None:
        """Take chats with updates waiting and handle them, until ``stop``."""
        renewing = asyncio.create_task(self._renew())
        try:
            while not self._stopping:
                self.woken.clear()
                await self._take()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.woken.wait(), LOOK_EVERY)
        finally:
            renewing.cancel()

    async def stop(self, running: asyncio.Task[None]) -> None:
        """Take no more chats, let the updates under way finish, and free the chats."""
        self._stopping = True
        self.woken.set()
        await running
        if self._serving:
            _, late = await asyncio.wait(self._serving.values(), timeout=GRACE)
            for task in late:
                task.cancel()
        try:
            await self.journal.let_go_of(self.holder)
        except Exception:  # their leases run out soon enough
            log.warning("Could not free the chats this process handled", exc_info=True)

    async def _take(self) -> None:
        room = MOST_CHATS - len(self._serving)
        if room <= 0:
            return
        try:
            chats = await self.journal.take(self.holder, room, LEASE)
        except Exception as error:
            log.warning("Could not look at the inbox (%r); trying again", error)
            return
        for chat in chats:
            if chat in self._serving:  # its lease ran out while the database was away
                continue
            task = asyncio.create_task(self._serve(chat))
            self._serving[chat] = task
            task.add_done_callback(functools.partial(self._served, chat))

    def _served(self, chat_id: int, task: asyncio.Task[None]) -> None:
        """A chat's task ends: it found nothing more, it was cancelled at shutdown, or a bug
        stopped it (logged)."""
        if self._serving.get(chat_id) is task:
            del self._serving[chat_id]
        if task.done() and not task.cancelled() and task.exception() is not None:
            log.error("Handling chat %s stopped", chat_id, exc_info=task.exception())

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(LEASE.total_seconds() / 3)
            try:
                await self.journal.renew(self.holder, list(self._serving), LEASE)
            except Exception as error:
                log.warning("Could not renew the chats' leases (%r)", error)

    async def _serve(self, chat_id: int) -> None:
        """Handle the chat's updates in order while it has some (and the lease is ours)."""
        done: int | None = None
        failures = 0
        while True:
            try:
                taken = await self.journal.next_update(chat_id, self.holder, LEASE, done)
            except Exception as error:
                failures += 1
                await self._pause(f"Could not read chat {chat_id}'s inbox ({error!r})", failures)
                continue
            done = None
            if taken is None or self._stopping:
                self._served(chat_id, current_task())  # now, not when its callbacks run
                if chat_id in self._more:  # kept as the chat was let go: take it again
                    self.woken.set()
                self._more.discard(chat_id)
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
                await self._pause(f"Update {update.update_id} met {outage!r}", failures)
                continue
            failures, done = 0, update.update_id

    async def handle(self, update: Update, arrival: Arrival | None = None) -> BaseException | None:
        """Handle one update, in a context of its own; the database failure that stopped
        it, if one did (the update is then tried again). ``arrival``: what its chat's row
        said as it was taken from the inbox (its language: no statement of its own)."""
        answer = Answer(update.update_id, from_inbox=True, arrival=arrival)

        async def handling() -> None:
            ANSWER.set(answer)
            await self.app.process_update(update)
            if answer.outage is not None:  # a change left waiting for its answer goes
                await answer.drop()
                return
            try:
                await answer.say(None)  # one left waiting is committed (normally done already)
            except Exception as error:
                answer.outage = error

        await asyncio.create_task(handling())
        return answer.outage

    async def _pause(self, what: str, failures: int) -> None:
        pause = min(2.0 ** (failures - 1), MOST_PAUSE)
        log.warning("%s; trying again in %.0f s", what, pause)
        await asyncio.sleep(pause)


@asynccontextmanager
async def serving(app: TamaloApp) -> AsyncIterator[Inbox]:
    """The bot started, its inbox handled, until the block ends; then the updates under way
    finish and everything is closed."""
    async with app:
        await open_resources(app)
        try:
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


def current_task() -> asyncio.Task[None]:
    task = asyncio.current_task()
    assert task is not None
    return task


def stop_signal() -> asyncio.Event:
    """Set by Ctrl-C or SIGTERM (a process manager stopping the bot)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    return stop


async def run_polling(app: TamaloApp, allowed_updates: list[str]) -> None:
    """The bot with long polling, until stopped."""
    stop = stop_signal()
    async with serving(app) as inbox:
        # Only one process polls a bot (Telegram refuses a second): chats a crashed one held
        # are this one's at once, without waiting for their leases to run out.
        await inbox.journal.let_go_of()
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
