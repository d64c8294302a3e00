"""Places and ratings of finished games: kept right when any finished game changes, and filled
in for games finished before they were kept."""

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import Connection, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from play import views
from play.tamalo import hands, records, results
from play.tamalo.rebuild import lines_of
from play.tamalo.results import complete_results
from scoring import tamalo
from scoring.match import Place
from scoring.tamalo import Hand, Report, Rules
from storage import Database, GameState, Results, UnitOfWork, models
from storage.schema import alembic_config, upgrade_schema

NOW = datetime(2026, 11, 22, 21, 0, tzinfo=UTC)


def hand(**totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()))


async def finish(work: UnitOfWork, chat: int, players: tuple[str, ...], *played: Hand) -> int:
    """A game played to its end in ``chat``; returns its id."""
    record = await records.start(work, chat, players, Rules(target=20))
    game = record.game
    for h in played:
        game = game.with_hand(h)
        dealer = game.dealer_of(len(game.hands))
        await work.games.add_hand(record.stored, lines_of(game.hands[-1]), dealer, None)
        record = await records.get(work, record.id) or record
    await results.set_state(work, record, GameState.FINISHED, NOW)
    return record.id


async def board(db: Database, chat: int) -> list[tuple[str, int, int, int, float, float]]:
    async with db.transaction() as session:
        lines = await Results(session).leaderboard(chat, "tamalo")
    return [(x.player, x.games, x.wins, x.rank_sum, x.skill.mu, x.skill.sigma) for x in lines]


async def test_changing_an_early_game_rates_every_later_game_again(db: Database) -> None:
    await upgrade_schema(db)
    trio = ("Anna", "Bruno", "Carlo")
    later = [
        (("Bruno", "Carlo", "Dario"), hand(Bruno=30, Carlo=5, Dario=9)),
        (trio, hand(Anna=8, Bruno=21, Carlo=30)),
    ]
    async with db.transaction() as session:
        work = UnitOfWork(session)
        # Chat 1: Anna wins the first game, then it is corrected so that Carlo wins it.
        first = await finish(work, 1, trio, hand(Anna=5, Bruno=12, Carlo=25))
        for players, h in later:
            await finish(work, 1, players, h)
        record = await records.get(work, first)
        assert record is not None
        await hands.fix_hand(work, record, 1, hand(Anna=25, Bruno=12, Carlo=5))
        # Then the last game's hand is written again as it was: rated again from it on, from
        # the ratings the games before it were given anew (each of them kept, not the last's).
        last = await records.get(work, first + len(later))
        assert last is not None
        await hands.fix_hand(work, last, 1, later[-1][1])
        # Chat 2: the same games, typed right the first time.
        await finish(work, 2, trio, hand(Anna=25, Bruno=12, Carlo=5))
        for players, h in later:
            await finish(work, 2, players, h)

    fixed, typed_right = await board(db, 1), await board(db, 2)
    assert fixed == typed_right
    # Places: Carlo 1, 1, 3 · Bruno 2, 3, 2 · Dario 2 · Anna 3, 1.
    assert sorted(line[:4] for line in fixed) == [
        ("Anna", 2, 1, 4),
        ("Bruno", 3, 0, 7),
        ("Carlo", 3, 2, 5),
        ("Dario", 1, 0, 2),
    ]
    await db.close()


async def test_reopening_the_last_game_takes_it_off_the_leaderboard(db: Database) -> None:
    await upgrade_schema(db)
    async with db.transaction() as session:
        work = UnitOfWork(session)
        await finish(work, 1, ("Anna", "Bruno"), hand(Anna=3, Bruno=25))
        before = await board_in(session, 1)
        last = await finish(work, 1, ("Anna", "Bruno"), hand(Anna=30, Bruno=3))
        record = await records.get(work, last)
        assert record is not None
        await results.set_state(work, record, GameState.RUNNING, NOW)
        assert await board_in(session, 1) == before
        await results.set_state(work, record, GameState.ANNULLED, NOW)
        assert await board_in(session, 1) == before
        rows = await session.scalars(select(models.GameResult.game_id))
        assert set(rows) == {last - 1}
    await db.close()


async def board_in(session: AsyncSession, chat: int) -> list[tuple[str, int, int, float]]:
    lines = await Results(session).leaderboard(chat, "tamalo")
    return [(x.player, x.games, x.wins, x.skill.mu) for x in lines]


