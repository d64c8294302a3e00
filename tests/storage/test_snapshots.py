"""A game's snapshot (``games.snapshot``) loads exactly what its seats and hands say.

Random sequences of the store's changes (hands added, replaced and undone, players joining,
taken back and leaving, games ended and reopened, the target lowered), each in a unit of work
of its own; then the chat's games as loaded from their snapshots equal the games as read row
by row, and a snapshot written anew from the rows is the very text the changes left.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, text, update

from play.tamalo import records
from play.tamalo.rebuild import lines_of, replayed
from play.tamalo.records import GameRecord
from scoring import tamalo
from storage import Database, GameState, GameStore, StoredGame, UnitOfWork, models, upgrade_schema
from storage.schema import alembic_config
from tests.conftest import examples

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
OPERATIONS = ("hand", "hand", "hand", "replace", "undo", "join", "unseat", "leave", "end",
              "reopen", "target")  # fmt: skip
CHATS = itertools.count(-9_000)
#: Every game ever started.
ALWAYS = (datetime(1970, 1, 1, tzinfo=UTC), datetime(9999, 1, 1, tzinfo=UTC))


@pytest.fixture
async def migrated(db: Database) -> AsyncIterator[Database]:
    await upgrade_schema(db)
    yield db
    await db.close()


def random_hand(rng: random.Random, game: tamalo.Game) -> tamalo.Hand:
    players = list(game.next_players)
    totals = {p: rng.choice([0, 0, 1, 3, 5, 8, 13, 21]) for p in players}
    caller = rng.choice([None, *players])
    counter = None
    if caller is not None and game.rules.mode is tamalo.Mode.CONTRO and rng.random() < 0.4:
        counter = rng.choice([p for p in players if p != caller] or [None])
    out = frozenset(p for p, t in totals.items() if t == 0 and rng.random() < 0.5)
    reports = tuple(tamalo.Report(p, t) for p, t in totals.items())
    return tamalo.Hand(reports, caller, counter, out)


async def running(db: Database, chat_id: int) -> GameRecord | None:
    async with db.transaction() as session:
        return await records.latest(UnitOfWork(session), chat_id)


async def play(db: Database, chat_id: int, seed: int, operations: list[str]) -> None:
    """A game, then ``operations`` on it, each its own unit of work; one refused by the rules
    (or by the store) changes nothing."""
    rng = random.Random(seed)
    mode = rng.choice(list(tamalo.Mode))
    rules = tamalo.Rules(mode=mode, target=rng.choice([30, 60, 100]))
    async with db.transaction() as session:
        await records.start(UnitOfWork(session), chat_id, NAMES[: rng.randint(2, 4)], rules)
    for operation in operations:
        record = await running(db, chat_id)
        assert record is not None
        game, now = record.game, datetime.now(UTC)
        try:
            async with db.transaction() as session:
                games, stored = GameStore(session), record.stored
                if operation == "hand" and record.running:
                    after = game.with_hand(random_hand(rng, game))
                    dealer = game.dealer_of(len(after.hands))
                    lines = lines_of(after.hands[-1])
                    await games.add_hand(stored, lines, dealer, rng.randint(1, 10**6))
                elif operation == "replace" and game.hands:
                    number = rng.randint(1, len(game.hands))
                    after = game.with_hand_replaced(number, random_hand(rng, game))
                    await games.replace_hand(stored, number, lines_of(after.hands[number - 1]))
                elif operation == "undo" and game.hands:
                    await games.remove_last_hand(stored)
                elif operation == "join" and record.running:
                    name = next((n for n in NAMES if n not in game.players), None)
                    if name is not None:
                        game.with_player(name)
                        await games.seat(stored, name)
                elif operation == "unseat" and (name := await games.last_join(stored)):
                    await games.unseat(stored, name)
                elif operation == "leave" and record.running:
                    name = rng.choice(game.players)
                    game.without_player(name)
                    await games.leave(stored, name)
                elif operation == "end" and record.running:
                    await games.set_state(stored, GameState.FINISHED, now)
                elif operation == "reopen" and not record.running:
                    await games.set_state(stored, GameState.RUNNING, now)
                elif operation == "target" and not game.hands:
                    await games.set_options(stored, {**dict(stored.options), "target": 21})
        except (ValueError, KeyError):  # the rules (or the deal) refused it: nothing changed
            pass


async def snapshots(db: Database, chat_id: int) -> dict[int, str | None]:
    async with db.reading() as session:
        rows = await session.execute(
            text("SELECT id, snapshot FROM games WHERE chat_id = :chat ORDER BY id"),
            {"chat": chat_id},
        )
        return {game_id: snapshot for game_id, snapshot in rows}


async def loaded(db: Database, chat_id: int) -> list[tuple[StoredGame, tamalo.Game]]:
    """Every game of the chat as loaded in a unit of work that only reads, with the game its
    seats and hands make (rebuilt afresh)."""
    async with db.reading() as session:
        games = GameStore(session)
        started = await games.started_between(chat_id, *ALWAYS)
        return [
            (stored, replayed(stored)) for stored in (*await games.running_games(chat_id), *started)
        ]


async def forget_snapshots(db: Database, chat_id: int) -> None:
    async with db.transaction() as session:
        await session.execute(
            update(models.Game).where(models.Game.chat_id == chat_id).values(snapshot=None)
        )


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32), operations=st.lists(st.sampled_from(OPERATIONS), max_size=14))
async def test_a_game_loads_from_its_snapshot_as_from_its_rows(
    migrated: Database, seed: int, operations: list[str]
) -> None:
    db, chat_id = migrated, next(CHATS)
    await play(db, chat_id, seed, operations)
    kept = await snapshots(db, chat_id)
    assert all(kept.values()), "every game has its snapshot"
    from_snapshots = await loaded(db, chat_id)

    await forget_snapshots(db, chat_id)
    assert await loaded(db, chat_id) == from_snapshots  # read row by row: nothing written
    assert set((await snapshots(db, chat_id)).values()) == {None}
    async with db.transaction() as session:  # a unit of work that writes heals them
        await GameStore(session).started_between(chat_id, *ALWAYS)
        await GameStore(session).running_games(chat_id)
    assert await snapshots(db, chat_id) == kept
    assert await loaded(db, chat_id) == from_snapshots


async def test_the_upgrade_writes_the_snapshots_the_store_writes(migrated: Database) -> None:
    db = migrated
    chats = [next(CHATS) for _ in range(3)]
    for n, chat_id in enumerate(chats):
        await play(db, chat_id, n, ["hand", "join", "hand", "leave", "hand", "replace", "end"])
    kept = {chat_id: await snapshots(db, chat_id) for chat_id in chats}

    def down_and_up(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0013")
        command.upgrade(config, "head")

    async with db.engine.begin() as connection:
        await connection.run_sync(down_and_up)
    assert {chat_id: await snapshots(db, chat_id) for chat_id in chats} == kept
