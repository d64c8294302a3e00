"""The durable floor of a hand, and the smallest unit of work through the project's stack.

What ``/mano`` must do at the least, whatever the code around it: in one transaction that
takes the write lock (``BEGIN IMMEDIATE``, as the bot's units of work do) —

1. claim the chat's message (``handled_messages``: a redelivered update changes nothing);
2. read the chat's running game and the chat's language, in one statement;
3. insert the hand (``hands``, ``RETURNING id``);
4. insert its per-player lines (``hand_results``, one executemany);
5. update the game's snapshot (``games.snapshot``: its seats and hands as one JSON text, kept
   in the same transaction as its hands, so that the next hand reads the game in one
   statement), with the hand appended, as ``storage.games`` writes it;
6. keep the answer on the claimed message (``handled_messages.reply``: the bot keeps what it
   answers before sending it, so a message delivered again gets the same answer);

then a durable commit (WAL, ``synchronous=FULL``: the commit waits for the disk).

``Floor`` runs these statements with the standard library's ``sqlite3``: the durable floor.
``StackUnit`` runs the very same SQL through the project's ``storage.Database`` (SQLAlchemy's
async engine over aiosqlite, one ``Database.transaction()`` per hand): the smallest unit of
work through the stack, so the distance that is the stack's own shows beside ``/mano``.

Both write on SQLite files whose schema comes from the project's own Alembic migrations
(``upgrade_schema``, as the bot's start-up runs them), so they write the same tables with
the same indexes, foreign keys and constraints as ``/mano``.
"""

from __future__ import annotations

import copy
import json
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import text

from play.tamalo.rebuild import options_of
from scoring import tamalo
from storage import Database, upgrade_schema
from storage.tamalo import flags_of

#: The statements of one hand, in order; named parameters, so that ``sqlite3`` and
#: SQLAlchemy's ``text()`` take the same SQL.
CLAIM = (
    "INSERT INTO handled_messages (chat_id, message_id, handled_at) "
    "VALUES (:chat_id, :message_id, :now) ON CONFLICT DO NOTHING"
)
READ_GAME = (
    "SELECT games.id, games.chat_id, games.kind, games.options, games.variant, "
    "games.first_dealer, games.state, games.started_at, games.ended_at, games.tournament_id, "
    "games.stage, games.started_by, games.snapshot, chats.language "
    "FROM games JOIN chats ON chats.id = games.chat_id "
    "WHERE games.chat_id = :chat_id AND games.state = 'running' ORDER BY games.id"
)
ADD_HAND = (
    "INSERT INTO hands (game_id, number, message_id, dealer_id, recorded_at) "
    "VALUES (:game_id, :number, :message_id, :dealer_id, :now) RETURNING id"
)
ADD_LINES = (
    "INSERT INTO hand_results (hand_id, player_id, position, value, flags, points) "
    "VALUES (:hand_id, :player_id, :position, :value, :flags, :points)"
)
UPDATE_GAME = "UPDATE games SET snapshot = :snapshot WHERE id = :game_id"
KEEP_REPLY = (
    "UPDATE handled_messages SET reply = :reply "
    "WHERE chat_id = :chat_id AND message_id = :message_id"
)
STATEMENTS = (CLAIM, READ_GAME, ADD_HAND, ADD_LINES, UPDATE_GAME, KEEP_REPLY)


@dataclass(frozen=True)
class Hand:
    """A /mano as typed: the chat, its message, each player's total and who called."""

    chat_id: int
    message_id: int
    totals: Mapping[str, int]
    caller: str | None = None


def parse_mano(chat_id: int, message_id: int, typed: str) -> Hand:
    """``/mano Anna 3 Bruno 5 … t=Anna`` (the bench's own night, always this shape)."""
    words = typed.split()[1:]
    caller = next((w[2:] for w in words if w.startswith("t=")), None)
    pairs = [w for w in words if not w.startswith("t=")]
    totals = {pairs[i]: int(pairs[i + 1]) for i in range(0, len(pairs), 2)}
    return Hand(chat_id, message_id, totals, caller)


@dataclass
class Table:
    """A chat's running game as the floor knows it (what its snapshot hands over)."""

    game_id: int
    player_ids: dict[str, int]
    hands: int = 0
    #: The snapshot's seats and hands so far (``storage.games.snapshot_text``'s format).
    seats: list[list[object]] = field(default_factory=list)
    lines: list[list[int]] = field(default_factory=list)


def _now() -> str:
    """A timestamp as SQLAlchemy stores one in SQLite."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


@dataclass(frozen=True)
class Statements:
    """One hand's parameters, statement by statement."""

    claim: dict[str, object]
    read: dict[str, object]
    hand: dict[str, object]
    lines: list[dict[str, object]]
    game: dict[str, object]
    reply: dict[str, object]


