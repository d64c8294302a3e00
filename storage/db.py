"""The database: one engine and session factory per process (``storage.schema`` upgrades it)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections import namedtuple
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, NamedTuple

from sqlalchemy import Connection, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import PoolResetState

from storage.slots import Slots

DEFAULT_URL = "sqlite+aiosqlite:///tamalo.db"
WAL_SWITCH_TRIES = 100
#: Execution option of the connections that only read (see ``Database.reading``).
READING = "tamalo_reading"
#: Seconds to wait for PostgreSQL to accept a connection.
CONNECT_TIMEOUT = 5
#: Connections kept open in the pool, and opened beyond them at busy times (SQLAlchemy's own
#: defaults): as many units of work run at once in a process (``Database.turns``).
POOL_SIZE, POOL_OVERFLOW = 5, 10
#: Seconds a unit of work waits for a connection before failing (an outage: tried again).
POOL_TIMEOUT = 30.0
#: Where a session from ``Database.begin_change`` keeps what ends its turn.
_DONE = "tamalo_turn_done"


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
        reading = connection.get_execution_options().get(READING)
        statement = "BEGIN DEFERRED" if reading else "BEGIN IMMEDIATE"
        # Straight through aiosqlite: one trip to its thread, where a statement through
        # SQLAlchemy's adapter takes three (a cursor made, used, then closed, each in turn).
        adapted = connection.connection.dbapi_connection
        assert adapted is not None
        try:
            adapted.run_async(lambda driver: driver.execute_fetchall(statement))
        except sqlite3.Error as error:  # as SQLAlchemy raises it (the database is locked…)
            raise DBAPIError.instance(statement, None, error, sqlite3.Error) from error

    @event.listens_for(engine.sync_engine, "reset")
    def on_reset(dbapi_connection: Any, _record: Any, state: PoolResetState) -> None:
        # The pool's own reset would roll back every connection it gets back, each time a
        # trip to aiosqlite's thread; nearly all come back with their transaction ended
        # (committed or rolled back). One still in a transaction (a unit of work cut short)
        # is rolled back: it must not keep SQLite's write lock, nor an old snapshot.
        if state.asyncio_safe and dbapi_connection.driver_connection.in_transaction:
            dbapi_connection.rollback()


def _configure_postgresql(engine: AsyncEngine) -> None:
    """A connection the server closed (restarted, or cut) is replaced as it is taken from
    the pool: asyncpg knows it closed. SQLAlchemy's ``pool_pre_ping`` would ask the server
    instead, three round trips (begin, ping, roll back) before every unit of work, which a
    busy moment pays for in every group's hand (issue 35's fairness on PostgreSQL). One the
    server dropped without a word fails at its first statement: the pool is emptied, and
    the unit of work is tried again (an outage, ``bot.outage``)."""

    @event.listens_for(engine.sync_engine, "checkout")
    def on_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        driver = dbapi_connection.driver_connection
        if driver is None or driver.is_closed():
            raise DisconnectionError("the server closed the connection")


class Database:
    """Engine and session factory, created once at start-up.

    Every unit of work takes a turn first (``storage.slots``): as many at once as the pool
    has connections, and on SQLite one that writes at a time in this process. A unit of work
    holds one connection; one task never needs two (``before_unit_of_work``)."""

    def __init__(
        self,
        url: str = DEFAULT_URL,
        *,
        pool_size: int = POOL_SIZE,
        pool_overflow: int = POOL_OVERFLOW,
        pool_timeout: float = POOL_TIMEOUT,
    ) -> None:
        self.url = make_url(url)
        options: dict[str, Any] = {
            "pool_size": pool_size,
            "max_overflow": pool_overflow,
            "pool_timeout": pool_timeout,
        }
        if self.url.get_backend_name() == "postgresql":
            # A server that does not answer fails within seconds (Telegram then sends the
            # webhook's update again) instead of a minute. A connection it dropped is found
            # out at checkout (``_configure_postgresql``), not by a ping.
            options |= {"connect_args": {"timeout": CONNECT_TIMEOUT}}
        elif self.url.get_backend_name() == "sqlite":
            # A connection back in the pool is rolled back only if still in a transaction
            # (the "reset" listener below), not every time.
            options |= {"pool_reset_on_return": None}
        self.engine = create_async_engine(self.url, **options)
        sqlite = self.url.get_backend_name() == "sqlite"
        if sqlite:
            _configure_sqlite(self.engine)
        elif self.url.get_backend_name() == "postgresql":
            _configure_postgresql(self.engine)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        reading: dict[str, Any] = {READING: True}
        if self.url.get_backend_name() == "postgresql":
            reading["isolation_level"] = "REPEATABLE READ"  # one snapshot, as in SQLite
        #: The engine for reading alone (no write lock on SQLite, one snapshot everywhere).
        self.reader = self.engine.execution_options(**reading)
        self.reading_sessions = async_sessionmaker(self.reader, expire_on_commit=False)
        #: Units of work at once: what the pool can serve, so none waits there (and fails).
        self.turns = Slots(pool_size + pool_overflow, "unit of work")
        #: SQLite's one writer, in this process: writers queue here instead of polling the
        #: file's lock. (Other processes still poll it, up to the URL's ``timeout``.)
        self.writer = Slots(1, "unit of work that writes") if sqlite else None
        #: Called before a unit of work begins (the bot commits there a change still waiting
        #: for its answer: see ``bot.answers.Answer``), so that a task never holds two.
        self.before_unit_of_work: Callable[[], Awaitable[None]] | None = None

    async def _turn(self, *, writing: bool, first: bool = False) -> Callable[[], None]:
        """Wait for this process's turn at the database (``first``: ahead of the turns
        asked without it); returns what ends it."""
        if self.before_unit_of_work is not None:
            await self.before_unit_of_work()
        # The writer's turn first: writers waiting for it hold no connection meanwhile.
        writer = self.writer if writing else None
        wrote = await writer.take(first=first) if writer is not None else None
        try:
            used = await self.turns.take(first=first)
        except BaseException:
            if wrote is not None:
                wrote()
            raise

        def done() -> None:
            used()
            if wrote is not None:
                wrote()

        return done

    @asynccontextmanager
    async def transaction(self, *, first: bool = False) -> AsyncIterator[AsyncSession]:
        """One unit of work: committed when the block ends, rolled back if it raises.
        ``first``: its turn comes before those of the units of work asked without it."""
        done = await self._turn(writing=True, first=first)
        try:
            async with self.sessions() as session, session.begin():
                yield session
        finally:
            done()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A unit of work that only reads: one consistent snapshot that never holds up the
        chats that are writing, however long it takes (an export of years of games)."""
        done = await self._turn(writing=False)
        try:
            async with self.reading_sessions() as session, session.begin():
                yield session
        finally:
            done()

    @asynccontextmanager
    async def connection(self, *, writing: bool) -> AsyncIterator[AsyncConnection]:
        """A Core connection for a statement or two, in a transaction committed when the
        block ends (``writing``) or on a reading connection."""
        done = await self._turn(writing=writing)
        try:
            if writing:
                async with self.engine.begin() as connection:
                    yield connection
            else:
                async with self.reader.connect() as connection:
                    yield connection
        finally:
            done()

    async def begin_change(self) -> AsyncSession:
        """A unit of work left open past a block: ended by ``end_change`` (a change that
        commits with its answer, ``bot.answers``)."""
        done = await self._turn(writing=True)
        session = self.sessions()
        session.info[_DONE] = done
        try:
            await session.begin()
        except BaseException:
            await self.end_change(session, commit=False)
            raise
        return session

    async def end_change(self, session: AsyncSession, *, commit: bool) -> None:
        """Commit (or roll back) a unit of work from ``begin_change``, and end its turn."""
        try:
            async with session:
                if commit:
                    await session.commit()
                else:
                    await session.rollback()
        finally:
            session.info.pop(_DONE, _nothing)()

    async def reach(self) -> None:
        """Connect, and let go: raises what keeps the database from being reached (down, not
        answering, a wrong password, no such database…)."""
        async with self.engine.connect():
            pass

    async def close(self, *, wait: float = 0.0) -> None:
        """Close every connection, once the units of work still under way ended (``wait``
        seconds at most): a write shielded from its caller's cancellation (the inbox's
        keeping an update) ends, rather than being cancelled mid-way as the process ends,
        its connection closed under it."""
        if wait:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.turns.all_given_back(), wait)
        await self.engine.dispose()


