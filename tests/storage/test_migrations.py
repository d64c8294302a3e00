"""The schema comes from Alembic, and the migrations match the models."""

import asyncio
import json

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, make_url, text
from sqlalchemy.exc import IntegrityError

from play.tamalo import records
from play.tamalo.results import rerate_chat
from scoring.ratings import Skill, rate
from scoring.tamalo import Rules
from storage import Database, Results, UnitOfWork
from storage.models import Base
from storage.schema import alembic_config, newest_revision, upgrade_schema

#: Seconds a unit of work waits for another's lock before the test gives up on it: far above
#: the fraction of a second it takes, as a machine busy with other work can stretch it.
WAITS_OUT = 60


async def differences_from_the_models(db: Database) -> list[object]:
    def differences(connection: Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))

    async with db.engine.connect() as connection:
        return await connection.run_sync(differences)


async def test_migrations_match_the_models(db: Database) -> None:
    await upgrade_schema(db)
    assert await differences_from_the_models(db) == []
    await db.close()


async def test_only_one_running_game_per_chat(db: Database) -> None:
    await upgrade_schema(db)
    async with db.transaction() as session:
        await session.execute(text("INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')"))
    insert = text(
        "INSERT INTO games (chat_id, kind, state, started_at) "
        "VALUES (1, 'tamalo', :state, '2026-01-01')"
    )
    async with db.transaction() as session:
        await session.execute(insert, {"state": "finished"})
        await session.execute(insert, {"state": "finished"})
        await session.execute(insert, {"state": "running"})
    with pytest.raises(IntegrityError):
        async with db.transaction() as session:
            await session.execute(insert, {"state": "running"})
    await db.close()


async def test_every_migration_can_be_undone_and_the_upgrade_is_repeatable(db: Database) -> None:
    """The whole chain, down and up again: the one test that runs it (every other test's
    database is a copy of one upgraded once)."""

    def downgrade(connection: Connection) -> set[str]:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
        return set(inspect(connection).get_table_names())

    def revision(connection: Connection) -> list[object]:
        return list(connection.execute(text("SELECT version_num FROM alembic_version")).all())

    async with db.engine.begin() as connection:
        assert await connection.run_sync(downgrade) == {"alembic_version"}
    await upgrade_schema(db)
    async with db.engine.connect() as connection:
        upgraded = await connection.run_sync(revision)
    await upgrade_schema(db)  # a restart upgrades an up-to-date database: nothing to do
    async with db.engine.connect() as connection:
        tables = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
        assert await connection.run_sync(revision) == upgraded == [(newest_revision(),)]
        if db.url.get_backend_name() == "sqlite":
            assert await connection.scalar(text("PRAGMA journal_mode")) == "wal"
    assert {"chats", "players", "games", "seats", "hands", "hand_results"} <= tables
    assert await differences_from_the_models(db) == []
    await db.close()