def _snapshot(table: Table, hand: Hand, hand_id: int) -> tuple[str, list[int]]:
    """The game's snapshot with the hand appended, as ``storage.games`` writes it, and the
    hand's part of it."""
    flat: list[int] = []
    for name, total in hand.totals.items():
        flags = (1 if name == hand.caller else 0) | (4 if total == 0 else 0)
        flat += (table.player_ids[name], total, flags)
    snapshot = {"v": 1, "seats": table.seats, "hands": [*table.lines, flat], "last": hand_id}
    return json.dumps(snapshot, ensure_ascii=False, separators=(",", ":")), flat


def _statements(table: Table, hand: Hand, now: str) -> Statements:
    """What one hand writes, as the bot writes it (points: the totals, the floor does not
    score; the reply: a standings-sized text; the snapshot: once the hand has its id)."""
    number = table.hands + 1
    players = list(table.player_ids)
    dealer = players[(number - 1) % len(players)]
    message = {"chat_id": hand.chat_id, "message_id": hand.message_id}
    game_id = table.game_id
    lines: list[dict[str, object]] = [
        {
            "hand_id": None,  # filled in once the hand has its id
            "player_id": table.player_ids[name],
            "position": position,
            "value": total,
            "flags": flags_of(
                name == hand.caller,
                False,
                total == 0,
                (total == 0) if name == hand.caller else None,
            ),
            "points": total,
        }
        for position, (name, total) in enumerate(hand.totals.items())
    ]
    reply = json.dumps(
        [
            f"Mano {number}:\n"
            + "\n".join(f"{name} {total}" for name, total in hand.totals.items())
            + "\n\nClassifica:\n"
            + "\n".join(f"{i}. {name} {number * 5}" for i, name in enumerate(hand.totals, 1))
            + f"\n\nProssimo mazziere: {players[number % len(players)]}."
        ],
        ensure_ascii=False,
    )
    return Statements(
        claim={**message, "now": now},
        read={"chat_id": hand.chat_id},
        hand={
            "game_id": game_id,
            "number": number,
            "message_id": hand.message_id,
            "dealer_id": table.player_ids[dealer],
            "now": now,
        },
        lines=lines,
        game={"snapshot": None, "game_id": game_id},  # written once the hand has its id
        reply={**message, "reply": reply},
    )


async def prepare(path: Path, players: Mapping[int, Sequence[str]]) -> dict[int, Table]:
    """A new SQLite file with the project's schema (its Alembic migrations, run by
    ``upgrade_schema`` as at the bot's start-up) and a running game in each chat."""
    database = Database(f"sqlite+aiosqlite:///{path}")
    try:
        await upgrade_schema(database)
    finally:
        await database.close()
    connection = _connect(path)
    try:
        connection.execute("BEGIN IMMEDIATE")
        tables = {chat: _seat(connection, chat, names) for chat, names in players.items()}
        connection.execute("COMMIT")
    finally:
        connection.close()
    return tables


def _seat(connection: sqlite3.Connection, chat_id: int, names: Sequence[str]) -> Table:
    now = _now()
    connection.execute("INSERT INTO chats (id, created_at) VALUES (?, ?)", (chat_id, now))
    game_id = connection.execute(
        "INSERT INTO games (chat_id, kind, variant, options, state, started_at)"
        " VALUES (?, 'tamalo', ?, ?, 'running', ?) RETURNING id",
        (chat_id, tamalo.Mode.CLASSIC.value, json.dumps(options_of(tamalo.Rules())), now),
    ).fetchone()[0]
    player_ids: dict[str, int] = {}
    seats: list[list[object]] = []
    for position, name in enumerate(names):
        player_ids[name] = connection.execute(
            "INSERT INTO players (chat_id, name, name_key) VALUES (?, ?, ?) RETURNING id",
            (chat_id, name, name.casefold()),
        ).fetchone()[0]
        connection.execute(
            "INSERT INTO seats (game_id, player_id, position, joined_after) VALUES (?, ?, ?, 0)",
            (game_id, player_ids[name], position),
        )
        seats.append([player_ids[name], name, 0, None, None])
    empty = {"v": 1, "seats": seats, "hands": [], "last": None}
    snapshot = json.dumps(empty, ensure_ascii=False, separators=(",", ":"))
    connection.execute("UPDATE games SET snapshot = ? WHERE id = ?", (snapshot, game_id))
    return Table(game_id, player_ids, seats=seats)


