"""Tres-sex votes: who opened each one, and which of the game's players agree to annul it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import insert_ignoring

_AGREEMENTS = cast(Table, models.Agreement.__table__)


@dataclass(frozen=True)
class Vote:
    """A vote as it stands; ``outcome`` is empty while it is open."""

    id: int
    game_id: int
    #: The Telegram user who opened it, who marks the players who agree.
    opened_by: int | None
    #: The players (their ids) who agree to annul the game.
    agreeing: frozenset[int]
    outcome: str | None


class VoteStore:
    """Votes and agreements, inside the caller's unit of work (which holds the chat's lock:
    presses of one vote apply one after another)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def open(self, game_id: int, user_id: int | None) -> Vote:
        """The game's open vote, or a new one, opened now by ``user_id``: a vote asked for
        again is the same vote, marked from the phone that asked."""
        vote_id = await self.session.scalar(
            select(models.Vote.id).where(
                models.Vote.game_id == game_id, models.Vote.outcome.is_(None)
            )
        )
        if vote_id is None:
            row = models.Vote(game_id=game_id, opened_by=user_id)
            self.session.add(row)
            await self.session.flush()
            vote_id = row.id
        else:
            await self.session.execute(
                update(models.Vote).where(models.Vote.id == vote_id).values(opened_by=user_id)
            )
        vote = await self.get(vote_id)
        assert vote is not None
        return vote

    async def get(self, vote_id: int) -> Vote | None:
        row = await self.session.get(models.Vote, vote_id, populate_existing=True)
        if row is None:
            return None
        agreeing = await self.session.scalars(
            select(models.Agreement.player_id).where(models.Agreement.vote_id == vote_id)
        )
        return Vote(row.id, row.game_id, row.opened_by, frozenset(agreeing), row.outcome)

    async def mark(self, vote_id: int, player_id: int, agrees: bool, by: int) -> None:
        """``player_id`` agrees, or not: the same mark twice (two phones pressing the same
        button at once) changes nothing the second time."""
        if agrees:
            await self.session.execute(
                insert_ignoring(self.session, _AGREEMENTS),
                {"vote_id": vote_id, "player_id": player_id, "marked_by": by,
                 "marked_at": models.utcnow()},
            )  # fmt: skip
        else:
            await self.session.execute(
                delete(models.Agreement).where(
                    models.Agreement.vote_id == vote_id, models.Agreement.player_id == player_id
                )
            )

    async def close(self, vote_id: int, outcome: str) -> None:
        await self.session.execute(
            update(models.Vote).where(models.Vote.id == vote_id).values(outcome=outcome)
        )