async def test_games_stored_before_the_game_modes_survive_the_upgrade(empty_db: Database) -> None:
    db = empty_db

    def upgrade_to_0001(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")

    async with db.engine.begin() as connection:
        await connection.run_sync(upgrade_to_0001)
    rows = [
        "INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')",
        "INSERT INTO players (id, chat_id, name, name_key) VALUES (1, 1, 'Anna', 'anna'), "
        "(2, 1, 'Bruno', 'bruno')",
        "INSERT INTO games (id, chat_id, mode, target, tie_beats_caller, jokers, state, "
        "started_at) VALUES (1, 1, 'classica', 100, false, false, 'running', '2026-01-01')",
        "INSERT INTO seats (game_id, player_id, position, joined_after) VALUES (1, 1, 0, 0), "
        "(1, 2, 1, 0)",
        "INSERT INTO hands (id, game_id, number, recorded_at) VALUES (1, 1, 1, '2026-01-01')",
        "INSERT INTO hand_results (hand_id, player_id, position, reported_total, is_caller, "
        "points) VALUES (1, 1, 0, 4, true, 15), (1, 2, 1, 2, false, 0)",
    ]
    async with db.transaction() as session:
        for row in rows:
            await session.execute(text(row))
    await upgrade_schema(db)
    async with db.transaction() as session:
        record = await records.running(UnitOfWork(session), 1)
    assert record is not None
    assert record.game.totals() == {"Anna": 15, "Bruno": 0}
    assert record.game.rules == Rules()
    assert record.game.next_dealer == "Bruno"
    await db.close()


async def test_tournament_tables_run_side_by_side_once_per_stage(db: Database) -> None:
    await upgrade_schema(db)
    async with db.transaction() as session:
        await session.execute(text("INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')"))
        await session.execute(
            text(
                "INSERT INTO tournaments (id, chat_id, state, started_at) "
                "VALUES (7, 1, 'running', '2026-01-01')"
            )
        )
    insert = text(
        "INSERT INTO games (chat_id, kind, state, started_at, tournament_id, stage) "
        "VALUES (1, 'tamalo', 'running', '2026-01-01', 7, :stage)"
    )
    async with db.transaction() as session:
        await session.execute(insert, {"stage": "1"})
        await session.execute(insert, {"stage": "2"})
    with pytest.raises(IntegrityError):
        async with db.transaction() as session:
            await session.execute(insert, {"stage": "2"})
    await db.close()


async def test_processes_starting_together_upgrade_once(empty_database_url: str) -> None:
    # On SQLite the others queue in BEGIN IMMEDIATE while one upgrades, each for the URL's
    # busy timeout at most (5 s by default: a start-up that meets it waits and tries again,
    # ``bot.app``). Half a second on a quiet machine, the upgrade took longer than that on a
    # busy one, and the test failed with "database is locked": here they wait it out.
    url = make_url(empty_database_url)
    if url.get_backend_name() == "sqlite":
        url = url.update_query_dict({"timeout": str(WAITS_OUT)})
    databases = [Database(url.render_as_string(hide_password=False)) for _ in range(3)]
    await asyncio.gather(*(upgrade_schema(db) for db in databases))
    async with databases[0].engine.connect() as connection:
        versions = (await connection.execute(text("SELECT version_num FROM alembic_version"))).all()
    assert len(versions) == 1
    for db in databases:
        await db.close()


async def test_a_long_read_never_holds_up_a_write(database_url: str) -> None:
    reader, writer = Database(database_url), Database(database_url)
    await upgrade_schema(reader)
    async with reader.reading() as session:
        assert await session.scalar(text("SELECT count(*) FROM games")) == 0
        # Another process records a game while the read is still open: it does not wait for
        # the read to end (which waits for it: it would wait for ever, or until SQLite's busy
        # timeout says "database is locked"). Bounded generously: the machine may be busy.
        async with asyncio.timeout(WAITS_OUT):
            async with writer.transaction() as other:
                await records.start(UnitOfWork(other), -1, ("Anna", "Bruno"), Rules())
        # The read goes on seeing its own snapshot.
        assert await session.scalar(text("SELECT count(*) FROM games")) == 0
    async with reader.reading() as session:
        assert await session.scalar(text("SELECT count(*) FROM games")) == 1
    await reader.close()
    await writer.close()


def test_the_newest_revision_read_off_the_file_names_is_alembics_head() -> None:
    from alembic.script import ScriptDirectory

    assert newest_revision() == ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_games_stored_before_their_kind_are_tamalo_with_the_same_ratings(
    empty_db: Database,
) -> None:
    """0017: every game stored before is Tamalo, its rows as they were, and the ladder it
    left is Tamalo's, each line as it was and as rating the chat again works it out."""
    db = empty_db

    def upgrade_to_0016(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0016")

    async with db.engine.begin() as connection:
        await connection.run_sync(upgrade_to_0016)
    ranks = {1: [(1, 1), (2, 2), (3, 3)], 2: [(2, 1), (3, 2), (1, 2)]}
    skills: dict[int, Skill] = {}
    for game_ranks in ranks.values():
        skills |= rate(skills, game_ranks)
    rows = [
        "INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')",
        "INSERT INTO players (id, chat_id, name, name_key) VALUES (1, 1, 'Anna', 'anna'), "
        "(2, 1, 'Bruno', 'bruno'), (3, 1, 'Carlo', 'carlo')",
        "INSERT INTO games (id, chat_id, mode, target, tie_beats_caller, jokers, state, "
        "started_at) VALUES (1, 1, 'classica', 100, false, false, 'finished', '2026-01-01'), "
        "(2, 1, 'classica', 100, false, false, 'finished', '2026-01-02')",
        "INSERT INTO hands (id, game_id, number, recorded_at) VALUES (1, 1, 1, '2026-01-01')",
    ]
    async with db.transaction() as session:
        for row in rows:
            await session.execute(text(row))
        for game, game_ranks in ranks.items():
            for player, rank in game_ranks:
                await session.execute(
                    text(
                        "INSERT INTO game_results (game_id, player_id, rank, total, won, mu, "
                        "sigma) VALUES (:g, :p, :r, 0, :w, 0, 0)"
                    ),
                    {"g": game, "p": player, "r": rank, "w": rank == 1},
                )
        for player, skill in skills.items():
            await session.execute(
                text(
                    "INSERT INTO ratings (player_id, chat_id, games, wins, rank_sum, mu, sigma) "
                    "VALUES (:p, 1, 2, :w, :s, :mu, :sigma)"
                ),
                {
                    "p": player,
                    "w": sum(r == 1 for g in ranks.values() for p, r in g if p == player),
                    "s": sum(r for g in ranks.values() for p, r in g if p == player),
                    "mu": skill.mu,
                    "sigma": skill.sigma,
                },
            )
    async with db.transaction() as session:
        before = (await session.execute(text("SELECT * FROM ratings ORDER BY player_id"))).all()
    await upgrade_schema(db)
    async with db.transaction() as session:
        kinds = (await session.execute(text("SELECT id, kind, options FROM games"))).all()
        detail = await session.scalar(text("SELECT detail FROM hands"))
        after = (
            await session.execute(
                text(
                    "SELECT player_id, chat_id, games, wins, rank_sum, mu, sigma FROM ratings "
                    "WHERE kind = 'tamalo' ORDER BY player_id"
                )
            )
        ).all()
        copied = await Results(session).leaderboard(1, "tamalo")
        await rerate_chat(UnitOfWork(session), 1)
        rerated = await Results(session).leaderboard(1, "tamalo")
    classic = {
        "mode": "classica", "target": 100, "tie_beats_caller": False, "jokers": False,
        "quadri": False, "six_cards": False, "dealer_tiebreak": False,
    }  # fmt: skip
    assert [(i, kind, json.loads(options)) for i, kind, options in sorted(kinds)] == [
        (1, "tamalo", classic),
        (2, "tamalo", classic),
    ]
    assert detail is None
    assert [tuple(row) for row in after] == [tuple(row) for row in before]
    assert rerated == copied
    assert {line.player: line.skill for line in copied} == {
        name: skills[player] for player, name in ((1, "Anna"), (2, "Bruno"), (3, "Carlo"))
    }
    await db.close()


async def test_0018_keeps_every_game_down_and_up(db: Database) -> None:
    """0018 (issue 33): Tamalo's rules move from the columns of ``games`` to its options and
    its lines' markers into flags; every other game's lines keep only what they mean. Down to
    0017 and up again, every game loads as it was: a ControTamalo game with a call won and a
    call lost, a Macchiavelli home game with its closer, a Tagò night."""
    from play import macchiavelli
    from play.tago import night as tago_night
    from play.tamalo import hands
    from scoring import tago
    from scoring.macchiavelli import Deal, HomeRules, Report
    from scoring.tamalo import Hand, Mode
    from scoring.tamalo import Report as Said

    await upgrade_schema(db)
    contro = Rules(mode=Mode.CONTRO, target=30, jokers=True)
    async with db.transaction() as session:
        work = UnitOfWork(session)
        record = await records.start(work, 1, ["Anna", "Bruno", "Carlo"], contro)
        for hand in (
            Hand((Said("Anna", 2), Said("Bruno", 9), Said("Carlo", 0)), "Anna", out={"Carlo"}),
            Hand((Said("Anna", 8), Said("Bruno", 1), Said("Carlo", 5)), "Anna", "Bruno"),
        ):
            await hands.record_hand(work, record, hand, message_id=1, user_id=None)
            record = await records.get(work, record.id)  # type: ignore[assignment]
            assert record is not None
        home = await macchiavelli.start(work, 2, ["Anna", "Bruno"], HomeRules(deals=3))
        deal = Deal((Report("Anna", 0), Report("Bruno", 21)))
        await macchiavelli.record_deal(work, home, deal)
        table = tago.Table(tago.Stakes.LIGHT, 500, 30000, 500)
        await tago_night.open_night(work, 3, table, {"Anna": None, "Bruno": None})
    async with db.transaction() as session:
        before = await _everything(UnitOfWork(session))

    def down(connection: Connection) -> list[tuple[object, ...]]:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0017")
        return [
            tuple(row)
            for row in connection.execute(
                text(
                    "SELECT games.kind, games.mode, games.target, games.jokers, "
                    "hand_results.reported_total, hand_results.is_caller, "
                    "hand_results.is_counter_caller, hand_results.is_out, hand_results.call_won "
                    "FROM hand_results JOIN hands ON hands.id = hand_results.hand_id "
                    "JOIN games ON games.id = hands.game_id "
                    "ORDER BY games.id, hands.number, hand_results.position"
                )
            )
        ]

    async with db.engine.begin() as connection:
        old = await connection.run_sync(down)
    as_before = [
        (k, m, t, bool(j), v, bool(c), bool(cc), bool(o), None if w is None else bool(w))
        for k, m, t, j, v, c, cc, o, w in old
    ]
    assert as_before[:6] == [
        ("tamalo", "contro", 30, True, 2, True, False, False, False),  # Carlo went out
        ("tamalo", "contro", 30, True, 9, False, False, False, None),
        ("tamalo", "contro", 30, True, 0, False, False, True, None),
        ("tamalo", "contro", 30, True, 8, True, False, False, False),
        ("tamalo", "contro", 30, True, 1, False, True, False, True),
        ("tamalo", "contro", 30, True, 5, False, False, False, None),
    ]
    assert [row[4] for row in as_before[6:]] == [0, 21]  # the deal's lines, as they were
    assert [row[7] for row in as_before[6:]] == [True, False]  # Anna closed
    await upgrade_schema(db)
    async with db.transaction() as session:
        assert await _everything(UnitOfWork(session)) == before
    assert await differences_from_the_models(db) == []
    await db.close()


async def _everything(work: UnitOfWork) -> list[object]:
    """Every chat's games as they load, with their own options and totals."""
    found: list[object] = []
    for chat_id in (1, 2, 3):
        for stored in await work.games.of_kind(chat_id, (await work.games.front(chat_id))[0].kind):
            found.append((stored.kind, stored.options, stored.played.hands))
    return found