def _connect(path: Path) -> sqlite3.Connection:
    """A raw connection set as the bot's: autocommit (transactions begun by hand), WAL,
    foreign keys enforced, every commit flushed to disk."""
    connection = sqlite3.connect(path, isolation_level=None)
    mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    assert mode == "wal", mode
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute("PRAGMA synchronous=FULL")
    return connection


class Timed:
    """Seconds each hand took, in order."""

    times: list[float]

    @property
    def seconds(self) -> float:
        return sum(self.times)

    @property
    def hands(self) -> int:
        return len(self.times)


class Floor(Timed):
    """The durable floor: one hand's statements in raw ``sqlite3``, one durable commit."""

    def __init__(self, path: Path, tables: Mapping[int, Table]) -> None:
        self.connection = _connect(path)
        self.tables = copy.deepcopy(dict(tables))  # each its own: they count their hands
        #: Seconds each hand took, in order.
        self.times: list[float] = []

    def synchronous(self) -> int:
        value: int = self.connection.execute("PRAGMA synchronous").fetchone()[0]
        return value

    def record(self, hand: Hand) -> None:
        start = time.perf_counter()
        table = self.tables[hand.chat_id]
        execute = self.connection.execute
        execute("BEGIN IMMEDIATE")
        try:
            does = _statements(table, hand, _now())
            claimed = execute(CLAIM, does.claim).rowcount
            assert claimed == 1, "message already handled"
            game = execute(READ_GAME, does.read).fetchone()
            assert game[0] == table.game_id
            assert len(json.loads(game[-2])["hands"]) == table.hands
            hand_id = execute(ADD_HAND, does.hand).fetchone()[0]
            self.connection.executemany(ADD_LINES, [{**x, "hand_id": hand_id} for x in does.lines])
            snapshot, flat = _snapshot(table, hand, hand_id)
            execute(UPDATE_GAME, {**does.game, "snapshot": snapshot})
            execute(KEEP_REPLY, does.reply)
            execute("COMMIT")
        except BaseException:
            execute("ROLLBACK")
            raise
        table.hands += 1
        table.lines.append(flat)
        self.times.append(time.perf_counter() - start)

    def close(self) -> None:
        self.connection.close()


class StackUnit(Timed):
    """The same statements through the project's stack: ``storage.Database`` (SQLAlchemy's
    async engine, aiosqlite), one ``Database.transaction()`` per hand."""

    def __init__(self, path: Path, tables: Mapping[int, Table]) -> None:
        self.database = Database(f"sqlite+aiosqlite:///{path}")
        self.tables = copy.deepcopy(dict(tables))  # each its own: they count their hands
        #: Seconds each hand took, in order.
        self.times: list[float] = []
        self._sql = {statement: text(statement) for statement in STATEMENTS}

    async def synchronous(self) -> int:
        async with self.database.engine.connect() as connection:
            value = (await connection.exec_driver_sql("PRAGMA synchronous")).scalar()
        return int(str(value))

    async def record(self, hand: Hand) -> None:
        start = time.perf_counter()
        table = self.tables[hand.chat_id]
        sql = self._sql
        async with self.database.transaction() as session:
            connection = await session.connection()
            does = _statements(table, hand, _now())
            claimed = await connection.execute(sql[CLAIM], does.claim)
            assert claimed.rowcount == 1, "message already handled"
            game = (await connection.execute(sql[READ_GAME], does.read)).first()
            assert game is not None
            assert game.id == table.game_id
            assert len(json.loads(game.snapshot)["hands"]) == table.hands
            hand_id = (await connection.execute(sql[ADD_HAND], does.hand)).scalar_one()
            await connection.execute(
                sql[ADD_LINES], [{**x, "hand_id": hand_id} for x in does.lines]
            )
            snapshot, flat = _snapshot(table, hand, hand_id)
            await connection.execute(sql[UPDATE_GAME], {**does.game, "snapshot": snapshot})
            await connection.execute(sql[KEEP_REPLY], does.reply)
        table.hands += 1
        table.lines.append(flat)
        self.times.append(time.perf_counter() - start)

    async def close(self) -> None:
        await self.database.close()


def stored(path: Path) -> dict[str, int]:
    """Rows on the file, read back by a new connection: hands, their lines, answers kept."""
    connection = sqlite3.connect(path)
    try:
        return {
            "hands": connection.execute("SELECT count(*) FROM hands").fetchone()[0],
            "lines": connection.execute("SELECT count(*) FROM hand_results").fetchone()[0],
            "replies": connection.execute(
                "SELECT count(*) FROM handled_messages WHERE reply IS NOT NULL"
            ).fetchone()[0],
        }
    finally:
        connection.close()
