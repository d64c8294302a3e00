"""Games of a chat as stored: their rows, seats and hands, read in one statement off each
game's snapshot (``storage.stored``), and what happens to them written. No rules engine
runs here: ``play`` rebuilds each game from what is stored, and passes what it worked out
(a hand's points, who won) as plain values to be kept."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.chats import ChatStore
from storage.db import run
from storage.players import forget_if_traceless, name_key, player_ids
from storage.snapshots import StoredHand, plus_hand, remember, snapshot_text
from storage.states import GameState, Stage
from storage.stored import (
    ADD_HAND,
    ADD_LINES,
    ADD_SEATS,
    FRONT,
    GAME,
    GAMES,
    HANDS,
    LINES,
    RUNNING,
    RUNNING_GAMES,
    RUNNING_TOURNAMENT,
    SET_SNAPSHOT,
    Front,
    GameAlreadyRunning,
    GameCounts,
    Line,
    Options,
    StoredGame,
    TournamentRunning,
    counts,
    games,
    left_since,
    load,
    reload,
)

__all__ = [
    "Front",
    "GameAlreadyRunning",
    "GameCounts",
    "GameStore",
    "Line",
    "Options",
    "StoredGame",
    "TournamentRunning",
]


class GameStore:
    """Queries and changes on games, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def hand_of_message(self, chat_id: int, message_id: int) -> tuple[int, int] | None:
        """The hand the chat's message recorded: (its game's id, its number)."""
        row = (
            await self.session.execute(
                select(models.HandRow.game_id, models.HandRow.number)
                .join(models.Game, models.Game.id == models.HandRow.game_id)
                .where(models.Game.chat_id == chat_id, models.HandRow.message_id == message_id)
            )
        ).first()
        return None if row is None else (row[0], row[1])

    async def with_late_joiners(self, chat_id: int) -> list[StoredGame]:
        """The chat's games where someone sat down after the first hand."""
        with_joiners = (
            select(models.Seat.game_id)
            .join(models.Game, models.Game.id == models.Seat.game_id)
            .where(models.Game.chat_id == chat_id, models.Seat.joined_after > 0)
        )
        return await self._all(games().where(GAMES.c.id.in_(with_joiners)))

    async def recorded_by(self, game_ids: Sequence[int], user_id: int) -> bool:
        """Whether ``user_id`` started one of these games or sent one of their hands: the
        phone at the table."""
        games, hands = models.Game, models.HandRow
        started = select(games.id).where(games.id.in_(game_ids), games.started_by == user_id)
        sent = select(hands.id).where(hands.game_id.in_(game_ids), hands.user_id == user_id)
        found = await self.session.scalar(select(started.exists() | sent.exists()))
        return bool(found)

    async def hand_recorded_at(self, hand_id: int) -> datetime | None:
        recorded = await self.session.scalar(
            select(models.HandRow.recorded_at).where(models.HandRow.id == hand_id)
        )
        if recorded is not None and recorded.tzinfo is None:  # SQLite keeps no zone: UTC
            return recorded.replace(tzinfo=UTC)
        return recorded

    async def running(self, chat_id: int) -> StoredGame | None:
        """The chat's running game outside tournaments."""
        return await self._one(RUNNING, chat_id=chat_id)

    async def front(self, chat_id: int) -> Front:
        """The chat's games in front of it (``Front``): one statement, whatever their kind."""
        found = await self._all(FRONT, chat_id=chat_id)
        running = tuple(game for game in found if game.running)
        return running or tuple(found[-1:])

    async def running_games(self, chat_id: int) -> list[StoredGame]:
        """Every running game of the chat: one, or a tournament's tables side by side."""
        return await self._all(RUNNING_GAMES, chat_id=chat_id)

    async def tournament_games(self, tournament_id: int) -> list[StoredGame]:
        """A tournament's games as now stored (changes so far must have been flushed)."""
        return await self._all(
            games().where(models.Game.tournament_id == tournament_id).order_by(models.Game.id)
        )

    async def counts(self, chat_id: int, kind: str) -> GameCounts:
        """How much of the game ``kind`` the chat has played (two statements)."""
        return await counts(self.session, chat_id, kind)

    async def of_kind(self, chat_id: int, kind: str) -> list[StoredGame]:
        """Every game of ``kind`` the chat played, annulled ones left out, in order."""
        return await self._all(
            games()
            .where(
                models.Game.chat_id == chat_id,
                models.Game.kind == kind,
                models.Game.state != GameState.ANNULLED,
            )
            .order_by(models.Game.id)
        )

    async def started_between(
        self, chat_id: int, start: datetime, end: datetime
    ) -> list[StoredGame]:
        """The chat's games started in ``[start, end)``, annulled ones left out."""
        return await self._all(
            games()
            .where(
                models.Game.chat_id == chat_id,
                models.Game.started_at >= start,
                models.Game.started_at < end,
                models.Game.state != GameState.ANNULLED,
            )
            .order_by(models.Game.id)
        )

    async def get(self, game_id: int) -> StoredGame | None:
        return await self._one(GAME, game_id=game_id)

    async def latest(self, chat_id: int) -> StoredGame | None:
        """The running game, or else the last one played in the chat (annulled or not)."""
        return await self._one(
            games().where(models.Game.chat_id == chat_id).order_by(models.Game.id.desc()).limit(1)
        )

    async def start(
        self,
        chat_id: int,
        names: Sequence[str],
        options: Mapping[str, object],
        *,
        kind: str,
        variant: str | None = None,
        first_dealer: int = 0,
        tournament_id: int | None = None,
        stage: Stage | None = None,
        started_by: int | None = None,
    ) -> StoredGame:
        """A new running game of ``kind`` with these seats, its own ``options`` and its
        ``variant`` (what its history is grouped by, if anything); names already known keep
        their first spelling. ``started_by``: the Telegram user who started it.

        Outside a tournament, a chat runs one game at a time and none beside a tournament.
        """
        if tournament_id is None:
            if (running := await self.running(chat_id)) is not None:
                raise GameAlreadyRunning(running.id)
            if await self.session.scalar(RUNNING_TOURNAMENT, {"chat_id": chat_id}) is not None:
                raise TournamentRunning
        await ChatStore(self.session).ensure(chat_id)
        row = models.Game(
            chat_id=chat_id,
            kind=kind,
            options=json.dumps(dict(options), ensure_ascii=False),
            variant=variant,
            first_dealer=first_dealer,
            state=GameState.RUNNING.value,
            tournament_id=tournament_id,
            stage=stage.value if stage is not None else None,
            started_by=started_by,
        )
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as error:  # another process started one meanwhile
            raise GameAlreadyRunning from error
        players = await player_ids(self.session, chat_id, names)
        connection = await self.session.connection()
        await connection.execute(
            ADD_SEATS,
            [
                {"game_id": row.id, "player_id": players[name_key(name)], "position": position}
                for position, name in enumerate(names)
            ],
        )
        return await self._rebuild(row.id)

    async def seat(self, game: StoredGame, name: str) -> StoredGame:
        """A late joiner takes the next seat and plays from the next hand on."""
        players = await player_ids(self.session, game.chat_id, [name])
        self.session.add(
            models.Seat(
                game_id=game.id,
                player_id=players[name_key(name)],
                position=len(game.played.seats),
                joined_after=len(game.played.hands),
                joined_at=models.utcnow(),
            )
        )
        return await self._rebuild(game.id)

    async def last_join(self, game: StoredGame) -> str | None:
        """The late joiner who sat down last, if that is the game's latest change: no hand
        played since, and nobody left after."""
        played = game.played
        if not played.seats:
            return None
        position, last = len(played.seats) - 1, played.seats[-1]
        seat = await self.session.get(
            models.Seat, (game.id, last.player_id), populate_existing=True
        )
        if seat is None or seat.joined_at is None or seat.joined_after < len(played.hands):
            return None
        return None if left_since(played, position) else last.name

    async def unseat(self, game: StoredGame, name: str) -> StoredGame:
        """A late joiner who played no hand leaves no trace: their seat goes, and the player
        too if this was all they ever did in the chat."""
        player_id = game.player_ids[name]
        await self.session.execute(
            delete(models.Seat).where(
                models.Seat.game_id == game.id, models.Seat.player_id == player_id
            )
        )
        await forget_if_traceless(self.session, player_id)
        return await self._rebuild(game.id)

    async def add_hand(
        self,
        game: StoredGame,
        lines: Sequence[Line],
        dealer: str,
        message_id: int | None,
        user_id: int | None = None,
        detail: str | None = None,
    ) -> str:
        """Store the next hand, dealt by ``dealer``, with every player's line; ``user_id``
        is who sent it, ``detail`` the hand's own detail as JSON (``hands.detail``, for a
        game whose hands the lines do not hold whole). Three statements: the hand, its lines,
        the game's snapshot (``game`` as loaded in this unit of work, and the hand appended).
        Returns the snapshot now."""
        number = len(game.played.hands) + 1
        ids = game.player_ids
        connection = await self.session.connection()
        values: dict[str, object] = {
            "game_id": game.id,
            "number": number,
            "message_id": message_id,
            "user_id": user_id,
            "dealer_id": ids[dealer],
            "recorded_at": models.utcnow(),
        }
        if detail is not None:
            values["detail"] = detail
        # Each statement one trip to aiosqlite's thread on SQLite (``storage.db.run``).
        ((hand_id,),) = await run(connection, ADD_HAND, values)
        assert hand_id is not None
        await self._add_lines(ids, hand_id, lines)
        hand: StoredHand = tuple(line.stored(ids[line.player]) for line in lines)
        played = plus_hand(game.played, hand, hand_id)
        written = snapshot_text(played)
        await run(connection, SET_SNAPSHOT, {"game": game.id, "written": written})
        remember(written, played)  # the game's next load reads this text: already read
        return written

    async def replace_hand(
        self, game: StoredGame, number: int, lines: Sequence[Line], detail: str | None = None
    ) -> None:
        """Hand ``number`` reported again: its lines (and ``detail``) are replaced, its dealer
        stays."""
        hand_id = await self._hand_id(game, number)
        if detail is not None:
            await self.session.execute(
                update(HANDS).where(HANDS.c.id == hand_id).values(detail=detail)
            )
        await self.session.execute(delete(LINES).where(LINES.c.hand_id == hand_id))
        await self._add_lines(game.player_ids, hand_id, lines)
        await self._rebuild(game.id)

    async def _add_lines(self, ids: Mapping[str, int], hand_id: int, lines: Sequence[Line]) -> None:
        connection = await self.session.connection()
        await run(
            connection,
            ADD_LINES,
            [line.row(hand_id, ids[line.player], position) for position, line in enumerate(lines)],
        )

    async def leave(self, game: StoredGame, name: str) -> None:
        """``name`` plays no hand after the ones played so far."""
        seat = await self.session.get_one(models.Seat, (game.id, game.player_ids[name]))
        seat.left_after = len(game.played.hands)
        seat.left_before_seat = len(game.played.seats)  # who sits down later joins after
        await self._rebuild(game.id)

    async def _hand_id(self, game: StoredGame, number: int) -> int:
        hand_id = await self.session.scalar(
            select(models.HandRow.id).where(
                models.HandRow.game_id == game.id, models.HandRow.number == number
            )
        )
        assert hand_id is not None, f"game {game.id} has no hand {number}"
        return hand_id

    async def remove_last_hand(self, game: StoredGame) -> None:
        hand_id = await self._hand_id(game, len(game.played.hands))
        await self.session.execute(
            delete(models.HandResult).where(models.HandResult.hand_id == hand_id)
        )
        await self.session.execute(delete(models.HandRow).where(models.HandRow.id == hand_id))
        await self._rebuild(game.id)

    async def set_state(self, game: StoredGame, state: GameState, now: datetime) -> None:
        """Finish, reopen or annul a game (its places are ``play``'s to keep)."""
        row = await self.session.get_one(models.Game, game.id)
        row.state = state.value
        row.ended_at = None if state is GameState.RUNNING else now
        try:
            await self.session.flush()
        except IntegrityError as error:  # reopening while another game runs
            raise GameAlreadyRunning from error

    async def finished_without_results(self) -> list[StoredGame]:
        """Finished games with hands and no places (finished before places were kept), in
        the order they were started."""
        missing = select(models.Game.id).where(
            models.Game.state == GameState.FINISHED,
            select(models.HandRow.id).where(models.HandRow.game_id == models.Game.id).exists(),
            ~select(models.GameResult.game_id)
            .where(models.GameResult.game_id == models.Game.id)
            .exists(),
        )
        return await self._all(games().where(GAMES.c.id.in_(missing)).order_by(GAMES.c.id))

    async def delete(self, game: StoredGame) -> None:
        """Remove a game with no hands (a tournament final started too soon)."""
        assert not game.played.hands
        await self.session.execute(delete(models.Game).where(models.Game.id == game.id))

    async def set_options(self, game: StoredGame, options: Mapping[str, object]) -> StoredGame:
        """The game's own options changed (a lower target set before the first hand)."""
        written = json.dumps(dict(options), ensure_ascii=False)
        await self.session.execute(
            update(models.Game).where(models.Game.id == game.id).values(options=written)
        )
        return replace(game, options=tuple(sorted(options.items())))

    async def _one(self, query: Select[Any], **params: object) -> StoredGame | None:
        games = await self._all(query, **params)
        return games[0] if games else None

    async def _all(self, query: Select[Any], **params: object) -> list[StoredGame]:
        return await load(self.session, query, params)

    async def _rebuild(self, game_id: int) -> StoredGame:
        return await reload(self.session, game_id)