def _nothing() -> None:
    """What ends a turn already ended."""


class _Direct(NamedTuple):
    """A Core statement compiled for SQLite, as ``run`` sends it straight to aiosqlite."""

    sql: str
    compiled: Any
    #: The bound parameters' names in the order of the SQL's ``?``, and each one's
    #: conversion (a datetime to text…), as SQLAlchemy converts them.
    names: tuple[str, ...]
    binds: tuple[Callable[[Any], Any] | None, ...]
    #: The rows' type (their columns by name and position) and each column's conversion.
    row: Callable[..., Any] | None
    results: tuple[Callable[[Any], Any] | None, ...]


#: The statements ``run`` sends straight to aiosqlite, compiled once: by statement (built
#: once, at import) and the names of its parameters. ``None``: one it cannot (a Python-side
#: default to compute, a list expanded), which goes through SQLAlchemy.
_DIRECT: dict[tuple[Any, tuple[str, ...]], _Direct | None] = {}


def _direct(statement: Any, dialect: Any, keys: tuple[str, ...]) -> _Direct | None:
    compiled = statement.compile(dialect=dialect, column_keys=list(keys))
    names = compiled.positiontup
    if (
        names is None
        or compiled.insert_prefetch
        or compiled.update_prefetch
        or any(bind.expanding or bind.literal_execute for bind in compiled.binds.values())
    ):
        return None
    binds = tuple(
        compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect) for name in names
    )
    columns = list(getattr(statement, "exported_columns", ()))
    row = namedtuple("Row", [c.key or "_" for c in columns], rename=True) if columns else None
    results = tuple(c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns)
    return _Direct(compiled.string, compiled, tuple(names), binds, row, results)


