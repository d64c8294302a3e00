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
from storage.games import GameAlreadyRunning, GameStore, StoredGame
from storage.states import GameState
from storage.tournaments import TournamentStore

#: ``games.kind`` of a Macchiavelli game (a tournament's too).
KIND = "macchiavelli"
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

    async def latest(self, chat_id: int, *, running: bool = True) -> StoredTournament | None:
        """The chat's running Macchiavelli tournament (``running=False``: or else the last
        one played)."""
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
        return await self._read(game_id, tournament_id, GameState(state))

    async def start(
        self,
        chat_id: int,
        players: Sequence[str],
        options: Mapping[str, Any],
        *,
        started_by: int | None,
    ) -> StoredTournament:
        """A running tournament of ``players`` (names already known keep their first
        spelling). Refused (``GameAlreadyRunning``, ``TournamentRunning``) beside a running
        game or tournament."""
        store = GameStore(self.session)
        if (running := await store.running(chat_id)) is not None:
            raise GameAlreadyRunning(running.id)
        tournament_id = await TournamentStore(self.session).start(chat_id)
        game = await store.start(
            chat_id,
            players,
            options,
            kind=KIND,
            tournament_id=tournament_id,
            started_by=started_by,
        )
        return await self._read(game.id, tournament_id, GameState.RUNNING, game)

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
        await TournamentStore(self.session).set_state(tournament.id, state, now)
        row = await self.session.get_one(models.Game, tournament.game_id)
        row.state = state.value
        row.ended_at = None if state is GameState.RUNNING else now
        await self.session.flush()

    async def _read(
        self, game_id: int, tournament_id: int, state: GameState, game: StoredGame | None = None
    ) -> StoredTournament:
        if game is None:
            game = await GameStore(self.session).get(game_id)
            assert game is not None
        rows = await self.session.execute(
            select(models.HandRow.number, models.HandRow.detail)
            .where(models.HandRow.game_id == game_id)
            .order_by(models.HandRow.number)
        )
        return StoredTournament(
            id=tournament_id,
            chat_id=game.chat_id,
            game_id=game_id,
            state=state,
            players=tuple(seat.name for seat in game.played.seats),
            options=dict(game.options),
            deals=tuple(_deal(number, detail) for number, detail in rows if detail),
        )


__all__ = ["KIND", "DealLine", "MacchiavelliTournaments", "StoredDeal", "StoredTournament"]
