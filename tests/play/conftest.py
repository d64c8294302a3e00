"""The play layer runs on a real database migrated by the project's own migrations: each
action gets a unit of work holding the chat's lock, as a command's would."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import pytest

from scoring.tamalo import Hand, Report
from storage import Database, UnitOfWork
from storage.schema import upgrade_schema

CHAT = 1

Acting = Callable[[], AbstractAsyncContextManager[UnitOfWork]]


def hand(caller: str | None = None, **totals: int) -> Hand:
    """A hand of these totals, in this order (``caller``: who called Tamalo)."""
    return Hand(tuple(Report(p, t) for p, t in totals.items()), caller=caller)


@pytest.fixture
async def acting(db: Database) -> AsyncIterator[Acting]:
    """A unit of work on chat ``CHAT``, committed at its end (rolled back if it raises)."""
    await upgrade_schema(db)

    @asynccontextmanager
    async def unit() -> AsyncIterator[UnitOfWork]:
        async with db.transaction() as session:
            work = UnitOfWork(session)
            await work.lock(CHAT)
            yield work

    yield unit
    await db.close()
