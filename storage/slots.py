"""Turns at the database, taken in this process: as many units of work at once as the pool
has connections (more would wait in the pool, and time out there), and on SQLite one writer
at a time (more would poll SQLite's lock in turn, each sleeping up to 100 ms between tries,
instead of queueing)."""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


class Slots:
    """At most ``size`` held at once, given in the order asked. A task that holds one and
    asks again is given it at once (its units of work nest: it must not wait for itself)."""

    def __init__(self, size: int, what: str) -> None:
        self.size, self.what = size, what
        self._free = size
        #: Who waits, first those who go first (``take(first=True)``), each in turn.
        self._first: collections.deque[asyncio.Future[None]] = collections.deque()
        self._queue: collections.deque[asyncio.Future[None]] = collections.deque()
        self._held: dict[asyncio.Task[object] | None, int] = {}
        #: Set while every slot is free.
        self._idle = asyncio.Event()
        self._idle.set()

    async def take(self, *, first: bool = False) -> Callable[[], None]:
        """Wait for a slot; returns what gives it back (once). ``first``: ahead of everyone
        waiting without it (the webhook keeping an update Telegram is waiting on)."""
        task = asyncio.current_task()
        if task in self._held:
            # A unit of work inside another: a second connection for one task, which the pool
            # may not have. Said, so that it is found and undone.
            log.warning("A task opened a %s while holding one", self.what, stack_info=True)
            self._held[task] += 1
        else:
            await self._acquire(first)
            self._held[task] = 1
        given: list[bool] = []

        def give_back() -> None:
            if given:
                return
            given.append(True)
            self._held[task] -= 1
            if not self._held[task]:
                del self._held[task]
                self._release()

        return give_back

    async def _acquire(self, first: bool) -> None:
        self._idle.clear()
        if self._free and not self._first and not self._queue:
            self._free -= 1
            return
        waiting: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._first if first else self._queue
        queue.append(waiting)
        try:
            await waiting
        except BaseException:
            if waiting.done() and not waiting.cancelled():
                self._release()  # given the slot as it was cancelled: hand it on
            elif waiting in queue:  # (a slot given back meanwhile passed it over already)
                queue.remove(waiting)
            raise

    def _release(self) -> None:
        """A slot given back: to the next waiting (those going first first), else free."""
        for queue in (self._first, self._queue):
            while queue:
                waiting = queue.popleft()
                if not waiting.done():
                    waiting.set_result(None)
                    return
        self._free += 1
        if self._free == self.size:
            self._idle.set()

    @property
    def taken(self) -> int:
        return sum(self._held.values())

    async def all_given_back(self) -> None:
        """Return once no slot is held (nor waited for)."""
        await self._idle.wait()
