"""A group upgraded to a supergroup, without Telegram: its history moves once."""

from __future__ import annotations

from play import lifecycle, views
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
        (game,) = await views.shown_games(work, SUPERGROUP)
        assert (game.id, game.game) == (before.id, before.game)
        assert await views.rules(work, CHAT) is None
