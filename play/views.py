"""What every game's chat-wide views share, read in one snapshot: how the chat's charts look
(its time zone and each player's colour), and a game kind's all-time rating ladder. Nothing
here changes a game."""

from __future__ import annotations

from dataclasses import dataclass

from storage import LeaderboardLine, UnitOfWork


@dataclass(frozen=True)
class Look:
    """How the chat's charts look: the time zone of their dates, and each player's colour."""

    timezone: str
    colours: dict[str, int]


async def look(work: UnitOfWork, chat_id: int) -> Look:
    settings = await work.chats.settings(chat_id)
    return Look(settings.timezone, await work.chats.colours(chat_id))


async def ladder(work: UnitOfWork, chat_id: int, kind: str) -> list[LeaderboardLine]:
    """The chat's all-time rating ladder of one game (``kind``): empty before its first game
    finished."""
    return await work.results.leaderboard(chat_id, kind)


async def ladders(work: UnitOfWork, chat_id: int) -> dict[str, list[LeaderboardLine]]:
    """Every game kind's all-time rating ladder in the chat, in one read (``/classifica
    generale``): a kind with no finished game has none."""
    return await work.results.leaderboards(chat_id)
