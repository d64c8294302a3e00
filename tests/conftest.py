"""The database every storage and bot test runs on: SQLite, and PostgreSQL when
``TAMALO_TEST_POSTGRES_URL`` names a server (``postgresql+asyncpg://user@host:port/db``).

Each test gets a database of its own, already migrated to the newest revision: a copy of a
template migrated once per test session (SQLite: the file copied; PostgreSQL: ``CREATE
DATABASE … TEMPLATE``). ``empty_database_url`` is a new database with no schema at all, for
the tests of the migrations themselves (tests/storage/test_migrations.py runs the whole chain
up and down on each backend). Each PostgreSQL database, the template too, is created for its
session or test under a name of its own and dropped after it: several sessions (other
developers', pytest-xdist's workers) may share the server; nothing else on it is touched.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine

from storage import Database, upgrade_schema

POSTGRES_URL = os.environ.get("TAMALO_TEST_POSTGRES_URL", "").strip()
NO_POSTGRES = "TAMALO_TEST_POSTGRES_URL is not set: the PostgreSQL runs are skipped"
#: Without a server the PostgreSQL runs are not made at all, and the run says so once.
BACKENDS = ["sqlite", "postgresql"] if POSTGRES_URL else ["sqlite"]
#: PostgreSQL refuses to copy a template while anything is connected to it (SQLSTATE
#: "object in use"): nothing of ours is once it is migrated, but the server's own workers
#: may look in for a moment. Tries, a tenth of a second apart.
TEMPLATE_TRIES = 50

def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not POSTGRES_URL:
        terminalreporter.write_line(f"SKIPPED (every test's PostgreSQL run): {NO_POSTGRES}")


async def _admin(statement: str) -> None:
    """``statement`` run on the PostgreSQL server, outside any transaction."""
    admin = create_async_engine(make_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await admin.dispose()


def _postgres(name: str) -> str:
    url: URL = make_url(POSTGRES_URL).set(database=name)
    return url.render_as_string(hide_password=False)


class Templates:
    """The databases migrated once per session, made the first time a test asks for one."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.sqlite: Path | None = None
        #: The PostgreSQL template's name: unique to this session (or xdist worker).
        self.postgres: str | None = None

    async def sqlite_copy(self, target: Path) -> None:
        if self.sqlite is None:
            template = self.directory / "template.db"
            db = Database(f"sqlite+aiosqlite:///{template}")
            await upgrade_schema(db)
            await db.close()  # the last connection closed: the WAL is folded into the file
            self.sqlite = template
        for suffix in ("", "-wal"):  # no -wal is left, unless SQLite changes its mind
            if (source := self.sqlite.with_name(self.sqlite.name + suffix)).exists():
                shutil.copyfile(source, target.with_name(target.name + suffix))

    async def postgres_copy(self, name: str) -> None:
        if self.postgres is None:
            template = f"tamalo_template_{uuid.uuid4().hex[:16]}"
            await _admin(f'CREATE DATABASE "{template}"')
            self.postgres = template  # dropped at the end of the session, even half-made
            db = Database(_postgres(template))
            await upgrade_schema(db)
            await db.close()
            # Nobody connects to it any more (autovacuum neither), so it can be copied.
            await _admin(f'ALTER DATABASE "{template}" ALLOW_CONNECTIONS false')
        for _ in range(TEMPLATE_TRIES - 1):
            try:
                await _admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.postgres}"')
            except DBAPIError as error:
                if getattr(error.orig, "sqlstate", None) != "55006":  # object in use
                    raise
                await asyncio.sleep(0.1)
            else:
                return
        await _admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.postgres}"')

    def drop(self) -> None:
        if self.postgres is not None:
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{self.postgres}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Templates]:
    made = Templates(tmp_path_factory.mktemp("templates"))
    yield made
    made.drop()


@pytest.fixture(params=BACKENDS)
async def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, templates: Templates
) -> AsyncIterator[str]:
    """A database of the test's own, migrated to the newest revision."""
    if request.param == "sqlite":
        path = tmp_path / "tamalo.db"
        await templates.sqlite_copy(path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    name = f"tamalo_test_{uuid.uuid4().hex[:16]}"
    await templates.postgres_copy(name)
    yield _postgres(name)
    await _admin(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(params=BACKENDS)
async def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A new database of the test's own, with no schema: for the migrations' own tests."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"
        return
    name = f"tamalo_test_{uuid.uuid4().hex[:16]}"
    await _admin(f'CREATE DATABASE "{name}"')
    yield _postgres(name)
    await _admin(f'DROP DATABASE "{name}" WITH (FORCE)')


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


@pytest.fixture
def db(database_url: str) -> Database:
    """The test's database (migrated)."""
    return Database(database_url)


@pytest.fixture
def empty_db(empty_database_url: str) -> Database:
    """The test's database, with no schema yet."""
    return Database(empty_database_url)
