"""Games of a chat: load them as ``scoring.Game`` values, store what happens to them."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

import scoring
from storage import models


class GameState(enum.StrEnum):
    RUNNING = "running"
    FINISHED = "finished"


class GameAlreadyRunning(Exception):
    """The chat already has a running game (``players`` is empty if another process won)."""

    def __init__(self, players: Sequence[str] = ()) -> None:
        super().__init__(players)
        self.players = tuple(players)


class MessageAlreadyHandled(Exception):
    """This chat message already changed something (a redelivered update)."""


@dataclass(frozen=True)
class GameRecord:
    """A stored game: its id and state, and the game itself for the rules engine."""

    id: int
    chat_id: int
    state: GameState
    started_at: datetime
    ended_at: datetime | None
    game: scoring.Game
    player_ids: Mapping[str, int]

    @property
    def running(self) -> bool:
        return self.state is GameState.RUNNING


def name_key(name: str) -> str:
    """Names match case-insensitively."""
    return name.casefold()


_WITH_EVERYTHING = (
    selectinload(models.Game.seats).selectinload(models.Seat.player),
    selectinload(models.Game.hands)
    .selectinload(models.HandRow.results)
    .selectinload(models.HandResult.player),
)


def _to_record(row: models.Game) -> GameRecord:
    """Rebuild the game from its hands' reported totals.

    Points are scored again by the rules engine; the stored ``points`` column is a copy kept
    for statistics in SQL.
    """
    rules = scoring.Rules(
        mode=scoring.Mode(row.mode),
        target=row.target,
        tie_beats_caller=row.tie_beats_caller,
        jokers=row.jokers,
    )
    game = scoring.Game(
        players=tuple(seat.player.name for seat in row.seats),
        rules=rules,
        joined_after={s.player.name: s.joined_after for s in row.seats if s.joined_after},
    )
    for hand_row in row.hands:
        results = sorted(hand_row.results, key=lambda r: r.position)
        caller = next((r.player.name for r in results if r.is_caller), None)
        reports = tuple(scoring.Report(r.player.name, r.reported_total) for r in results)
        game = game.with_hand(scoring.Hand(reports, caller))
    return GameRecord(
        id=row.id,
        chat_id=row.chat_id,
        state=GameState(row.state),
        started_at=row.started_at,
        ended_at=row.ended_at,
        game=game,
        player_ids={seat.player.name: seat.player_id for seat in row.seats},
    )


class GameStore:
    """Queries and changes on games, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def claim_message(self, chat_id: int, message_id: int) -> None:
        """Mark a command's message as handled; a second time raises ``MessageAlreadyHandled``."""
        if await self.session.get(models.HandledMessage, (chat_id, message_id)) is not None:
            raise MessageAlreadyHandled
        self.session.add(models.HandledMessage(chat_id=chat_id, message_id=message_id))
        try:
            await self.session.flush()
        except IntegrityError as error:  # another process handled it meanwhile
            raise MessageAlreadyHandled from error

    async def running(self, chat_id: int) -> GameRecord | None:
        return await self._one(
            select(models.Game).where(
                models.Game.chat_id == chat_id, models.Game.state == GameState.RUNNING
            )
        )

    async def latest(self, chat_id: int) -> GameRecord | None:
        """The running game, or else the last one played in the chat."""
        return await self._one(
            select(models.Game)
            .where(models.Game.chat_id == chat_id)
            .order_by(models.Game.id.desc())
            .limit(1)
        )

    async def start(self, chat_id: int, names: Sequence[str], rules: scoring.Rules) -> GameRecord:
        """A new running game with these seats; names already known keep their first spelling."""
        if (running := await self.running(chat_id)) is not None:
            raise GameAlreadyRunning(running.game.players)
        await self._ensure_chat(chat_id)
        row = models.Game(
            chat_id=chat_id,
            mode=rules.mode.value,
            target=rules.target,
            tie_beats_caller=rules.tie_beats_caller,
            jokers=rules.jokers,
            state=GameState.RUNNING.value,
        )
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as error:  # another process started one meanwhile
            raise GameAlreadyRunning from error
        for position, name in enumerate(names):
            player = await self._player(chat_id, name)
            self.session.add(models.Seat(game_id=row.id, player_id=player.id, position=position))
        await self.session.flush()
        return await self._reload(row.id)

    async def seat(self, record: GameRecord, name: str) -> GameRecord:
        """A late joiner takes the next seat and plays from the next hand on."""
        player = await self._player(record.chat_id, name)
        self.session.add(
            models.Seat(
                game_id=record.id,
                player_id=player.id,
                position=len(record.game.players),
                joined_after=len(record.game.hands),
            )
        )
        await self.session.flush()
        return await self._reload(record.id)

    async def add_hand(
        self, record: GameRecord, scored: scoring.ScoredHand, message_id: int | None
    ) -> None:
        """Store the next hand with every player's reported total, caller flag and points."""
        hand_row = models.HandRow(
            game_id=record.id, number=len(record.game.hands) + 1, message_id=message_id
        )
        self.session.add(hand_row)
        await self.session.flush()
        for position, report in enumerate(scored.hand.reports):
            self.session.add(
                models.HandResult(
                    hand_id=hand_row.id,
                    player_id=record.player_ids[report.player],
                    position=position,
                    reported_total=report.total,
                    is_caller=report.player == scored.hand.caller,
                    points=scored.points[report.player],
                )
            )
        await self.session.flush()

    async def remove_last_hand(self, record: GameRecord) -> None:
        number = len(record.game.hands)
        hand_id = await self.session.scalar(
            select(models.HandRow.id).where(
                models.HandRow.game_id == record.id, models.HandRow.number == number
            )
        )
        await self.session.execute(
            delete(models.HandResult).where(models.HandResult.hand_id == hand_id)
        )
        await self.session.execute(delete(models.HandRow).where(models.HandRow.id == hand_id))

    async def set_state(self, record: GameRecord, state: GameState, now: datetime) -> None:
        row = await self.session.get_one(models.Game, record.id)
        row.state = state.value
        row.ended_at = None if state is GameState.RUNNING else now
        try:
            await self.session.flush()
        except IntegrityError as error:  # reopening while another game runs
            raise GameAlreadyRunning from error

    async def _one(self, query: Select[models.Game]) -> GameRecord | None:
        row = await self.session.scalar(query.options(*_WITH_EVERYTHING))
        return _to_record(row) if row is not None else None

    async def _reload(self, game_id: int) -> GameRecord:
        self.session.expunge_all()  # the relationships just changed: load them afresh
        record = await self._one(select(models.Game).where(models.Game.id == game_id))
        assert record is not None
        return record

    async def _ensure_chat(self, chat_id: int) -> None:
        if await self.session.get(models.Chat, chat_id) is None:
            self.session.add(models.Chat(id=chat_id))
            await self.session.flush()

    async def _player(self, chat_id: int, name: str) -> models.Player:
        """The chat's player by that name, created with this spelling if new."""
        key = name_key(name)
        player = await self.session.scalar(
            select(models.Player).where(
                models.Player.chat_id == chat_id, models.Player.name_key == key
            )
        )
        if player is None:
            player = models.Player(chat_id=chat_id, name=name, name_key=key)
            self.session.add(player)
            await self.session.flush()
        return player
