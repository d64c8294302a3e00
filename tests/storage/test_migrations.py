"""The schema comes from Alembic, and the migrations match the models."""

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, text
from sqlalchemy.exc import IntegrityError

from storage import Database
from storage.db import alembic_config
from storage.models import Base


async def test_upgrade_creates_every_table_and_is_repeatable(db: Database) -> None:
    await db.upgrade()
    await db.upgrade()  # a restart upgrades an up-to-date database: nothing to do
    async with db.engine.connect() as connection:
        tables = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
        mode = await connection.scalar(text("PRAGMA journal_mode"))
    assert {"chats", "players", "games", "seats", "hands", "hand_results"} <= tables
    assert mode == "wal"
    await db.close()


async def test_migrations_match_the_models(db: Database) -> None:
    await db.upgrade()

    def differences(connection: Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))

    async with db.engine.connect() as connection:
        assert await connection.run_sync(differences) == []
    await db.close()


async def test_only_one_running_game_per_chat(db: Database) -> None:
    await db.upgrade()
    async with db.transaction() as session:
        await session.execute(text("INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')"))
    insert = text(
        "INSERT INTO games (chat_id, mode, target, tie_beats_caller, jokers, state, started_at) "
        "VALUES (1, 'classica', 100, 0, 0, :state, '2026-01-01')"
    )
    async with db.transaction() as session:
        await session.execute(insert, {"state": "finished"})
        await session.execute(insert, {"state": "finished"})
        await session.execute(insert, {"state": "running"})
    with pytest.raises(IntegrityError):
        async with db.transaction() as session:
            await session.execute(insert, {"state": "running"})
    await db.close()


async def test_every_migration_can_be_undone(db: Database) -> None:
    await db.upgrade()

    def downgrade(connection: Connection) -> set[str]:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
        return set(inspect(connection).get_table_names())

    async with db.engine.begin() as connection:
        assert await connection.run_sync(downgrade) == {"alembic_version"}
    await db.upgrade()
    await db.close()
