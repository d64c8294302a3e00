"""The bench's references really do the work they stand for: the durable floor and the
stack's smallest unit each leave a whole hand on the file (rows read back by a connection of
their own), so a reference cannot go on measuring nothing."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import text

from bench import floor
from storage import Database, GameStore

PLAYERS = {-10: ["Anna", "Bruno", "Carla", "Dario"], -20: ["Elena", "Franco", "Giulia"]}
HANDS = [
    floor.parse_mano(-10, 5, "/mano Anna 3 Bruno 5 Carla 7 Dario 2 t=Dario"),
    floor.parse_mano(-20, 6, "/mano Elena 0 Franco 9 Giulia 4"),
    floor.parse_mano(-10, 7, "/mano Anna 4 Bruno 0 Carla 1 Dario 12"),
]


def test_a_typed_hand_is_parsed() -> None:
    assert HANDS[0] == floor.Hand(-10, 5, {"Anna": 3, "Bruno": 5, "Carla": 7, "Dario": 2}, "Dario")
    assert HANDS[1].caller is None


def rows(path: Path, query: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(query).fetchall()


def check_written(path: Path) -> None:
    """Every hand, its lines and its answer are on the file, in order, and consistent."""
    assert floor.stored(path) == {"hands": 3, "lines": 11, "replies": 3}
    hands = rows(
        path,
        "SELECT games.chat_id, hands.number, hands.message_id, count(hand_results.player_id) "
        "FROM hands JOIN games ON games.id = hands.game_id "
        "JOIN hand_results ON hand_results.hand_id = hands.id "
        "GROUP BY hands.id ORDER BY hands.id",
    )
    assert hands == [(-10, 1, 5, 4), (-20, 1, 6, 3), (-10, 2, 7, 4)]
    lines = rows(
        path,
        "SELECT players.name, value, flags & 1 FROM hand_results "
        "JOIN players ON players.id = hand_results.player_id "
        "WHERE hand_id = (SELECT min(id) FROM hands) ORDER BY position",
    )
    assert lines == [("Anna", 3, 0), ("Bruno", 5, 0), ("Carla", 7, 0), ("Dario", 2, 1)]
    claims = rows(path, "SELECT chat_id, message_id FROM handled_messages ORDER BY message_id")
    assert claims == [(-10, 5), (-20, 6), (-10, 7)]
    assert rows(path, "PRAGMA foreign_key_check") == []
    assert rows(path, "PRAGMA journal_mode") == [("wal",)]


async def check_snapshots(path: Path) -> None:
    """Each game's snapshot is the one the bot writes: the very text the store writes anew
    from the game's rows."""
    written = rows(path, "SELECT id, snapshot FROM games ORDER BY id")
    database = Database(f"sqlite+aiosqlite:///{path}")
    try:
        async with database.transaction() as session:
            await session.execute(text("UPDATE games SET snapshot = NULL"))
            for chat_id in PLAYERS:  # read from the rows, and written anew
                assert len(await GameStore(session).running_games(chat_id)) == 1
    finally:
        await database.close()
    assert rows(path, "SELECT id, snapshot FROM games ORDER BY id") == written


async def test_the_floor_writes_each_hand(tmp_path: Path) -> None:
    path = tmp_path / "floor.db"
    tables = await floor.prepare(path, PLAYERS)
    raw = floor.Floor(path, tables)
    try:
        assert raw.synchronous() == 2  # FULL: every commit waits for the disk
        for hand in HANDS:
            raw.record(hand)
    finally:
        raw.close()
    assert raw.hands == 3
    assert raw.seconds > 0
    check_written(path)
    await check_snapshots(path)


async def test_the_stack_unit_writes_each_hand(tmp_path: Path) -> None:
    path = tmp_path / "unit.db"
    tables = await floor.prepare(path, PLAYERS)
    unit = floor.StackUnit(path, tables)
    try:
        assert await unit.synchronous() == 2
        for hand in HANDS:
            await unit.record(hand)
    finally:
        await unit.close()
    assert unit.hands == 3
    assert unit.seconds > 0
    check_written(path)
    await check_snapshots(path)


async def test_a_message_is_claimed_once(tmp_path: Path) -> None:
    """The claim is real: the same message again is refused and writes nothing."""
    path = tmp_path / "floor.db"
    raw = floor.Floor(path, await floor.prepare(path, PLAYERS))
    try:
        raw.record(HANDS[0])
        with pytest.raises(AssertionError, match="already handled"):
            raw.record(HANDS[0])
    finally:
        raw.close()
    assert floor.stored(path) == {"hands": 1, "lines": 4, "replies": 1}
