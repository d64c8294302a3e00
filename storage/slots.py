"""Turns at the database, taken in this process: as many units of work at once as the pool
has connections (more would wait in the pool, and time out there), and on SQLite one writer
at a time (more would poll SQLite's lock in turn, each sleeping up to 100 ms between tries,
instead of queueing)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


class Slots:
    """At most ``size`` held at once, given in the order asked. A task that holds one and
    asks again is given it at once (its units of work nest: it must not wait for itself)."""

    def __init__(self, size: int, what: str) -> None:
        self.size, self.what = size, what
        self._free = asyncio.Semaphore(size)
        self._held: dict[asyncio.Task[object] | None, int] = {}

    async def take(self) -> Callable[[], None]:
        """Wait for a slot; returns what gives it back (once)."""
        task = asyncio.current_task()
        if task in self._held:
            # A unit of work inside another: a second connection for one task, which the pool
            # may not have. Said, so that it is found and undone.
            log.warning("A task opened a %s while holding one", self.what, stack_info=True)
            self._held[task] += 1
        else:
            await self._free.acquire()
            self._held[task] = 1
        given: list[bool] = []

        def give_back() -> None:
            if given:
                return
            given.append(True)
            self._held[task] -= 1
            if not self._held[task]:
                del self._held[task]
                self._free.release()

        return give_back

    @property
    def taken(self) -> int:
        return sum(self._held.values())
