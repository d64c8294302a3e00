"""The database: one engine and session factory per process, schema upgraded by Alembic."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from storage.games import GameStore

if TYPE_CHECKING:
    from alembic.config import Config

DEFAULT_URL = "sqlite+aiosqlite:///tamalo.db"
#: PostgreSQL advisory lock key held while the schema is upgraded ("TAMALO" in ASCII).
UPGRADE_LOCK = 0x54414D414C4F
WAL_SWITCH_TRIES = 100
#: Execution option of the connections that only read (see ``Database.reading``).
READING = "tamalo_reading"
MIGRATIONS = Path(__file__).with_name("migrations")
#: Seconds to wait for PostgreSQL to accept a connection.
CONNECT_TIMEOUT = 5


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


def _switch_to_wal(cursor: Any) -> None:
    """Put the file in WAL mode. The switch needs the file to itself, and SQLite refuses it at
    once (without waiting out the busy timeout) while another process is using the file: that
    happens when several processes open a new file together, so wait a little and try again."""
    for _ in range(WAL_SWITCH_TRIES - 1):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error):
                raise
            time.sleep(0.05)  # on the driver's own thread, before the connection is in use
        else:
            return
    cursor.execute("PRAGMA journal_mode=WAL")


def _configure_sqlite(engine: AsyncEngine) -> None:
    """WAL, enforced foreign keys, and writers that queue instead of failing mid-transaction."""

    @event.listens_for(engine.sync_engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, decide when a transaction begins (see "begin" below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        _switch_to_wal(cursor)
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def on_begin(connection: Connection) -> None:
        # IMMEDIATE takes the write lock up front: a read-then-write unit of work cannot be
        # overtaken by another process between its read and its write. A reading unit of
        # work takes no lock: in WAL mode it sees one snapshot while writers go on.
        if connection.get_execution_options().get(READING):
            connection.exec_driver_sql("BEGIN DEFERRED")
        else:
            connection.exec_driver_sql("BEGIN IMMEDIATE")


class Database:
    """Engine and session factory, created once at start-up."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = make_url(url)
        options: dict[str, Any] = {}
        if self.url.get_backend_name() == "postgresql":
            # A server that went away and came back: connections it dropped are found out
            # before use and replaced, and a server that does not answer fails within seconds
            # (Telegram then sends the webhook's update again) instead of a minute.
            options = {"pool_pre_ping": True, "connect_args": {"timeout": CONNECT_TIMEOUT}}
        self.engine = create_async_engine(self.url, **options)
        if self.url.get_backend_name() == "sqlite":
            _configure_sqlite(self.engine)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        reading: dict[str, Any] = {READING: True}
        if self.url.get_backend_name() == "postgresql":
            reading["isolation_level"] = "REPEATABLE READ"  # one snapshot, as in SQLite
        #: The engine for reading alone (no write lock on SQLite, one snapshot everywhere).
        self.reader = self.engine.execution_options(**reading)
        self.reading_sessions = async_sessionmaker(self.reader, expire_on_commit=False)
        #: Called before a unit of work that writes begins (the bot commits there a change
        #: still waiting for its answer: see ``bot.journal.Answer``).
        self.before_writing: Callable[[], Awaitable[None]] | None = None

    async def upgrade(self) -> None:
        """Bring the schema to the newest Alembic revision, then fill in what it derives from
        games already stored."""
        sqlite = self.url.get_backend_name() == "sqlite"
        async with self.engine.connect() as connection:
            if sqlite:
                # A batch migration copies a table and drops the old one: with foreign keys
                # enforced, the drop would cascade into every row pointing at it. SQLite
                # changes this pragma only outside a transaction.
                await connection.run_sync(_pragma, "foreign_keys=OFF")
            try:
                async with connection.begin():
                    if self.url.get_backend_name() == "postgresql":
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
                    async with AsyncSession(bind=connection) as session:
                        await GameStore(session).complete_results()
            finally:
                if sqlite:
                    await connection.run_sync(_pragma, "foreign_keys=ON")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work: committed when the block ends, rolled back if it raises."""
        if self.before_writing is not None:
            await self.before_writing()
        async with self.sessions() as session, session.begin():
            yield session

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A unit of work that only reads: one consistent snapshot that never holds up the
        chats that are writing, however long it takes (an export of years of games)."""
        async with self.reading_sessions() as session, session.begin():
            yield session

    async def close(self) -> None:
        await self.engine.dispose()
