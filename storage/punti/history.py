"""A chat's past rounds of one named points game, for "Chi vince?" (``scoring.punti.forecast``):
each player's round points in the chat's latest ``RECENT_GAMES`` games of that name that are
not annulled, but for the game being forecast (left out by the caller: its own rounds are in
its match, so the history changes only when a game of that name ends, and can be kept until
then)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.db import run
from storage.punti.named import KIND
from storage.states import GameState

#: The games of a name counted: the latest, so that a player's form is recent.
RECENT_GAMES = 100

_GAMES: Any = models.Game.__table__
_CHATS: Any = models.Chat.__table__
_ENDED = (
    _GAMES.c.chat_id == bindparam("chat"),
    _GAMES.c.kind == KIND,
    _GAMES.c.variant == bindparam("name"),
    _GAMES.c.state == GameState.FINISHED.value,
)
#: What a round's forecast reads first, in one statement built once: whether the chat wants
#: it (``/impostazioni previsione``), how many of its games of that name are finished and the
#: latest one's id (what a kept history is keyed by).
_FORECAST_KEY = select(
    select(_CHATS.c.forecast).where(_CHATS.c.id == bindparam("chat")).scalar_subquery(),
    select(func.count()).select_from(_GAMES).where(*_ENDED).scalar_subquery(),
    select(func.coalesce(func.max(_GAMES.c.id), 0)).where(*_ENDED).scalar_subquery(),
)


class RoundHistoryStore:
    """Read-only: what the forecast knows of a chat's players of one named points game."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def forecast_key(self, chat_id: int, name: str) -> tuple[bool, tuple[int, int]]:
        """Whether the chat's round replies carry the forecast's line, and how many of its
        games of ``name`` are finished with the latest one's id: one statement."""
        connection = await self.session.connection()
        rows = await run(connection, _FORECAST_KEY, {"chat": chat_id, "name": name})
        wanted, ended, latest = rows[0]
        return wanted is None or bool(wanted), (int(ended), int(latest))

    async def round_points(
        self, chat_id: int, name: str, leave_out: int | None = None
    ) -> dict[str, list[int]]:
        """Each player's round points in the chat's games of ``name`` but ``leave_out``'s,
        in order (one statement)."""
        game, hand, line, player = models.Game, models.HandRow, models.HandResult, models.Player
        recent = (
            select(game.id)
            .where(
                game.chat_id == chat_id,
                game.kind == KIND,
                game.variant == name,
                game.state != GameState.ANNULLED.value,
                game.id != (leave_out if leave_out is not None else -1),
            )
            .order_by(game.id.desc())
            .limit(RECENT_GAMES)
        )
        rows = await self.session.execute(
            select(player.name, line.value)
            .join(hand, hand.id == line.hand_id)
            .join(player, player.id == line.player_id)
            .where(hand.game_id.in_(recent))
            .order_by(hand.game_id, hand.number, line.position)
        )
        points: dict[str, list[int]] = {}
        for who, value in rows:
            points.setdefault(who, []).append(int(value))
        return points
