"""The database held by someone else for longer than the bot waits for it: the command is
answered in one line that nothing was recorded, nothing is half-written, and once the lock is
gone the chat goes on, the failed message too when Telegram delivers it again."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine
from telegram import Update

from bot import texts
from bot.games.tamalo import texts as tamalo_texts
from scoring.tamalo import Game, Hand, Report
from tests.bot.conftest import Table

#: How long the bot waits for a lock here, in seconds. SQLite's default is 5 and PostgreSQL
#: waits for ever: a test would wait that long for every refusal.
LOCK_WAIT = 0.2


@pytest.fixture
async def database_url(database_url: str) -> str:
    """The test's database, set to give up on a lock after ``LOCK_WAIT``, through the
    settings the bot already reads: the URL's ``timeout`` for SQLite, the database's
    ``lock_timeout`` for PostgreSQL."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        short = url.update_query_dict({"timeout": str(LOCK_WAIT)})
        return short.render_as_string(hide_password=False)
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(
                text(f'ALTER DATABASE "{url.database}" SET lock_timeout = {LOCK_WAIT * 1000:.0f}')
            )
    finally:
        await admin.dispose()
    return database_url


@asynccontextmanager
async def locked(database_url: str) -> AsyncIterator[None]:
    """Another program holds the database: SQLite's write lock, or PostgreSQL's hands table."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        holder = sqlite3.connect(url.database, isolation_level=None)
        try:
            holder.execute("BEGIN EXCLUSIVE")
            yield
            holder.execute("ROLLBACK")
        finally:
            holder.close()
        return
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.execute(text("LOCK TABLE hands IN ACCESS EXCLUSIVE MODE"))
            yield
            await connection.rollback()
    finally:
        await engine.dispose()


async def deliver_failing(table: Table, update: Update) -> tuple[list[str], list[BaseException]]:
    """The replies to an update whose handling fails, and how it failed."""
    before = len(table.request.calls)
    await table.app.process_update(update)
    errors = table.errors[:]
    table.errors.clear()
    replies = [p["text"] for name, p in table.request.calls[before:] if name == "sendMessage"]
    return replies, errors


def assert_lock_failures(errors: list[BaseException]) -> None:
    """The command failed because it could not get the lock, and for nothing else."""
    assert len(errors) == 1, errors
    assert isinstance(errors[0], DBAPIError)
    assert "locked" in str(errors[0]) or "lock timeout" in str(errors[0])


def played(*hands: tuple[int, int]) -> Game:
    game = Game(("Anna", "Bruno"))
    for anna, bruno in hands:
        game = game.with_hand(Hand((Report("Anna", anna), Report("Bruno", bruno))))
    return game


async def test_a_hand_sent_while_the_database_is_held_is_refused_whole_then_recorded_once(
    table: Table, database_url: str
) -> None:
    await table.reply("/nuova Anna Bruno")
    await table.reply("/mano Anna 3 Bruno 12")
    before = await table.dump()
    failed = table.update("/mano Anna 20 Bruno 5")

    async with locked(database_url):
        replies, errors = await deliver_failing(table, failed)

    assert replies == [texts.common.something_went_wrong()]
    assert_lock_failures(errors)
    assert await table.dump() == before  # nothing half-written, the message not claimed
    # Telegram delivers the failed message again: it was never recorded, so now it is.
    recorded = [tamalo_texts.hands.hand_recorded(played((3, 12), (20, 5)))]
    assert await table.deliver(failed) == recorded
    assert await table.deliver(failed) == recorded  # the same answer, and recorded only once
    # The chat's next hand is recorded and answered as usual.
    game = played((3, 12), (20, 5), (7, 0))
    assert await table.reply("/mano Anna 7 Bruno 0") == tamalo_texts.hands.hand_recorded(game)
    assert await table.totals() == game.totals()


async def test_an_undo_sent_while_the_database_is_held_removes_nothing_then_one_hand(
    table: Table, database_url: str
) -> None:
    await table.reply("/nuova Anna Bruno")
    await table.reply("/mano Anna 3 Bruno 12")
    await table.reply("/mano Anna 20 Bruno 5")
    before = await table.dump()
    failed = table.update("/annulla")

    async with locked(database_url):
        replies, errors = await deliver_failing(table, failed)

    assert replies == [texts.common.something_went_wrong()]
    assert_lock_failures(errors)
    assert await table.dump() == before
    removed = played((3, 12), (20, 5)).hands[-1].hand
    undone = tamalo_texts.hands.hand_undone(played((3, 12)), 2, removed, reopened=False)
    assert await table.deliver(failed) == [undone]
    assert await table.deliver(failed) == [undone]  # the same answer, never a second hand
    assert await table.totals() == played((3, 12)).totals()
