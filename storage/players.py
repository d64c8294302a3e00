"""A chat's players by name: names match whatever their case, and a name typed without the
accents of a player's (``Nicolo``) is that player."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import cast

from sqlalchemy import Table, bindparam, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import insert_ignoring

_PLAYERS = cast(Table, models.Player.__table__)
_PLAYER_IDS = select(_PLAYERS.c.name_key, _PLAYERS.c.id).where(
    _PLAYERS.c.chat_id == bindparam("chat_id"),
    _PLAYERS.c.name_key.in_(bindparam("keys", expanding=True)),
)
_KEYS_OF_CHAT = select(_PLAYERS.c.name_key, _PLAYERS.c.id).where(
    _PLAYERS.c.chat_id == bindparam("chat_id")
)


def name_key(name: str) -> str:
    """Names match case-insensitively."""
    return name.casefold()


def without_accents(key: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))


async def find_player(session: AsyncSession, chat_id: int, name: str) -> models.Player | None:
    """The chat's player by that name, whatever its case, else the one whose name differs
    only by accents (``Nicolo`` is ``Nicolò``); ``None`` if nobody of that name played."""
    found = await session.scalar(
        select(models.Player).where(
            models.Player.chat_id == chat_id, models.Player.name_key == name_key(name)
        )
    )
    if found is not None:
        return found
    players = (
        await session.scalars(select(models.Player).where(models.Player.chat_id == chat_id))
    ).all()
    folded = [p for p in players if without_accents(p.name_key) == without_accents(name_key(name))]
    return folded[0] if len(folded) == 1 else None


async def player_ids(session: AsyncSession, chat_id: int, names: Sequence[str]) -> dict[str, int]:
    """The ids of the chat's players by these names (by ``name_key``); a name typed without
    the accents of a player's (``Nicolo``) is that player, and who is new is created with
    this spelling."""
    connection = await session.connection()
    known = dict((await connection.execute(_KEYS_OF_CHAT, {"chat_id": chat_id})).all())
    folded: dict[str, list[str]] = {}
    for key in known:
        folded.setdefault(without_accents(key), []).append(key)
    keys: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        twins = folded.get(without_accents(key), [])
        keys[name_key(name)] = twins[0] if key not in known and len(twins) == 1 else key
    new = {key: name for name in names if (key := keys[name_key(name)]) not in known}
    if new:
        await connection.execute(
            insert_ignoring(session, _PLAYERS),
            [{"chat_id": chat_id, "name": name, "name_key": key} for key, name in new.items()],
        )
        rows = await connection.execute(_PLAYER_IDS, {"chat_id": chat_id, "keys": list(new)})
        known |= dict(rows.all())
    return {typed: known[key] for typed, key in keys.items()}


async def forget_if_traceless(session: AsyncSession, player_id: int) -> None:
    """The player goes if nothing in the chat is theirs: no seat at any game, no hand, no
    deal dealt, no named move, no result, and nobody said ``/sonoio`` with their name."""
    traces = [
        select(models.Seat.game_id).where(models.Seat.player_id == player_id),
        select(models.HandResult.hand_id).where(models.HandResult.player_id == player_id),
        select(models.HandRow.id).where(models.HandRow.dealer_id == player_id),
        select(models.NamedMove.id).where(models.NamedMove.player_id == player_id),
        select(models.GameResult.game_id).where(models.GameResult.player_id == player_id),
        select(models.Player.id).where(
            models.Player.id == player_id, models.Player.user_id.is_not(None)
        ),
    ]
    if not await session.scalar(select(or_(*(t.exists() for t in traces)))):
        await session.execute(delete(models.Player).where(models.Player.id == player_id))
