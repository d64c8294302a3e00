"""The schema brought to the newest Alembic revision at start-up, and what it derives from the
games already stored filled in."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, inspect, text
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.db import Database
from storage.unit import UnitOfWork

if TYPE_CHECKING:
    from alembic.config import Config

#: PostgreSQL advisory lock key held while the schema is upgraded ("TAMALO" in ASCII).
UPGRADE_LOCK = 0x54414D414C4F
MIGRATIONS = Path(__file__).with_name("migrations")


def newest_revision() -> str:
    """The schema's newest revision, read off the migration files' names (``0007_….py``):
    a start-up that finds the database there needs no Alembic at all (it takes a fifth of a
    second to import)."""
    return max(path.name.partition("_")[0] for path in (MIGRATIONS / "versions").glob("0*_*.py"))


def _revision(connection: Connection) -> str | None:
    """The database's revision; ``None`` for a new database."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _upgrade(connection: Connection) -> None:
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _pragma(connection: Connection, pragma: str) -> None:
    """A pragma on the driver's connection, outside SQLAlchemy's transaction."""
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(f"PRAGMA {pragma}")
    finally:
        cursor.close()


def _check_foreign_keys(connection: Connection) -> None:
    if broken := connection.exec_driver_sql("PRAGMA foreign_key_check").all():
        raise RuntimeError(f"the migration left rows with broken foreign keys: {broken[:5]}")


async def upgrade_schema(
    db: Database, derive: Callable[[UnitOfWork], Awaitable[object]] | None = None
) -> None:
    """Bring the schema to the newest Alembic revision, then fill in what ``derive`` works
    out from games already stored (``play.results.complete_results``), in the same
    transaction: processes starting together do it once."""
    sqlite = db.url.get_backend_name() == "sqlite"
    if not sqlite:
        models.on_postgresql()  # the models as the migrations made them there
    async with db.engine.connect() as connection:
        if sqlite:
            # A batch migration copies a table and drops the old one: with foreign keys
            # enforced, the drop would cascade into every row pointing at it. SQLite
            # changes this pragma only outside a transaction.
            await connection.run_sync(_pragma, "foreign_keys=OFF")
        try:
            async with connection.begin():
                if db.url.get_backend_name() == "postgresql":
                    # Several processes starting at once: one upgrades, the others wait
                    # and then find nothing left to do. (SQLite's BEGIN IMMEDIATE already
                    # queues them.)
                    await connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK}
                    )
                if await connection.run_sync(_revision) != newest_revision():
                    await connection.run_sync(_upgrade)
                    if sqlite:
                        await connection.run_sync(_check_foreign_keys)
                if derive is not None:
                    async with AsyncSession(bind=connection) as session:
                        await derive(UnitOfWork(session))
                        await session.flush()
        finally:
            if sqlite:
                await connection.run_sync(_pragma, "foreign_keys=ON")
