"""Alembic environment: reuses the app's connection at start-up, or opens its own for the CLI."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from storage.db import DEFAULT_URL
from storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_from_cli() -> None:
    # For writing migrations against a scratch database: alembic -x url=sqlite+aiosqlite:///x.db
    engine = create_async_engine(context.get_x_argument(as_dictionary=True).get("url", DEFAULT_URL))
    async with engine.connect() as connection:
        await connection.run_sync(run_migrations)
        await connection.commit()
    await engine.dispose()


connection = config.attributes.get("connection")
if connection is not None:
    run_migrations(connection)
else:
    asyncio.run(run_from_cli())
