"""Named moves (``/mossa``): recorded for a player of the chat, counted as a hall of fame."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.players import find_player
from storage.states import GameState


class NamedMoves:
    """Named moves of a chat, in the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def record(self, chat_id: int, name: str, move: str) -> tuple[str, int] | None:
        """``name`` made ``move``: returns the player's name as first typed and how many
        times they have made it now; ``None`` if nobody of that name played in the chat."""
        player = await find_player(self.session, chat_id, name)
        if player is None:
            return None
        game_id = await self.session.scalar(
            select(models.Seat.game_id)
            .join(models.Game, models.Game.id == models.Seat.game_id)
            .where(models.Seat.player_id == player.id, models.Game.state == GameState.RUNNING)
        )
        self.session.add(
            models.NamedMove(chat_id=chat_id, player_id=player.id, move=move, game_id=game_id)
        )
        await self.session.flush()
        times = await self.session.scalar(
            select(func.count()).where(
                models.NamedMove.player_id == player.id, models.NamedMove.move == move
            )
        )
        return player.name, times or 0

    async def of_player(self, player_id: int) -> list[tuple[str, int]]:
        """Each move the player made and how many times, the most made first."""
        rows = await self.session.execute(
            select(models.NamedMove.move, func.count())
            .where(models.NamedMove.player_id == player_id)
            .group_by(models.NamedMove.move)
            .order_by(func.count().desc(), models.NamedMove.move)
        )
        return [(move, count) for move, count in rows]

    async def champions(self, chat_id: int) -> list[tuple[str, str, int]]:
        """For each move made in the chat, who made it most (the first to get there on a tie):
        (move, player, times), the most made first."""
        rows = await self.session.execute(
            select(
                models.NamedMove.move,
                models.Player.name,
                func.count(),
                func.min(models.NamedMove.id),
            )
            .join(models.Player, models.Player.id == models.NamedMove.player_id)
            .where(models.NamedMove.chat_id == chat_id)
            .group_by(models.NamedMove.move, models.Player.name)
        )
        best: dict[str, tuple[str, int, int]] = {}
        for move, player, count, first in rows:
            if move not in best or (count, -first) > (best[move][1], -best[move][2]):
                best[move] = (player, count, first)
        ranked = sorted(best.items(), key=lambda item: (-item[1][1], item[0]))
        return [(move, player, count) for move, (player, count, _) in ranked]
