"""SQLite connections back in the pool: rolled back when (and only when) still in a
transaction, so that none keeps the write lock or an old snapshot."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from storage import Database, upgrade_schema


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
