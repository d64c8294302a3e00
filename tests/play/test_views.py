"""What the chat looks at, without Telegram: the games the standings and charts show, the
figures, the history to export, and the refusals when there is nothing to show."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from play import lore, people, records, results, views
from play.errors import (
    GameAnnulled,
    LeaderboardEmpty,
    NoGamesTonight,
    NoGameYet,
    NoHandsToDraw,
    NoStatsFor,
)
from scoring.tamalo import Mode, Rules
from storage import Database, GameState, Stage, upgrade_schema
from tests.play.chat import CHAT, hand, start, unit

NOW = datetime(2026, 11, 23, 21, 0, tzinfo=UTC)
ANNA = 7


async def test_nothing_to_show_in_a_chat_that_never_played(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        for view in (views.shown_games(work, CHAT), views.to_draw(work, CHAT)):
            with pytest.raises(NoGameYet):
                await view
        with pytest.raises(LeaderboardEmpty):
            await views.leaderboard(work, CHAT)
        with pytest.raises(NoGamesTonight):
            await views.night(work, CHAT, NOW - timedelta(hours=12), NOW)
        with pytest.raises(NoStatsFor) as unknown:
            await views.player_stats(work, CHAT, "Anna")
        assert unknown.value.known == ()
        assert await views.rules(work, CHAT) is None
        chat = await views.chat_stats(work, CHAT)
        assert (chat.played, chat.champions) == (False, [])
        assert await views.own_stats(work, ANNA) == []


async def test_the_running_game_or_else_the_last_one_is_shown(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        first = await start(work, ("Anna", "Bruno"), rules=Rules(target=20))
    async with unit(db) as work:
        with pytest.raises(NoHandsToDraw):
            await views.to_draw(work, CHAT)
        assert [r.id for r in await views.shown_games(work, CHAT)] == [first.id]
        assert await views.rules(work, CHAT) == Rules(target=20)
        record = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=25), chat_id=CHAT - 1)
        await results.set_state(work, record, GameState.FINISHED, NOW)
    async with unit(db) as work:
        drawn = await views.to_draw(work, CHAT - 1)
        assert [(r.id, r.state) for r in drawn] == [(record.id, GameState.FINISHED)]
        assert await views.rules(work, CHAT - 1) is None  # none running
        await results.set_state(work, first, GameState.ANNULLED, NOW)
    async with unit(db) as work:
        with pytest.raises(GameAnnulled):
            await views.shown_games(work, CHAT)


async def test_at_a_tournament_every_table_is_shown(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        tournament = await work.tournaments.start(CHAT)
        tables = [
            await start(work, players, tournament_id=tournament, stage=stage)
            for players, stage in (
                (("Anna", "Bruno", "Carlo"), Stage.TABLE_1),
                (("Dario", "Elena", "Franco"), Stage.TABLE_2),
            )
        ]
        await results.set_state(work, tables[0], GameState.FINISHED, NOW)
    async with unit(db) as work:
        shown = await views.shown_games(work, CHAT)
    assert [r.id for r in shown] == [t.id for t in tables]  # the finished table too


async def test_the_standings_message_to_edit(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=12))
        before = await views.standings(work, CHAT, since=NOW - timedelta(minutes=1))
        assert (before.recent, before.timezone) == (None, "Europe/Rome")
        assert [r.game.players for r in before.games] == [("Anna", "Bruno")]
        await views.standings_shown(work, CHAT, 555, NOW, update_id=1)
    async with unit(db) as work:
        assert (await views.standings(work, CHAT, since=NOW - timedelta(minutes=1))).recent == 555
        assert (await views.standings(work, CHAT, since=NOW + timedelta(seconds=1))).recent is None


async def test_figures_of_the_chat_of_a_player_and_of_a_person(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        record = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=25))
        await results.set_state(work, record, GameState.FINISHED, NOW)
        await lore.record_move(work, CHAT, "Anna", "coppiona")
        await people.link(work, CHAT, "Tamalo", ANNA, "Anna")
    async with unit(db) as work:
        chat = await views.chat_stats(work, CHAT)
        assert chat.played
        assert (chat.overview.finished, chat.overview.last_winners) == (1, ("Anna",))
        assert chat.champions == [("coppiona", "Anna", 1)]
        anna = await views.player_stats(work, CHAT, "anna")
        assert (anna.stats.player, anna.stats.games, anna.stats.wins) == ("Anna", 1, 1)
        assert anna.moves == [("coppiona", 1)]
        with pytest.raises(NoStatsFor) as unknown:
            await views.player_stats(work, CHAT, "Zeno")
        assert unknown.value.known == ("Anna", "Bruno")
        (own,) = await views.own_stats(work, ANNA)
        assert (own.title, own.figures) == ("Tamalo", anna)
        (line, _) = await views.leaderboard(work, CHAT)
        assert (line.player, line.games, line.wins) == ("Anna", 1, 1)


async def test_the_history_to_export_and_the_look_of_the_charts(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        record = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=12))
        await records.seat(work, record, "Carlo")
    async with unit(db) as work:
        history = await views.history(work, CHAT)
        rows = [row async for batch in history.rows for row in batch]
        look = await views.look(work, CHAT)
    assert history.timezone == "Europe/Rome"
    assert [(r.hand, r.player, r.total) for r in rows] == [(1, "Anna", 3), (1, "Bruno", 12)]
    assert history.late_entries == {record.id: {"Carlo": (1, 12)}}
    assert look == views.Look("Europe/Rome", {"Anna": 0, "Bruno": 1, "Carlo": 2})


async def test_tonight_s_games(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        record = await start(work, ("Anna", "Bruno"), rules=Rules(mode=Mode.CONTRO))
    now = datetime.now(UTC)
    async with unit(db) as work:
        tonight = await views.night(work, CHAT, now - timedelta(hours=1), now + timedelta(hours=1))
        assert [r.id for r in tonight] == [record.id]
        with pytest.raises(NoGamesTonight):
            await views.night(work, CHAT, now + timedelta(hours=1), now + timedelta(hours=2))
