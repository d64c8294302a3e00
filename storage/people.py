"""People behind the names: ``/sonoio Anna`` links a Telegram user to a player of a chat."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import ChatStore
from storage.players import find_player


class PlayerTaken(Exception):
    """Another person already said they are this player."""


@dataclass(frozen=True)
class LinkedPlayer:
    """One of a person's players: the chat, its title when last seen, the name there."""

    chat_id: int
    title: str | None
    player: str


class People:
    """Links between Telegram users and players, in the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def names(self, chat_id: int) -> list[str]:
        """Every name ever used in the chat, in the order they first appeared."""
        found = await self.session.scalars(
            select(models.Player.name)
            .where(models.Player.chat_id == chat_id)
            .order_by(models.Player.id)
        )
        return list(found)

    async def link(self, chat_id: int, title: str | None, user_id: int, name: str) -> str | None:
        """``user_id`` is the chat's player ``name`` from now on (instead of any other player
        of the chat they were). Returns the player's name as first typed, ``None`` if nobody
        of that name played in the chat; ``PlayerTaken`` if someone else is that player."""
        player = await find_player(self.session, chat_id, name)
        if player is None:
            return None
        if player.user_id not in (None, user_id):
            raise PlayerTaken
        await self.session.execute(
            update(models.Player)
            .where(models.Player.chat_id == chat_id, models.Player.user_id == user_id)
            .values(user_id=None)
        )
        player.user_id = user_id
        chat = await ChatStore(self.session).ensure(chat_id)
        chat.title = title
        await self.session.flush()
        return player.name

    async def claim(self, chat_id: int, name: str) -> tuple[str, int | None] | None:
        """The chat's player ``name`` as first typed, and the person who said they are that
        player (``None``: nobody); ``None`` if nobody of that name played in the chat."""
        player = await find_player(self.session, chat_id, name)
        return None if player is None else (player.name, player.user_id)

    async def unlink(self, chat_id: int, name: str, user_id: int) -> bool:
        """``user_id`` is no longer the chat's player ``name``; ``False`` if they were not
        (someone changed it meanwhile)."""
        player = await find_player(self.session, chat_id, name)
        if player is None or player.user_id != user_id:
            return False
        player.user_id = None
        await self.session.flush()
        return True

    async def player_in(self, chat_id: int, user_id: int) -> str | None:
        """The player ``user_id`` said they are in the chat."""
        return await self.session.scalar(
            select(models.Player.name).where(
                models.Player.chat_id == chat_id, models.Player.user_id == user_id
            )
        )

    async def players_of(self, user_id: int) -> list[LinkedPlayer]:
        """Every player the person said they are, group by group (in the order linked)."""
        rows = await self.session.execute(
            select(models.Player.chat_id, models.Chat.title, models.Player.name)
            .join(models.Chat, models.Chat.id == models.Player.chat_id)
            .where(models.Player.user_id == user_id)
            .order_by(models.Player.id)
        )
        return [LinkedPlayer(chat_id, title, name) for chat_id, title, name in rows]
