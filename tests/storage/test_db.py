"""SQLite connections back in the pool: rolled back when (and only when) still in a
transaction, so that none keeps the write lock or an old snapshot. PostgreSQL's: taken without
a ping, replaced when the server closed them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]  # no stubs
import pytest
from sqlalchemy import text

from storage import Database, upgrade_schema
from tests.conftest import NO_POSTGRES, POSTGRES_URL, Templates


async def test_a_connection_left_in_a_transaction_is_rolled_back_in_the_pool(
    tmp_path: Path,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'tamalo.db'}"
    db, other = Database(url), Database(url)
    try:
        await upgrade_schema(db)
        async with db.engine.connect() as connection:
            driver = (await connection.get_raw_connection()).driver_connection
            assert driver is not None
            # A write transaction begun behind SQLAlchemy's back, and the connection returned.
            await driver.execute("BEGIN IMMEDIATE")
            await driver.execute("INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')")
            assert driver.in_transaction
        async with other.transaction() as session:  # the write lock is free
            await session.execute(text("INSERT INTO chats (id, created_at) VALUES (2, '2026')"))
        async with db.transaction() as session:  # and the connection usable again
            chats = list(await session.scalars(text("SELECT id FROM chats ORDER BY id")))
        assert chats == [2]  # what was never committed is gone
    finally:
        await db.close()
        await other.close()


@pytest.fixture
async def postgres(templates: Templates) -> AsyncIterator[str]:
    """A migrated PostgreSQL database of the test's own."""
    url = await templates.postgres.take()
    yield url
    templates.postgres.give_back(url)


@pytest.mark.skipif(not POSTGRES_URL, reason=NO_POSTGRES)
async def test_connections_postgresql_closed_are_replaced_without_a_ping_per_unit_of_work(
    postgres: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: a unit of work asks the server nothing before its own statements (a ping was
    three round trips each time); a connection the server closed (restarted) is replaced as
    it is taken from the pool, and the unit of work runs."""
    db = Database(postgres)
    try:
        await _replaced_without_a_ping(db, postgres, monkeypatch)
    finally:
        await db.close()


async def _replaced_without_a_ping(
    db: Database, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    fetchrow = asyncpg.Connection.fetchrow

    async def recorded(self: asyncpg.Connection, query: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(query)
        return await fetchrow(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "fetchrow", recorded)
    mine = await _backends(db)
    assert await _backends(db) == mine  # the same connection, taken again
    assert ";" not in asked  # SQLAlchemy's ping: never

    killer = Database(database_url)
    try:
        async with killer.transaction() as session:
            for pid in mine:
                await session.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    finally:
        await killer.close()
    await asyncio.sleep(0.2)  # the server's word that it closed them reaches asyncpg
    replaced = await _backends(db)
    assert replaced
    assert replaced.isdisjoint(mine)


async def _backends(db: Database) -> set[int]:
    """The server processes of the pool's connections (one, here)."""
    async with db.transaction() as session:
        return {int(await session.scalar(text("SELECT pg_backend_pid()")))}
