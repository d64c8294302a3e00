"""The tests' databases: each a copy of a template migrated once per test session.

SQLite: the template's file copied. PostgreSQL: ``CREATE DATABASE … TEMPLATE``, made and
dropped by a thread of the session's own, so that a test does not wait for the server's disk:
the next test's database is made while a test runs, and a test's database dropped after it
while the next one runs. Every PostgreSQL database (the template too) has a name of its own:
several sessions (other developers', pytest-xdist's workers) may share the server.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
import uuid
from collections.abc import Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from storage import Database, upgrade_schema

#: PostgreSQL refuses to copy a template while anything is connected to it (SQLSTATE 55006,
#: "object in use"): nothing of ours is once it is migrated, but the server's own workers
#: may look in for a moment. Tries, a tenth of a second apart.
TEMPLATE_TRIES = 50
OBJECT_IN_USE = "55006"


class SqliteTemplate:
    """A file migrated the first time a test asks for a copy of it."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / "template.db"
        self.made = False

    async def copy_to(self, target: Path) -> None:
        if not self.made:
            db = Database(f"sqlite+aiosqlite:///{self.path}")
            await upgrade_schema(db)
            await db.close()  # the last connection closed: the WAL is folded into the file
            self.made = True
        for suffix in ("", "-wal"):  # no -wal is left behind, unless SQLite keeps one
            source = self.path.with_name(self.path.name + suffix)
            if source.exists():
                shutil.copyfile(source, target.with_name(target.name + suffix))


class PostgresServer:
    """The session's databases on the server at ``url``, made and dropped by a thread of
    their own with an event loop of its own (each test runs in a loop of its own)."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._engine: AsyncEngine | None = None
        self._template: str | None = None
        self._template_made: asyncio.Lock | None = None
        self._next: Future[str] | None = None
        self._pending: list[Future[Any]] = []

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    async def take(self) -> str:
        """A new database copied from the template, its URL: the one made while the test
        before ran, and the next one set going."""
        ready = self._next or self._run(self._copy())
        self._next = self._run(self._copy())
        return self.url_of(await asyncio.wrap_future(ready))

    async def take_empty(self) -> str:
        """A new database with no schema at all, its URL."""
        name = new_name()
        await asyncio.wrap_future(self._run(self._execute(f'CREATE DATABASE "{name}"')))
        return self.url_of(name)

    def give_back(self, url: str) -> None:
        """Drop the test's database, without waiting (its connections are cut)."""
        name = make_url(url).database
        self._pending.append(self._run(self._execute(f'DROP DATABASE "{name}" WITH (FORCE)')))

    def close(self) -> None:
        """Drop what is left (the database made ahead, the template), and stop the thread."""
        if self._next is not None:
            self.give_back(self.url_of(self._next.result()))
        for pending in self._pending:
            pending.result()
        if self._template is not None:
            drop = f'DROP DATABASE IF EXISTS "{self._template}" WITH (FORCE)'
            self._run(self._execute(drop)).result()
        if self._engine is not None:
            self._run(self._engine.dispose()).result()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def _run(self, work: Coroutine[Any, Any, Any]) -> Future[Any]:
        return asyncio.run_coroutine_threadsafe(work, self._loop)

    async def _execute(self, statement: str) -> None:
        if self._engine is None:
            self._engine = create_async_engine(self.url, isolation_level="AUTOCOMMIT")
        async with self._engine.connect() as connection:
            await connection.execute(text(statement))

    async def _copy(self) -> str:
        name = new_name()
        template = await self._made_template()
        for attempt in range(1, TEMPLATE_TRIES + 1):
            try:
                await self._execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
            except DBAPIError as error:
                in_use = getattr(error.orig, "sqlstate", None) == OBJECT_IN_USE
                if not in_use or attempt == TEMPLATE_TRIES:
                    raise
                await asyncio.sleep(0.1)
            else:
                break
        return name

    async def _made_template(self) -> str:
        if self._template_made is None:
            self._template_made = asyncio.Lock()
        async with self._template_made:
            if self._template is None:
                template = f"tamalo_template_{uuid.uuid4().hex[:16]}"
                await self._execute(f'CREATE DATABASE "{template}"')
                self._template = template  # dropped at the end of the session, even half-made
                db = Database(self.url_of(template))
                await upgrade_schema(db)
                await db.close()
                # Nobody connects to it any more (autovacuum neither): it can be copied.
                await self._execute(f'ALTER DATABASE "{template}" ALLOW_CONNECTIONS false')
            return self._template


def new_name() -> str:
    return f"tamalo_test_{uuid.uuid4().hex[:16]}"
