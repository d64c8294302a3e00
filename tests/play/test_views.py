"""What the chat looks at, without Telegram: the games the standings and charts show, the
figures, the history to export, and the refusals when there is nothing to show."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from play import people, views
from play.errors import GameAnnulled, NoGameYet, NoHandsToDraw
from play.tamalo import lore, records, results
from play.tamalo import views as tamalo_views
from scoring.tamalo import Mode, Rules
from storage import Database, GameState, Stage, UnitOfWork, upgrade_schema
from tests.play.chat import CHAT, hand, start, unit

NOW = datetime(2026, 11, 23, 21, 0, tzinfo=UTC)
ANNA = 7


async def shown(work: UnitOfWork, chat_id: int = CHAT) -> list[records.GameRecord]:
    return await tamalo_views.shown_games(work, await work.games.front(chat_id))


async def drawn(work: UnitOfWork, chat_id: int = CHAT) -> list[records.GameRecord]:
    return await tamalo_views.to_draw(work, await work.games.front(chat_id))


async def test_nothing_to_show_in_a_chat_that_never_played(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        for view in (shown(work), drawn(work)):
            with pytest.raises(NoGameYet):
                await view
        assert await views.ladder(work, CHAT, "tamalo") == []
        assert await tamalo_views.night(work, CHAT, NOW - timedelta(hours=12), NOW) == []
        assert await tamalo_views.player_figures(work, CHAT, "Anna") is None
        chat = await tamalo_views.chat_stats(work, CHAT)
        assert (chat.played, chat.champions) == (False, [])


async def test_the_running_game_or_else_the_last_one_is_shown(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        first = await start(work, ("Anna", "Bruno"), rules=Rules(target=20))
    async with unit(db) as work:
        with pytest.raises(NoHandsToDraw):
            await drawn(work)
        assert [r.id for r in await shown(work)] == [first.id]
        record = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=25), chat_id=CHAT - 1)
        await results.set_state(work, record, GameState.FINISHED, NOW)
    async with unit(db) as work:
        found = await drawn(work, CHAT - 1)
        assert [(r.id, r.state) for r in found] == [(record.id, GameState.FINISHED)]
        await results.set_state(work, first, GameState.ANNULLED, NOW)
    async with unit(db) as work:
        with pytest.raises(GameAnnulled):
            await shown(work)


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
        found = await shown(work)
    assert [r.id for r in found] == [t.id for t in tables]  # the finished table too


async def test_figures_of_the_chat_of_a_player_and_of_a_person(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        record = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=25))
        await results.set_state(work, record, GameState.FINISHED, NOW)
        await lore.record_move(work, CHAT, "Anna", "coppiona")
        await people.link(work, CHAT, "Tamalo", ANNA, "Anna")
    async with unit(db) as work:
        chat = await tamalo_views.chat_stats(work, CHAT)
        assert chat.played
        assert (chat.overview.finished, chat.overview.last_winners) == (1, ("Anna",))
        assert chat.champions == [("coppiona", "Anna", 1)]
        anna = await tamalo_views.player_figures(work, CHAT, "anna")
        assert anna is not None
        assert (anna.stats.player, anna.stats.games, anna.stats.wins) == ("Anna", 1, 1)
        assert anna.moves == [("coppiona", 1)]
        assert await tamalo_views.player_figures(work, CHAT, "Zeno") is None
        assert await work.people.names(CHAT) == ["Anna", "Bruno"]
        (line, _) = await views.ladder(work, CHAT, "tamalo")
        assert (line.player, line.games, line.wins) == ("Anna", 1, 1)


async def test_the_history_to_export_and_the_look_of_the_charts(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        record = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=12))
        await records.seat(work, record, "Carlo")
    async with unit(db) as work:
        history = await tamalo_views.history(work, CHAT)
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
        tonight = await tamalo_views.night(
            work, CHAT, now - timedelta(hours=1), now + timedelta(hours=1)
        )
        assert [r.id for r in tonight] == [record.id]
        later = now + timedelta(hours=1), now + timedelta(hours=2)
        assert await tamalo_views.night(work, CHAT, *later) == []
