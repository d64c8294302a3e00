"""A stored game as every game's store reads it: its row's values, its seats and hands off
its snapshot (``storage.snapshots``), the statements every command runs on the games, built
once, and the loading of games from them (``load``, ``reload``). No rules engine runs here."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, cast

from sqlalchemy import Select, Table, bindparam, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from storage import models
from storage.db import READING, run
from storage.snapshots import (
    Played,
    StoredLine,
    from_snapshot,
    read_rows,
    remember,
    snapshot_text,
)
from storage.states import GameState, Stage


class GameAlreadyRunning(Exception):
    """The chat already has a running game (``game_id``: which, unless another process
    started it meanwhile)."""

    def __init__(self, game_id: int | None = None) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class TournamentRunning(Exception):
    """The chat is in the middle of a tournament."""


class Line(Protocol):
    """A player's line of a hand as its game stores it (Tamalo's ``storage.tamalo.HandLine``,
    Macchiavelli's ``storage.macchiavelli.DealLine``)."""

    @property
    def player(self) -> str: ...

    def stored(self, player_id: int) -> StoredLine:
        """The line as a game's snapshot keeps it."""
        ...

    def row(self, hand_id: int, player_id: int, position: int) -> dict[str, object]:
        """The line as ``hand_results`` keeps it."""
        ...


#: The chat's games in front of it, as one read finds them: the running ones in the order
#: they started (one game, or a tournament's tables side by side), else the last one played
#: (annulled or not); empty if the chat never played.
Front = tuple["StoredGame", ...]

#: A game's own options, as (name, value) pairs: hashable, so that ``play`` may key the games
#: it rebuilt by them.
Options = tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class StoredGame:
    """A stored game: its row's values, its seats and hands, and the snapshot they make."""

    id: int
    chat_id: int
    kind: str
    state: GameState
    started_at: datetime
    ended_at: datetime | None
    options: Options
    first_dealer: int
    played: Played
    #: ``played`` as ``games.snapshot`` keeps it (one text per state of the game).
    snapshot: str
    tournament_id: int | None = None
    stage: Stage | None = None
    #: The Telegram user who started it (the phone at the table; a tournament's director).
    started_by: int | None = None

    @property
    def player_ids(self) -> dict[str, int]:
        return {seat.name: seat.player_id for seat in self.played.seats}

    @property
    def last_hand_id(self) -> int | None:
        """Id of the chat's most recent hand of this game, to tell which was played last."""
        return self.played.last_hand_id

    @property
    def running(self) -> bool:
        return self.state is GameState.RUNNING


GAMES = cast(Table, models.Game.__table__)
HANDS = cast(Table, models.HandRow.__table__)
LINES = cast(Table, models.HandResult.__table__)


def games() -> Select[Any]:
    """Games' own columns, as plain rows."""
    return select(*GAMES.c)


# The statements every command runs, built once: building a statement costs about as much
# as running it on SQLite.
GAME = games().where(GAMES.c.id == bindparam("game_id"))
RUNNING_GAMES = (
    games()
    .where(GAMES.c.chat_id == bindparam("chat_id"), GAMES.c.state == GameState.RUNNING.value)
    .order_by(GAMES.c.id)
)
RUNNING = games().where(
    GAMES.c.chat_id == bindparam("chat_id"),
    GAMES.c.state == GameState.RUNNING.value,
    GAMES.c.tournament_id.is_(None),
)
LATEST_ID = (
    select(func.max(GAMES.c.id)).where(GAMES.c.chat_id == bindparam("chat_id")).scalar_subquery()
)
FRONT = (
    games()
    .where(
        GAMES.c.chat_id == bindparam("chat_id"),
        or_(GAMES.c.state == GameState.RUNNING.value, GAMES.c.id == LATEST_ID),
    )
    .order_by(GAMES.c.id)
)
#: The games' statements built once that ``storage.db.run`` may run (statements built per
#: call go through SQLAlchemy: ``run`` keeps each statement it compiles).
BUILT_ONCE = (GAME, RUNNING_GAMES, RUNNING, FRONT)
RUNNING_TOURNAMENT = select(models.Tournament.id).where(
    models.Tournament.chat_id == bindparam("chat_id"), models.Tournament.state == "running"
)
ADD_HAND = insert(HANDS).returning(HANDS.c.id)
ADD_LINES = insert(LINES)
ADD_SEATS = insert(cast(Table, models.Seat.__table__))
SET_SNAPSHOT = (
    update(GAMES).where(GAMES.c.id == bindparam("game")).values(snapshot=bindparam("written"))
)


def options_of_row(row: Any) -> Options:
    """A game's own options, as its row keeps them (JSON)."""
    return tuple(sorted(json.loads(row.options or "{}").items()))


