"""The declarative base every table derives from, with its naming convention."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import MetaData, Table
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

# Named constraints keep Alembic migrations deterministic on every backend.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def insert_ignoring(session: AsyncSession, table: Table) -> Any:
    """``INSERT … ON CONFLICT DO NOTHING`` in the session's dialect: the row goes in unless
    one with the same key is there (the result's ``rowcount`` tells which)."""
    # Each dialect's module is imported when first used: a bot on SQLite never loads
    # PostgreSQL's (a twentieth of a second at start-up), and the other way round.
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql

        return postgresql.insert(table).on_conflict_do_nothing()
    from sqlalchemy.dialects import sqlite

    return sqlite.insert(table).on_conflict_do_nothing()
