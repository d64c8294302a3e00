"""What a process's open boards wait on: one read for all of them. Every ``every`` seconds,
while any board is open, one statement reads what changes with each watched chat's games
(``storage.boards.board_versions``); a chat whose games changed wakes its boards, which then
read and write their board once. A hundred boards open cost one statement every half second,
not two hundred; a board's chat changed by another process is seen the same way, since
nothing but a cache of the last versions read is kept here."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Coroutine
from typing import Any, TypeVar

from storage import Database
from storage.boards import board_versions

log = logging.getLogger(__name__)
T = TypeVar("T")


class Watch:
    """The chats a process's open boards show, read together."""

    def __init__(self, db: Database, every: float) -> None:
        self.db, self.every = db, every
        #: Each watched chat's boards (each an event set when the chat changed), and the
        #: version last read (``None``: not read yet).
        self._boards: dict[int, set[asyncio.Event]] = {}
        self._seen: dict[int, tuple[Any, ...]] = {}
        self._reading: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def watching(self, chat_id: int) -> AsyncIterator[asyncio.Event]:
        """An event set each time ``chat_id``'s games change while the block runs (the
        board clears it once it has read them)."""
        changed = asyncio.Event()
        self._boards.setdefault(chat_id, set()).add(changed)
        if self._reading is None or self._reading.done():
            self._reading = asyncio.create_task(self._read_while_watched())
        try:
            yield changed
        finally:
            boards = self._boards.get(chat_id, set())
            boards.discard(changed)
            if not boards:
                self._boards.pop(chat_id, None)
                self._seen.pop(chat_id, None)

    async def _read_while_watched(self) -> None:
        while self._boards:
            chats = sorted(self._boards)
            try:
                versions = await whole(self._versions(chats))
            except Exception as error:  # the database away: the boards stay as they are
                log.debug("The boards' versions were not read (%r)", error)
            else:
                for chat, version in versions.items():
                    if self._seen.get(chat) != version:
                        self._seen[chat] = version
                        for changed in self._boards.get(chat, ()):
                            changed.set()
            await asyncio.sleep(self.every)

    async def _versions(self, chats: list[int]) -> dict[int, tuple[Any, ...]]:
        async with self.db.reading() as session:
            return await board_versions(session, chats)


#: Reads a closed page left under way, each ending by itself (kept here until it does).
_READING: set[asyncio.Task[Any]] = set()


async def whole(read: Coroutine[Any, Any, T]) -> T:
    """``read`` to its end, even if its page is closed meanwhile: Starlette cancels a closed
    page's stream, and every await after it, so a read cut in the middle would leave its
    connection in a transaction (SQLite: "cannot start a transaction within a
    transaction" for the next request that gets it)."""
    task = asyncio.create_task(read)
    _READING.add(task)
    task.add_done_callback(_READING.discard)
    task.add_done_callback(lambda done: done.cancelled() or done.exception())
    return await asyncio.shield(task)
