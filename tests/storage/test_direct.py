"""``storage.db.run``: a hand's statements straight to aiosqlite on SQLite (one trip each),
through SQLAlchemy elsewhere; the same rows either way, in the unit of work's transaction,
and failures raised as SQLAlchemy raises them."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from play.tamalo import records
from scoring import tamalo
from storage import Database, upgrade_schema
from storage.claims import MessageAlreadyHandled
from storage.db import _DIRECT, run
from storage.journal import _KEEP_ANSWER, answer_of
from storage.stored import ADD_HAND as _ADD_HAND
from storage.stored import RUNNING_GAMES as _RUNNING_GAMES
from storage.unit import UnitOfWork


async def test_run_reads_what_sqlalchemy_reads(db: Database) -> None:
    try:
        await upgrade_schema(db)
        async with db.transaction() as session:
            await records.start(UnitOfWork(session), 7, ["Anna", "Bruno"], tamalo.Rules())
        async with db.transaction() as session:
            connection = await session.connection()
            direct = await run(connection, _RUNNING_GAMES, {"chat_id": 7})
            usual = (await connection.execute(_RUNNING_GAMES, {"chat_id": 7})).all()
        assert [tuple(row) for row in direct] == [tuple(row) for row in usual]
        if db.url.get_backend_name() == "sqlite":  # straight to aiosqlite, not SQLAlchemy's way
            assert _DIRECT[_RUNNING_GAMES, ("chat_id",)] is not None
        (game,) = direct
        assert isinstance(game.started_at, datetime)  # converted as SQLAlchemy converts it
        assert (game.kind, game.variant) == ("tamalo", "classica")
        assert json.loads(game.options)["tie_beats_caller"] is False
        assert game.snapshot.startswith('{"v":1')
    finally:
        await db.close()


async def test_runs_in_the_unit_of_works_transaction(db: Database) -> None:
    async def answer_then_fail() -> None:
        async with db.transaction() as session:
            await UnitOfWork(session).claim(7, 1)
            connection = await session.connection()
            await run(connection, _KEEP_ANSWER, {"chat": 7, "message": 1, "kept": '["a"]'})
            assert await answer_of(session, 7, 1) == ["a"]  # seen by the same transaction
            raise RuntimeError

    async def claim_again() -> None:
        async with db.transaction() as session:
            await UnitOfWork(session).claim(7, 1)

    try:
        await upgrade_schema(db)
        with pytest.raises(RuntimeError):
            await answer_then_fail()
        async with db.transaction() as session:
            assert await answer_of(session, 7, 1) == []  # rolled back with it
        await claim_again()
        with pytest.raises(MessageAlreadyHandled):
            await claim_again()
    finally:
        await db.close()


async def test_a_failure_is_sqlalchemys(db: Database) -> None:
    async def hand_of_no_game() -> None:
        async with db.transaction() as session:
            connection = await session.connection()
            hand = {
                "game_id": 404,
                "number": 1,
                "message_id": 1,
                "user_id": None,
                "dealer_id": 1,
                "recorded_at": datetime(2026, 1, 1),
            }
            await run(connection, _ADD_HAND, hand)

    try:
        await upgrade_schema(db)
        with pytest.raises(IntegrityError):  # no such game: a foreign key
            await hand_of_no_game()
    finally:
        await db.close()


async def test_a_locked_database_is_sqlalchemys_operational_error(tmp_path: Path) -> None:
    file = tmp_path / "tamalo.db"
    db = Database(f"sqlite+aiosqlite:///{file}?timeout=0.1")
    holder = sqlite3.connect(file, isolation_level=None)
    try:
        await upgrade_schema(db)
        async with db.transaction() as session:
            await UnitOfWork(session).claim(7, 1)
        async with db.reading() as session:  # no write lock taken up front
            connection = await session.connection()
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(OperationalError, match="locked"):
                await run(connection, _KEEP_ANSWER, {"chat": 7, "message": 1, "kept": "[]"})
            holder.execute("ROLLBACK")
    finally:
        holder.close()
        await db.close()
