"""A group upgraded to a supergroup gets a new chat id: its whole history moves with it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import ChatStore
from storage.games import GameStore
from storage.states import GameState


@dataclass(frozen=True)
class ChatMove:
    """What a move did: the old chat's games it closed (the new chat had a game going), and
    whether players merged (the ratings are then to be worked out again, by ``play``)."""

    closed: tuple[int, ...] = ()
    merged: bool = False


async def move_chat(session: AsyncSession, old: int, new: int) -> ChatMove | None:
    """Move every game, player, tournament, rating and setting of chat ``old`` to chat ``new``,
    in the caller's unit of work; returns ``None`` if there was nothing to move (a second call
    finds nothing). If the new chat has been used already, the histories merge: a name in
    both is one player."""
    if await session.get(models.Chat, old) is None:  # moved already (before the lock: on
        return None  # PostgreSQL the lock would create the row afresh, empty)
    chats = ChatStore(session)
    for chat_id in sorted((old, new)):  # always in the same order: no deadlock
        await chats.lock(chat_id)
    source = await session.get(models.Chat, old, populate_existing=True)
    if source is None:
        return None
    target = await chats.ensure(new)
    games = GameStore(session)
    closed: list[int] = []
    if await games.running_games(new):
        # The new chat has a game going already: the old chat's are closed as they stand.
        for stored in await games.running_games(old):
            await games.set_state(stored, GameState.FINISHED, datetime.now(UTC))
            closed.append(stored.id)
    # A person who is a player in both chats stays the one of the new chat.
    linked_in_new = select(models.Player.user_id).where(
        models.Player.chat_id == new, models.Player.user_id.is_not(None)
    )
    await session.execute(
        update(models.Player)
        .where(models.Player.chat_id == old, models.Player.user_id.in_(linked_in_new))
        .values(user_id=None)
    )
    merged = await _merge_players(session, old, new)

    old_games = select(models.Game.id).where(models.Game.chat_id == old)
    # The old chat's message ids mean nothing in the new chat.
    await session.execute(
        update(models.HandRow).where(models.HandRow.game_id.in_(old_games)).values(message_id=None)
    )
    moved = (models.Player, models.Tournament, models.Game, models.Rating, models.NamedMove)
    for table in (*moved, models.BoardToken):  # a scoreboard's link follows its game
        await session.execute(update(table).where(table.chat_id == old).values(chat_id=new))
    # Nor do its messages' questions: a repeated hand waiting, the last undo's reply.
    for asked in (models.HandledMessage, models.PendingHand, models.LastUndo):
        await session.execute(delete(asked).where(asked.chat_id == old))
    if target.timezone is None and not target.admins_only:
        target.timezone, target.admins_only = source.timezone, source.admins_only
    target.language = target.language or source.language
    await session.delete(source)
    await session.flush()
    if merged:
        # Seats and lines now name the kept players: the games' snapshots are read from
        # their rows again (and written anew) the next time they are loaded.
        await session.execute(
            update(models.Game).where(models.Game.chat_id == new).values(snapshot=None)
        )
    return ChatMove(tuple(closed), merged)


async def _merge_players(session: AsyncSession, old: int, new: int) -> bool:
    """Players of the old chat whose name the new chat has already become that player;
    returns whether the new chat had any player."""
    existing = {
        key: player_id
        for player_id, key in await session.execute(
            select(models.Player.id, models.Player.name_key).where(models.Player.chat_id == new)
        )
    }
    if not existing:
        return False
    moving = await session.execute(
        select(models.Player.id, models.Player.name_key, models.Player.user_id).where(
            models.Player.chat_id == old
        )
    )
    for player_id, key, user_id in moving.all():
        if (kept := existing.get(key)) is None:
            continue
        if user_id is not None:  # the person who was this player is the kept one now
            await session.execute(
                update(models.Player)
                .where(models.Player.id == kept, models.Player.user_id.is_(None))
                .values(user_id=user_id)
            )
        for table, column in (
            (models.Seat, models.Seat.player_id),
            (models.HandRow, models.HandRow.dealer_id),
            (models.HandResult, models.HandResult.player_id),
            (models.GameResult, models.GameResult.player_id),
            (models.NamedMove, models.NamedMove.player_id),
        ):
            await session.execute(update(table).where(column == player_id).values({column: kept}))
        await session.execute(delete(models.Rating).where(models.Rating.player_id == player_id))
        await session.execute(delete(models.Player).where(models.Player.id == player_id))
    return True