def stored_of(row: Any, played: Played, snapshot: str) -> StoredGame:
    return StoredGame(
        id=row.id,
        chat_id=row.chat_id,
        kind=row.kind,
        state=GameState(row.state),
        started_at=row.started_at,
        ended_at=row.ended_at,
        options=options_of_row(row),
        first_dealer=row.first_dealer,
        played=played,
        snapshot=snapshot,
        tournament_id=row.tournament_id,
        stage=Stage(row.stage) if row.stage is not None else None,
        started_by=row.started_by,
    )


def left_since(played: Played, position: int) -> bool:
    """Someone left after the hands played so far, and after seat ``position`` was taken."""
    hands, seats = len(played.hands), len(played.seats)
    return any(
        s.left_after is not None
        and s.left_after >= hands
        and (s.left_before_seat if s.left_before_seat is not None else seats) > position
        for s in played.seats
    )


@dataclass(frozen=True)
class GameCounts:
    """How much of one game a chat has played: its games finished, running and annulled, its
    tournaments, and the deals of its games that count (annulled ones' left out)."""

    finished: int = 0
    running: int = 0
    annulled: int = 0
    tournaments: int = 0
    deals: int = 0

    @property
    def played(self) -> bool:
        return bool(self.finished or self.running or self.annulled)


async def counts(session: AsyncSession, chat_id: int, kind: str) -> GameCounts:
    """How much of the game ``kind`` the chat has played (two statements)."""
    games = models.Game
    rows = await session.execute(
        select(games.state, func.count(), func.count(games.tournament_id.distinct()))
        .where(games.chat_id == chat_id, games.kind == kind)
        .group_by(games.state)
    )
    by_state = {state: (count, tournaments) for state, count, tournaments in rows}
    deals = await session.scalar(
        select(func.count())
        .select_from(models.HandRow)
        .join(games, games.id == models.HandRow.game_id)
        .where(
            games.chat_id == chat_id,
            games.kind == kind,
            games.state != GameState.ANNULLED.value,
        )
    )
    return GameCounts(
        finished=by_state.get(GameState.FINISHED.value, (0, 0))[0],
        running=by_state.get(GameState.RUNNING.value, (0, 0))[0],
        annulled=by_state.get(GameState.ANNULLED.value, (0, 0))[0],
        tournaments=sum(tournaments for _, tournaments in by_state.values()),
        deals=deals or 0,
    )


async def load(
    session: AsyncSession, query: Select[Any], params: Mapping[str, object]
) -> list[StoredGame]:
    """The games ``query`` selects (their rows' columns), each with its seats and hands
    read off its snapshot: one statement whatever the number of games and hands, with no
    ORM objects to build and nothing stale from the session's identity map. A game without a
    snapshot of this format is read from its seats and hands (two statements more for all
    such games), and its snapshot written if the unit of work writes."""
    if session.new or session.dirty or session.deleted:
        await session.flush()  # what this unit of work changed, as the queries see it
    connection = await session.connection()
    if any(query is built for built in BUILT_ONCE):
        rows = await run(connection, query, params)  # on SQLite, one trip to aiosqlite
    else:
        rows = list((await connection.execute(query, params)).all())
    if not rows:
        return []
    found = {row.id: from_snapshot(row.snapshot) for row in rows}
    missing = [game_id for game_id, played in found.items() if played is None]
    read: dict[int, Played] = {}
    written: dict[int, str] = {}
    if missing:
        read = await read_rows(connection, missing)
        written = await _write_snapshots(connection, read, write=not _reading(connection))
    games = []
    for row in rows:
        played = found[row.id]
        if played is None:
            games.append(stored_of(row, read[row.id], written[row.id]))
        else:
            games.append(stored_of(row, played, row.snapshot))
    return games


async def reload(session: AsyncSession, game_id: int) -> StoredGame:
    """After a change to the game's seats or hands other than a hand added: its snapshot
    written anew from its rows, and the game as it is now."""
    await session.flush()
    connection = await session.connection()
    row = (await connection.execute(GAME, {"game_id": game_id})).one()
    read = await read_rows(connection, [game_id])
    written = await _write_snapshots(connection, read)
    return stored_of(row, read[game_id], written[game_id])


async def _write_snapshots(
    connection: AsyncConnection, played: Mapping[int, Played], *, write: bool = True
) -> dict[int, str]:
    """Each game's snapshot text, written unless ``write`` is false (a unit of work that
    only reads)."""
    texts = {game_id: snapshot_text(p) for game_id, p in played.items()}
    if write:
        await connection.execute(
            SET_SNAPSHOT, [{"game": game_id, "written": text} for game_id, text in texts.items()]
        )
    for game_id, text in texts.items():
        remember(text, played[game_id])
    return texts


def _reading(connection: AsyncConnection) -> bool:
    """The connection belongs to a unit of work that only reads (``Database.reading``)."""
    synchronous = connection.sync_connection
    return synchronous is not None and bool(synchronous.get_execution_options().get(READING))
