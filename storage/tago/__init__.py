"""What only Tagò stores: a night's events (hands, re-buys, curiosi) as ``hands`` rows, each
with its detail as JSON in ``hands.detail``, and the night's table in ``games.options``.
Plain texts and numbers: ``play.tago`` writes and reads the JSON, and runs the engine."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, bindparam, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.db import run
from storage.players import find_player, forget_if_traceless, player_ids
from storage.states import GameState

TAGO = "tago"

# The statements of every hand, built once: on SQLite each is one trip to aiosqlite's thread
# (``storage.db.run``), as Tamalo's hand's are.
_HANDS = cast(Table, models.HandRow.__table__)
_EVENTS = (
    select(_HANDS.c.number, _HANDS.c.detail, _HANDS.c.message_id)
    .where(_HANDS.c.game_id == bindparam("game_id"))
    .order_by(_HANDS.c.number)
)
_ADD_EVENT = insert(_HANDS)


@dataclass(frozen=True)
class StoredEvent:
    """One event of a night: its number (in order, gaps allowed after an undo), its detail
    as stored and the message that recorded it."""

    number: int
    detail: str
    message_id: int | None = None


class NightStore:
    """A night's events and options, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def know_players(self, chat_id: int, names: list[str]) -> None:
        """Players seated after the night opened (``/entra``) are the chat's players too,
        as those seated at the start are: ``/stats Elena`` finds her."""
        await player_ids(self.session, chat_id, names)

    async def forget_player(self, chat_id: int, name: str) -> None:
        """An arrival taken back (``/annulla``): the player goes too if nothing stored is
        hers (``storage.players.forget_if_traceless``)."""
        player = await find_player(self.session, chat_id, name)
        if player is not None:
            await forget_if_traceless(self.session, player.id)

    async def events(self, game_id: int) -> tuple[StoredEvent, ...]:
        session = self.session
        if session.new or session.dirty or session.deleted:
            await session.flush()  # what this unit of work changed, as the query sees it
        rows = await run(await session.connection(), _EVENTS, {"game_id": game_id})
        return tuple(
            StoredEvent(number, detail or "{}", message) for number, detail, message in rows
        )

    async def night_ids(self, chat_id: int) -> list[int]:
        """The chat's nights of Tagò, running or closed (annulled ones left out), in order."""
        ids = await self.session.scalars(
            select(models.Game.id)
            .where(
                models.Game.chat_id == chat_id,
                models.Game.kind == TAGO,
                models.Game.state != GameState.ANNULLED.value,
            )
            .order_by(models.Game.id)
        )
        return list(ids)

    async def add_event(
        self,
        game_id: int,
        detail: str,
        *,
        message_id: int | None,
        user_id: int | None,
        dealer_id: int | None = None,
        last: int | None = None,
    ) -> StoredEvent:
        """The next event, numbered after the last one stored: ``last``, when the caller
        read the night's events in this unit of work (else it is read here)."""
        if last is None:
            last = await self.session.scalar(
                select(models.HandRow.number)
                .where(models.HandRow.game_id == game_id)
                .order_by(models.HandRow.number.desc())
                .limit(1)
            )
        number = (last or 0) + 1
        values = {
            "game_id": game_id,
            "number": number,
            "message_id": message_id,
            "user_id": user_id,
            "dealer_id": dealer_id,
            "recorded_at": models.utcnow(),
            "detail": detail,
        }
        await run(await self.session.connection(), _ADD_EVENT, values)
        return StoredEvent(number, detail, message_id)

    async def replace_event(self, game_id: int, number: int, detail: str) -> None:
        await self.session.execute(
            update(models.HandRow)
            .where(models.HandRow.game_id == game_id, models.HandRow.number == number)
            .values(detail=detail)
        )

    async def remove_event(self, game_id: int, number: int) -> None:
        await self.session.execute(
            delete(models.HandRow).where(
                models.HandRow.game_id == game_id, models.HandRow.number == number
            )
        )

    async def set_options(self, game_id: int, options: Mapping[str, object]) -> None:
        await self.session.execute(
            update(models.Game)
            .where(models.Game.id == game_id)
            .values(options=json.dumps(dict(options)))
        )

    async def last_closed_options(self, chat_id: int) -> dict[str, object] | None:
        """The options of the chat's last night closed (its jackpot at the close), if any."""
        options = await self.session.scalar(
            select(models.Game.options)
            .where(
                models.Game.chat_id == chat_id,
                models.Game.kind == TAGO,
                models.Game.state == GameState.FINISHED.value,
            )
            .order_by(models.Game.id.desc())
            .limit(1)
        )
        return None if options is None else dict(json.loads(options))