def _values(direct: _Direct, params: Mapping[str, Any]) -> tuple[Any, ...]:
    named = direct.compiled.construct_params(params)
    return tuple(
        value if bind is None or value is None else bind(value)
        for bind, value in zip(direct.binds, (named[name] for name in direct.names), strict=True)
    )


async def run(
    connection: AsyncConnection,
    statement: Any,
    params: Mapping[str, Any] | Sequence[Mapping[str, Any]],
) -> list[Any]:
    """Run a Core statement built once (at import) in the connection's transaction; returns
    its rows (none for a list of parameters: an executemany).

    On SQLite, one trip to aiosqlite's thread (``execute_fetchall``, ``executemany``) on the
    same driver connection, where SQLAlchemy's adapter takes three or four (a cursor made,
    used, read, closed). The SQL is SQLAlchemy's, compiled once; parameters and columns are
    converted as SQLAlchemy converts them; a failure is raised as SQLAlchemy raises it (the
    database is locked: ``OperationalError``). Elsewhere, or for a statement that needs more
    of SQLAlchemy (Python-side defaults), SQLAlchemy runs it as usual.

    The statement goes by SQLAlchemy's events (``before_cursor_execute``) and by the ORM's
    identity map: for Core statements on plain rows only."""
    every: Sequence[Mapping[str, Any]] = [params] if isinstance(params, Mapping) else params
    many = not isinstance(params, Mapping)
    if not every:
        return []
    first = every[0]
    direct = None
    if connection.dialect.name == "sqlite":
        key = (statement, tuple(first))
        if key not in _DIRECT:
            _DIRECT[key] = _direct(statement, connection.dialect, key[1])
        direct = _DIRECT[key]
    if direct is None:
        result = await connection.execute(statement, params)
        return list(result.all()) if result.returns_rows and not many else []
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None
    values: Any = None
    try:
        if many:
            values = [_values(direct, p) for p in every]
            await driver.executemany(direct.sql, values)
            return []
        values = _values(direct, first)
        rows = await driver.execute_fetchall(direct.sql, values)
    except sqlite3.Error as error:  # as SQLAlchemy raises it (the database is locked…)
        raise DBAPIError.instance(direct.sql, values, error, sqlite3.Error) from error
    if direct.row is None:
        return []
    results = direct.results
    return [
        direct.row(*(v if f is None else f(v) for f, v in zip(results, row, strict=True)))
        for row in rows
    ]
