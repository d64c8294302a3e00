"""What every game's figures share, read off what any game stores (its games, its deals, the
places each game keeps on its kind's rating ladder): what the chat-wide commands show of a
game that gives no panel of its own (``bot.table.Game``), so that no game is left out of a
command's answer, nor counted as another's."""

from __future__ import annotations

from datetime import datetime

from storage import GameCounts, LeaderboardLine, StoredGame, UnitOfWork
from storage.players import name_key


async def counts(work: UnitOfWork, chat_id: int, kind: str) -> GameCounts:
    """How much of the game ``kind`` the chat has played."""
    return await work.games.counts(chat_id, kind)


async def rating_line(
    work: UnitOfWork, chat_id: int, kind: str, name: str
) -> LeaderboardLine | None:
    """The player ``name``'s line on the rating ladder of ``kind``, if she finished a game."""
    key = name_key(name)
    lines = await work.results.leaderboard(chat_id, kind)
    return next((line for line in lines if name_key(line.player) == key), None)


async def started_between(
    work: UnitOfWork, chat_id: int, kind: str, start: datetime, end: datetime
) -> list[StoredGame]:
    """The chat's games of ``kind`` started in ``[start, end)``, annulled ones left out."""
    found = await work.games.started_between(chat_id, start, end)
    return [game for game in found if game.kind == kind]


async def games_of(work: UnitOfWork, chat_id: int, kind: str) -> list[StoredGame]:
    """Every game of ``kind`` the chat played (annulled ones left out), in order."""
    return await work.games.of_kind(chat_id, kind)
