"""One process's share of a queue kept per chat in the database (the inbox's updates, the
outbox's messages): it takes chats with work waiting that nobody holds (a lease in the
database, taken over once a crashed process's runs out), and works through each chat's queue
in order, in a task of its own, the chats side by side."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
from datetime import timedelta

from bot.logs import one_line
from bot.outage import DATABASE, is_outage
from storage.leases import ChatLeases

log = logging.getLogger(__name__)

#: How long a chat stays with the process working on it without news from it: a crashed
#: process's chats are taken over after this. Renewed every third of it.
LEASE = timedelta(seconds=10)
#: How often the queue is looked at without being woken (work another process queued).
LOOK_EVERY = 1.0


class LeasedChats:
    """Chats taken from ``leases`` by ``holder``, each served by ``serve``, ``most`` at once."""

    def __init__(self, leases: ChatLeases, holder: str, most: int) -> None:
        self.leases, self.holder, self.most = leases, holder, most
        #: Set when work was queued: look at the queue now.
        self.woken = asyncio.Event()
        self._serving: dict[int, asyncio.Task[None]] = {}
        #: Chats being served here that had work queued meanwhile.
        self._more: set[int] = set()
        self._stopping = False

    def arrived(self, chat_id: int) -> None:
        """Work for the chat was queued: a chat served here already sees it (no need to
        look through the queue again), any other is taken now."""
        if chat_id in self._serving:
            self._more.add(chat_id)
        else:
            self.woken.set()

    async def run(self) -> None:
        """Take chats with work waiting and serve them, until ``stop``."""
        renewing = asyncio.create_task(self._renew())
        try:
            while not self._stopping:
                self.woken.clear()
                await self._take()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.woken.wait(), LOOK_EVERY)
        finally:
            renewing.cancel()

    async def stop(self, running: asyncio.Task[None], grace: float) -> None:
        """Take no more chats, give the work under way ``grace`` seconds to finish (then it
        is cancelled: done again later), and free the chats."""
        self._stopping = True
        self.woken.set()
        await running
        if self._serving:
            _, late = await asyncio.wait(self._serving.values(), timeout=grace)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late)
        try:
            await self.leases.let_go_of(self.holder)
        except Exception as error:  # their leases run out soon enough: one line says so
            log.warning(
                "Could not free the chats this process held (%s): another process takes "
                "them once their leases run out",
                one_line(error),
            )

    async def serve(self, chat_id: int) -> None:
        """Work through the chat's queue while it has some (and the lease is ours); call
        ``served`` before returning."""
        raise NotImplementedError

    def served(self, chat_id: int) -> None:
        """The chat's queue is empty (or the lease lost, or the process stopping)."""
        task = asyncio.current_task()
        if self._serving.get(chat_id) is task:  # now, not when its callbacks run
            del self._serving[chat_id]
        if chat_id in self._more:  # queued as the chat was let go: take it again
            self.woken.set()
        self._more.discard(chat_id)

    @property
    def stopping(self) -> bool:
        return self._stopping

    async def _take(self) -> None:
        room = self.most - len(self._serving)
        if room <= 0:
            return
        try:
            chats = await self.leases.take(self.holder, room, LEASE)
        except Exception as error:
            self.failed("look for chats to serve", error)
            return
        DATABASE.answered()
        for chat in chats:
            if chat in self._serving:  # its lease ran out while the database was away
                continue
            # A context of its own: nothing of the task that started the process (an update
            # being answered, a language) leaks into the chat's work.
            task = asyncio.create_task(self.serve(chat), context=contextvars.Context())
            self._serving[chat] = task
            task.add_done_callback(functools.partial(self._ended, chat))

    def _ended(self, chat_id: int, task: asyncio.Task[None]) -> None:
        """A chat's task ends: it found nothing more, it was cancelled at shutdown, or a bug
        stopped it (logged)."""
        if self._serving.get(chat_id) is task:
            del self._serving[chat_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("Serving chat %s stopped", chat_id, exc_info=task.exception())

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(LEASE.total_seconds() / 3)
            try:
                await self.leases.renew(self.holder, list(self._serving), LEASE)
            except Exception as error:
                self.failed("renew the chats' leases", error)

    def longest_pause(self) -> float:
        """The longest pause before trying again what failed, in seconds (1, 2, 4, … up to
        this)."""
        return 10.0

    async def pause(self, doing: str, error: BaseException, failures: int) -> None:
        """Wait before trying again what failed ``failures`` times in a row (``doing``, such
        as "read chat 5's inbox", failed on ``error``)."""
        pause = min(2.0 ** (failures - 1), self.longest_pause())
        self.failed(doing, error, f"; trying again in {pause:.0f} s")
        await asyncio.sleep(pause)

    @staticmethod
    def failed(doing: str, error: BaseException, then: str = "") -> None:
        """Logged: a database outage as the outage's beginning (``bot.outage``), anything
        else on a line of its own."""
        if is_outage(error):
            DATABASE.failed(doing, error)
        else:
            log.warning("Could not %s (%r)%s", doing, error, then)
