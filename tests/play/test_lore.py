"""/mossa without Telegram: a named move counts for a player of the chat."""

from __future__ import annotations

import pytest

from play.errors import UnknownPlayer
from play.tamalo import lore
from storage import Database, upgrade_schema
from storage.tamalo.named import NamedMoves
from tests.play.chat import CHAT, hand, start, unit


async def test_each_move_recorded_counts_once_more(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        with pytest.raises(UnknownPlayer) as nobody:
            await lore.record_move(work, CHAT, "Anna", "coppiona")
        assert nobody.value.known == ()
    async with unit(db) as work:
        await start(work, ("Anna", "Bruno"), hand(Anna=3, Bruno=12))
    async with unit(db) as work:
        assert await lore.record_move(work, CHAT, "anna", "coppiona") == lore.MoveRecorded(
            "Anna", 1
        )
        assert await lore.record_move(work, CHAT, "Anna", "coppiona") == lore.MoveRecorded(
            "Anna", 2
        )
        with pytest.raises(UnknownPlayer) as unknown:
            await lore.record_move(work, CHAT, "Zeno", "coppiona")
        assert unknown.value.known == ("Anna", "Bruno")
    async with unit(db) as work:
        anna = (await work.games.running_games(CHAT))[0].player_ids["Anna"]
        assert await work.store(NamedMoves).of_player(anna) == [("coppiona", 2)]
