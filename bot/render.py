"""Charts are drawn off the event loop, in worker processes, so that drawing one never delays
another chat's reply.

A thread would not be enough: drawing holds Python's global lock for most of its time, and
every reply waiting on the database would queue behind it. The bot process itself never
imports matplotlib (a worker does, on its first chart), which keeps start-up fast and idle
memory low. With ``workers=0`` charts are drawn in a thread of the bot process (tests, and
machines where starting a process is not allowed).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TypeVar

T = TypeVar("T")
#: Workers draw at the lowest priority: on a small machine a chart waits for the bot's
#: replies, never the other way round.
WORKER_NICENESS = 19


def _lower_priority() -> None:
    """In a worker, as it starts."""
    os.nice(WORKER_NICENESS)


class Renderer:
    """Runs chart drawing in a pool of ``workers`` processes, started on the first chart."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    async def draw(self, draw: Callable[..., T], *args: object) -> T:
        """``draw(*args)`` in a worker: ``draw`` is a module-level function (a worker imports
        it by name), such as a game's ``bot.games.<game>.charts.draw_game``."""
        return await self._run(draw, *args)

    async def _run(self, draw: Callable[..., T], *args: object) -> T:
        if self.workers <= 0:
            return await asyncio.to_thread(draw, *args)
        from concurrent.futures.process import BrokenProcessPool  # not needed to start the bot

        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), draw, *args)
        except BrokenProcessPool:  # a worker was killed (out of memory?): start afresh once
            self.close(wait=False)
            return await loop.run_in_executor(self._started(), draw, *args)

    def _started(self) -> Executor:
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # "spawn": a fork of a process running an event loop and threads is not safe.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_lower_priority
            )
        return self._pool

    def close(self, *, wait: bool = True) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None
