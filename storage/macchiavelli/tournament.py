"""A Macchiavelli tournament as stored: a ``tournaments`` row, and one ``games`` row of kind
``macchiavelli`` holding everyone's seat and the tournament's options as JSON (rounds, deals
per round, Danese, movement, jokers, the seed of the draw, who withdrew and from which
round). Each table's deal is a ``hands`` row of that game whose ``detail`` is JSON
``{"round": r, "table": t, "deal": [[player, points, cards or null], …]}``, numbered in the
order the deals were recorded. Plain values: the engine is run by ``play``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.macchiavelli import MACCHIAVELLI
from storage.states import GameState

#: ``games.kind`` of a tournament's game: Macchiavelli's.
KIND = MACCHIAVELLI
#: One player's line of a stored deal: name, points, the cards typed (``K,A,7``) or None.
DealLine = tuple[str, int, str | None]


@dataclass(frozen=True)
class StoredDeal:
    """A deal as stored: its number in recording order, its round and table, its lines."""

    number: int
    round: int
    table: int
    lines: tuple[DealLine, ...]


@dataclass(frozen=True)
class StoredTournament:
    """A tournament's rows: its id, its game's (seats in order, options) and its deals."""

    id: int
    chat_id: int
    game_id: int
    state: GameState
    players: tuple[str, ...]
    options: Mapping[str, Any]
    deals: tuple[StoredDeal, ...]
    #: The Telegram user who started it: its director.
    started_by: int | None = None

    @property
    def running(self) -> bool:
        return self.state is GameState.RUNNING


def _detail(round_: int, table: int, lines: Sequence[DealLine]) -> str:
    return json.dumps(
        {"round": round_, "table": table, "deal": [list(line) for line in lines]},
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _deal(number: int, text: str) -> StoredDeal:
    detail = json.loads(text)
    lines = tuple((str(p), int(points), cards) for p, points, cards in detail["deal"])
    return StoredDeal(number, int(detail["round"]), int(detail["table"]), lines)


class MacchiavelliTournaments:
    """Queries and changes on Macchiavelli tournaments, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def in_front(self, chat_id: int) -> bool:
        """Whether the chat's latest game is a Macchiavelli tournament's (running or over):
        one statement."""
        games = models.Game
        row = (
            await self.session.execute(
                select(games.kind, games.tournament_id)
                .where(games.chat_id == chat_id)
                .order_by(games.id.desc())
                .limit(1)
            )
        ).first()
        return row is not None and row[0] == KIND and row[1] is not None

    async def find(
        self, chat_id: int, *, running: bool = True
    ) -> tuple[int, int, GameState] | None:
        """The chat's running Macchiavelli tournament (``running=False``: or else the last
        one played): its game's id, its own id and its state."""
        games, tournaments = models.Game, models.Tournament
        query = (
            select(games.id, games.tournament_id, tournaments.state)
            .join(tournaments, tournaments.id == games.tournament_id)
            .where(games.chat_id == chat_id, games.kind == KIND)
            .order_by(games.id.desc())
            .limit(1)
        )
        if running:
            query = query.where(tournaments.state == GameState.RUNNING.value)
        row = (await self.session.execute(query)).first()
        if row is None:
            return None
        game_id, tournament_id, state = row
        assert tournament_id is not None  # joined on it
        return game_id, tournament_id, GameState(state)

    async def deals(self, game_id: int) -> tuple[StoredDeal, ...]:
        """A tournament's deals, in the order they were recorded."""
        rows = await self.session.execute(
            select(models.HandRow.number, models.HandRow.detail)
            .where(models.HandRow.game_id == game_id)
            .order_by(models.HandRow.number)
        )
        return tuple(_deal(number, detail) for number, detail in rows if detail)

    async def add_deal(
        self,
        tournament: StoredTournament,
        round_: int,
        table: int,
        lines: Sequence[DealLine],
        *,
        message_id: int | None,
        user_id: int | None,
    ) -> None:
        number = max((d.number for d in tournament.deals), default=0) + 1
        self.session.add(
            models.HandRow(
                game_id=tournament.game_id,
                number=number,
                message_id=message_id,
                user_id=user_id,
                recorded_at=models.utcnow(),
                detail=_detail(round_, table, lines),
            )
        )
        await self.session.flush()

    async def replace_deal(
        self, tournament: StoredTournament, number: int, deal: StoredDeal
    ) -> None:
        """Deal ``number`` (in recording order) counted again."""
        await self.session.execute(
            update(models.HandRow)
            .where(models.HandRow.game_id == tournament.game_id, models.HandRow.number == number)
            .values(detail=_detail(deal.round, deal.table, deal.lines))
        )

    async def remove_deal(self, tournament: StoredTournament, number: int) -> None:
        await self.session.execute(
            delete(models.HandRow).where(
                models.HandRow.game_id == tournament.game_id, models.HandRow.number == number
            )
        )

    async def set_options(self, tournament: StoredTournament, options: Mapping[str, Any]) -> None:
        """The options changed (who withdrew)."""
        await self.session.execute(
            update(models.Game)
            .where(models.Game.id == tournament.game_id)
            .values(options=json.dumps(dict(options), ensure_ascii=False))
        )

    async def set_state(
        self, tournament: StoredTournament, state: GameState, now: datetime
    ) -> None:
        """Finished when its last round is complete, running again if a deal of it is undone."""
        ended = None if state is GameState.RUNNING else now
        for model, row_id in (
            (models.Tournament, tournament.id),
            (models.Game, tournament.game_id),
        ):
            await self.session.execute(
                update(model).where(model.id == row_id).values(state=state.value, ended_at=ended)
            )


__all__ = ["KIND", "DealLine", "MacchiavelliTournaments", "StoredDeal", "StoredTournament"]
