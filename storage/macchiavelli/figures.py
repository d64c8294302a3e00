"""A chat's Macchiavelli home games as figures, counted by the database: a player's games,
wins, deals, points and deals closed (``/stats Nome``), and every line of every deal for
``/esporta``. A tournament's deals are not home deals (its own ``/esporta`` writes them).

Game figures count finished games (their places, ``game_results``); deal figures count every
deal of the games that are not annulled, the running one included, as Tamalo's do."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import QueryableAttribute, aliased

from storage import models
from storage.macchiavelli import CLOSED, MACCHIAVELLI
from storage.players import find_player
from storage.states import GameState

_GAME = models.Game
#: A home game: Macchiavelli's, and no tournament's.
_HOME = (_GAME.kind == MACCHIAVELLI, _GAME.tournament_id.is_(None))


def _count(condition: ColumnElement[bool] | QueryableAttribute[bool]) -> ColumnElement[int]:
    """How many rows meet ``condition`` (booleans do not add up on every database)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


@dataclass(frozen=True)
class HomeFigures:
    """A player's Macchiavelli home games in a chat."""

    player: str
    games: int  # finished
    wins: int
    deals: int
    points: int  # over ``deals``
    closed: int  # deals they closed


class DealLineRow(NamedTuple):
    """One player's line of one deal of a home game, in the order played."""

    game: int
    started_at: datetime
    state: str
    deal: int
    dealer: str | None
    player: str
    points: int
    closed: bool
    detail: str | None  # the deal's card lists (``storage.macchiavelli.detail_of``)


class HomeFiguresStore:
    """Read-only: what ``/stats`` and ``/esporta`` tell of a chat's Macchiavelli home games."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def player(self, chat_id: int, name: str) -> HomeFigures | None:
        """``name``'s figures; ``None`` if nobody of that name played a home deal or game."""
        played = select(_GAME.id).where(_GAME.chat_id == chat_id, *_HOME).limit(1)
        if await self.session.scalar(played) is None:  # most chats: one short read
            return None
        player = await find_player(self.session, chat_id, name)
        if player is None:
            return None
        results = models.GameResult
        games, wins = (
            await self.session.execute(
                select(func.count(), _count(results.won))
                .join(_GAME, _GAME.id == results.game_id)
                .where(results.player_id == player.id, *_HOME)
            )
        ).one()
        line, hand = models.HandResult, models.HandRow
        deals, points, closed = (
            await self.session.execute(
                select(
                    func.count(),
                    func.coalesce(func.sum(line.points), 0),
                    _count(line.flags.op("&")(CLOSED) != 0),
                )
                .join(hand, hand.id == line.hand_id)
                .join(_GAME, _GAME.id == hand.game_id)
                .where(line.player_id == player.id, _GAME.state != GameState.ANNULLED.value, *_HOME)
            )
        ).one()
        if not games and not deals:
            return None
        return HomeFigures(player.name, games, wins, deals, int(points), closed)

    async def lines(self, chat_id: int) -> list[DealLineRow]:
        """Every line of every deal of the chat's home games: by game, deal and seat (as
        seated, clockwise: not as typed)."""
        hand, line, seat = models.HandRow, models.HandResult, models.Seat
        player, dealer = aliased(models.Player), aliased(models.Player)
        rows = await self.session.execute(
            select(
                _GAME.id,
                _GAME.started_at,
                _GAME.state,
                hand.number,
                dealer.name,
                player.name,
                line.points,
                line.flags.op("&")(CLOSED) != 0,
                hand.detail,
            )
            .select_from(line)
            .join(hand, hand.id == line.hand_id)
            .join(_GAME, _GAME.id == hand.game_id)
            .join(player, player.id == line.player_id)
            .join(seat, (seat.game_id == _GAME.id) & (seat.player_id == line.player_id))
            .outerjoin(dealer, dealer.id == hand.dealer_id)
            .where(_GAME.chat_id == chat_id, *_HOME)
            .order_by(_GAME.id, hand.number, seat.position)
        )
        return [DealLineRow._make(row) for row in rows]