async def test_games_finished_before_results_were_kept_get_them_at_start_up(
    empty_db: Database,
) -> None:
    db = empty_db

    def upgrade_to_0002(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")

    async with db.engine.begin() as connection:
        await connection.run_sync(upgrade_to_0002)
    rows = [
        "INSERT INTO chats (id, created_at) VALUES (1, '2026-01-01')",
        "INSERT INTO players (id, chat_id, name, name_key) VALUES (1, 1, 'Anna', 'anna'), "
        "(2, 1, 'Bruno', 'bruno')",
        "INSERT INTO games (id, chat_id, mode, target, tie_beats_caller, jokers, state, "
        "started_at) VALUES (1, 1, 'classica', 20, false, false, 'finished', '2026-01-01'), "
        "(2, 1, 'contro', 5, false, false, 'running', '2026-01-02')",
        "INSERT INTO seats (game_id, player_id, position, joined_after) VALUES (1, 1, 0, 0), "
        "(1, 2, 1, 0), (2, 1, 0, 0), (2, 2, 1, 0)",
        "INSERT INTO hands (id, game_id, number, recorded_at) VALUES (1, 1, 1, '2026-01-01'), "
        "(2, 1, 2, '2026-01-01'), (3, 2, 1, '2026-01-02')",
        # Anna calls and wins (0), then calls and loses (15); Bruno ends on 24.
        "INSERT INTO hand_results (hand_id, player_id, position, reported_total, is_caller, "
        "points) VALUES (1, 1, 0, 3, true, 0), (1, 2, 1, 12, false, 12), "
        "(2, 1, 0, 4, true, 15), (2, 2, 1, 2, false, 0)",
        # ControTamalo: Anna's call is lost (+2), Bruno's counter-call wins (-3).
        "INSERT INTO hand_results (hand_id, player_id, position, reported_total, is_caller, "
        "is_counter_caller, points) VALUES (3, 1, 0, 3, true, false, 2), "
        "(3, 2, 1, 1, false, true, -3)",
    ]
    async with db.transaction() as session:
        for row in rows:
            await session.execute(text(row))

    await upgrade_schema(db, complete_results)

    async with db.transaction() as session:
        outcomes = await session.execute(
            text("SELECT hand_id, player_id, flags FROM hand_results ORDER BY 1, 2")
        )  # Tamalo's flags: a call (1, 2) won (8)
        assert [(h, p, bool(f & 8) if f & 3 else None) for h, p, f in outcomes] == [
            (1, 1, True), (1, 2, None), (2, 1, False), (2, 2, None), (3, 1, False), (3, 2, True),
        ]  # fmt: skip
        lines = await Results(session).leaderboard(1, "tamalo")
    # The finished game was closed at Anna 15, Bruno 12: Bruno won it. The running one
    # counts nowhere yet.
    assert [(x.player, x.games, x.wins, x.rank_sum) for x in lines] == [
        ("Bruno", 1, 1, 1),
        ("Anna", 1, 0, 2),
    ]
    expected = tamalo.rate({}, [("Bruno", 1), ("Anna", 2)])
    assert [x.skill for x in lines] == [expected["Bruno"], expected["Anna"]]
    await db.close()


async def test_each_game_has_its_own_ladder(db: Database) -> None:
    """A Tamalo rating and a Macchiavelli rating are different ladders: a game of one moves
    nobody on the other, and /classifica generale shows the game the chat plays."""
    await upgrade_schema(db)
    async with db.transaction() as session:
        work = UnitOfWork(session)
        await finish(work, 1, ("Anna", "Bruno"), hand(Anna=3, Bruno=25))
        tamalo_before = await board_in(session, 1)
        stored = await work.games.start(1, ("Anna", "Bruno"), {"deals": 1}, kind="macchiavelli")
        await work.games.set_state(stored, GameState.FINISHED, NOW)
        places = [Place("Bruno", 1, 0, True), Place("Anna", 2, 12, False)]
        before = await work.results.record(stored.id, places, stored.player_ids)
        await results.rerate(work, 1, "macchiavelli", stored.id, also=before)
        assert await board_in(session, 1) == tamalo_before
        macchiavelli = await work.results.leaderboard(1, "macchiavelli")
        shown = await views.ladder(work, 1, "macchiavelli")
        await results.rerate_chat(work, 1)
        assert await board_in(session, 1) == tamalo_before
        assert await work.results.leaderboard(1, "macchiavelli") == macchiavelli
    assert [(x.player, x.games, x.wins) for x in macchiavelli] == [("Bruno", 1, 1), ("Anna", 1, 0)]
    assert shown == macchiavelli
    expected = tamalo.rate({}, [("Bruno", 1), ("Anna", 2)])
    assert [x.skill for x in macchiavelli] == [expected["Bruno"], expected["Anna"]]
    assert [(name, wins) for name, _, wins, _ in tamalo_before] == [("Anna", 1), ("Bruno", 0)]
    await db.close()
