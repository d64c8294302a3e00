"""The database every storage and bot test runs on: SQLite, and PostgreSQL when
``TAMALO_TEST_POSTGRES_URL`` names a server (``postgresql+asyncpg://user@host:port/db``).

Each PostgreSQL test gets a database of its own, created for it and dropped after it; nothing
else on the server is touched.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from storage import Database

POSTGRES_URL = os.environ.get("TAMALO_TEST_POSTGRES_URL", "").strip()
NO_POSTGRES = "TAMALO_TEST_POSTGRES_URL is not set: the PostgreSQL runs are skipped"
#: Without a server the PostgreSQL runs are not made at all, and the run says so once.
BACKENDS = ["sqlite", "postgresql"] if POSTGRES_URL else ["sqlite"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not POSTGRES_URL:
        terminalreporter.write_line(f"SKIPPED (every test's PostgreSQL run): {NO_POSTGRES}")


@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'tamalo.db'}"
        return
    server = make_url(POSTGRES_URL)
    name = f"tamalo_test_{uuid.uuid4().hex[:16]}"
    admin = create_async_engine(server, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        async with admin.connect() as connection:
            await connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


@pytest.fixture
def db(database_url: str) -> Database:
    return Database(database_url)
