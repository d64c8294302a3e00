"""A group upgraded to a supergroup, without Telegram: its history moves once."""

from __future__ import annotations

from play import lifecycle, views
from play.tamalo import game, records, results
from play.tamalo import views as tamalo_views
from storage import Database, upgrade_schema
from tests.play.chat import CHAT, hand, start, unit

SUPERGROUP = -1001


async def test_the_history_moves_to_the_new_chat_once(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        before = await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=12))
    async with unit(db) as work:
        moved = await lifecycle.chat_moved(work, CHAT, SUPERGROUP)
    assert moved == lifecycle.ChatMoved(CHAT, SUPERGROUP, moved=True)
    async with unit(db) as work:
        assert not (await lifecycle.chat_moved(work, CHAT, SUPERGROUP)).moved
        (game,) = await tamalo_views.shown_games(work, await work.games.front(SUPERGROUP))
        assert (game.id, game.game) == (before.id, before.game)
        assert await work.games.front(CHAT) == ()


async def test_a_move_into_a_chat_with_the_same_players_merges_them_and_closes_the_old_game(
    db: Database,
) -> None:
    """The supergroup already knew Anna and Bruno (a game played there, another running): the
    old chat's Anna and Bruno become them, the old chat's running game is closed by the move
    and placed, and the ladder counts each of them once, with both finished games."""
    await upgrade_schema(db)
    async with unit(db) as work:
        there = await start(
            work, ("Anna", "Bruno"), hand(Anna=60, Bruno=12), hand(Anna=50, Bruno=3),
            chat_id=SUPERGROUP,
        )  # fmt: skip
        assert there.game.is_over()
        record = await records.get(work, there.id)
        assert record is not None
        await game.close(work, record)
    async with unit(db) as work:  # and a game running there when the chat moves
        await start(work, ("Anna", "Bruno"), hand(Anna=20, Bruno=20), chat_id=SUPERGROUP)
    async with unit(db) as work:
        await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=12))
    async with unit(db) as work:
        moved = await lifecycle.chat_moved(work, CHAT, SUPERGROUP)
        for stored in moved.closed:  # as the bot does: each game keeps its places
            await results.closed_by_move(work, stored)
        if moved.merged:
            await lifecycle.rerate(work, SUPERGROUP)
    assert moved.moved
    async with unit(db) as work:
        board = {line.player: line for line in await views.ladder(work, SUPERGROUP, "tamalo")}
        assert sorted(board) == ["Anna", "Bruno"]
        assert (board["Anna"].games, board["Anna"].wins) == (2, 1)
        assert (board["Bruno"].games, board["Bruno"].wins) == (2, 1)
