"""The database every storage and bot test runs on: SQLite, and PostgreSQL when
``TAMALO_TEST_POSTGRES_URL`` names a server (``postgresql+asyncpg://user@host:port/db``).

Each test gets a database of its own, already migrated to the newest revision: a copy of a
template migrated once per test session (tests/databases.py). ``empty_database_url`` is a new
database with no schema at all, for the tests of the migrations themselves
(tests/storage/test_migrations.py runs the whole chain down and up on each backend). Each
PostgreSQL database is made for its test or session under a name of its own and dropped after
it; nothing else on the server is touched.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy.engine import make_url

from storage import Database
from tests.databases import PostgresServer, SqliteTemplate

POSTGRES_URL = os.environ.get("TAMALO_TEST_POSTGRES_URL", "").strip()
NO_POSTGRES = "TAMALO_TEST_POSTGRES_URL is not set: the PostgreSQL runs are skipped"
#: Without a server the PostgreSQL runs are not made at all, and the run says so once.
BACKENDS = ["sqlite", "postgresql"] if POSTGRES_URL else ["sqlite"]

# Hypothesis: ``ci``, the default, tries half of Hypothesis's 100 examples a test and sets no
# deadline (one fails a test on a busy machine, not on a slow rule); ``thorough``
# (``make test-thorough``: ``--hypothesis-profile=thorough``) tries ten times as many.
settings.register_profile("ci", max_examples=50, deadline=None)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci")


def examples(usual: int) -> int:
    """How many examples a test that sets its own number tries: ``usual`` at Hypothesis's
    default of 100 a test, scaled as the profile scales that (read when the test's module is
    imported, after ``--hypothesis-profile`` is applied)."""
    return max(1, usual * settings().max_examples // 100)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not POSTGRES_URL:
        terminalreporter.write_line(f"SKIPPED (every test's PostgreSQL run): {NO_POSTGRES}")


class Templates:
    """The session's templates, each made the first time a test asks for a copy."""

    def __init__(self, directory: Path) -> None:
        self.sqlite = SqliteTemplate(directory)
        self._postgres: PostgresServer | None = None

    @property
    def postgres(self) -> PostgresServer:
        if self._postgres is None:
            self._postgres = PostgresServer(POSTGRES_URL)
        return self._postgres

    def close(self) -> None:
        if self._postgres is not None:
            self._postgres.close()


@pytest.fixture(scope="session")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Templates]:
    made = Templates(tmp_path_factory.mktemp("templates"))
    yield made
    made.close()


@pytest.fixture(params=BACKENDS)
async def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, templates: Templates
) -> AsyncIterator[str]:
    """A database of the test's own, migrated to the newest revision."""
    if request.param == "sqlite":
        path = tmp_path / "tamalo.db"
        await templates.sqlite.copy_to(path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    url = await templates.postgres.take()
    yield url
    templates.postgres.give_back(url)


@pytest.fixture(params=BACKENDS)
async def empty_database_url(
    request: pytest.FixtureRequest, tmp_path: Path, templates: Templates
) -> AsyncIterator[str]:
    """A new database of the test's own, with no schema: for the migrations' own tests."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"
        return
    url = await templates.postgres.take_empty()
    yield url
    templates.postgres.give_back(url)


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    """The test's database (migrated); its connections closed after the test (a test that
    leaves one open would have its driver thread answer a loop already closed)."""
    database = Database(database_url)
    yield database
    await database.close()


@pytest.fixture
async def empty_db(empty_database_url: str) -> AsyncIterator[Database]:
    """The test's database, with no schema yet."""
    database = Database(empty_database_url)
    yield database
    await database.close()
