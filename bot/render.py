"""CPU work (charts, PDFs, ``/quote``'s odds) is done off the event loop, in worker processes,
so that one group's heavy command never slows another group's hand.

A thread would not be enough: drawing a chart or working out odds holds Python's global lock
for much of its time, and every reply waiting on the database would queue behind it (100
``/quote`` from 20 groups took the others' ``/mano`` from 0.2 s to 2 s). The workers are
few (``workers``, one by default: the bot keeps the other core) and run at the lowest
priority, so a job waits for the bot's replies rather than the other way round; a chat has
one job at a time (its next waits for it), so a group sending fifty ``/quote`` takes its
turns among the others instead of filling the queue, and what waits is bounded by the chats
being served. The bot process itself never imports matplotlib (a worker does, on its first
chart), which keeps start-up fast and idle memory low. With ``workers=0`` the work is done in
a thread of the bot process instead (tests, and machines where starting a process is not
allowed).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")
#: Workers run at the lowest priority: on a small machine a job waits for the bot's replies,
#: never the other way round.
WORKER_NICENESS = 19
#: The chat whose update is being handled (``bot.answers.begin_answer`` sets it): its jobs
#: take turns.
CHAT: ContextVar[int | None] = ContextVar("chat", default=None)


def _lower_priority() -> None:
    """In a worker, as it starts."""
    os.nice(WORKER_NICENESS)


class Renderer:
    """Runs CPU work in a pool of ``workers`` processes, started on the first job; one job
    at a time for each chat."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor | None = None
        #: Each chat with a job running or waiting: its turn, and how many hold or want it.
        self._chats: dict[int, tuple[asyncio.Lock, int]] = {}

    async def draw(self, draw: Callable[..., T], *args: object) -> T:
        """``draw(*args)`` in a worker: ``draw`` is a module-level function (a worker imports
        it by name), such as a game's ``bot.games.<game>.charts.draw_game``."""
        return await self.run(draw, *args)

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` in a worker, once the chat's job before it is done: a module-level
        function, its arguments and result plain values (they are pickled)."""
        async with self._turn(CHAT.get()):
            return await self._run(work, *args)

    @asynccontextmanager
    async def _turn(self, chat: int | None) -> AsyncIterator[None]:
        if chat is None:  # not for a chat (a tool, a test): no turn to wait for
            yield
            return
        lock, waiting = self._chats.get(chat, (asyncio.Lock(), 0))
        self._chats[chat] = (lock, waiting + 1)
        try:
            async with lock:
                yield
        finally:
            lock, waiting = self._chats[chat]
            if waiting == 1:
                del self._chats[chat]
            else:
                self._chats[chat] = (lock, waiting - 1)

    async def _run(self, work: Callable[..., T], *args: object) -> T:
        if self.workers <= 0:
            return await asyncio.to_thread(work, *args)
        from concurrent.futures.process import BrokenProcessPool  # not needed to start the bot

        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), work, *args)
        except BrokenProcessPool:  # a worker was killed (out of memory?): start afresh once
            self.close(wait=False)
            return await loop.run_in_executor(self._started(), work, *args)

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
