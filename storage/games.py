"""Games of a chat: load them as ``scoring.Game`` values, store what happens to them."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

import scoring
from storage import models
from storage.chats import ChatStore
from storage.results import Results


class GameState(enum.StrEnum):
    RUNNING = "running"
    FINISHED = "finished"
    #: Annulled by a tres-sex vote: kept, counted in no standings.
    ANNULLED = "annulled"


class Stage(enum.StrEnum):
    """Where a game stands in its tournament."""

    TABLE_1 = "1"
    TABLE_2 = "2"
    FINAL = "finale"


class GameAlreadyRunning(Exception):
    """The chat already has a running game (``players`` is empty if another process won)."""

    def __init__(self, players: Sequence[str] = ()) -> None:
        super().__init__(players)
        self.players = tuple(players)


class TournamentRunning(Exception):
    """The chat is in the middle of a tournament."""


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
    tournament_id: int | None = None
    stage: Stage | None = None
    #: Id of the chat's most recent hand of this game, to tell which game was played last.
    last_hand_id: int | None = None

    @property
    def running(self) -> bool:
        return self.state is GameState.RUNNING

    @property
    def is_final(self) -> bool:
        return self.stage is Stage.FINAL

    @property
    def is_table(self) -> bool:
        """One of a tournament's two tables."""
        return self.stage is not None and self.stage is not Stage.FINAL


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
    game = scoring.Game(
        players=tuple(seat.player.name for seat in row.seats),
        rules=rules_of(row),
        joined_after={s.player.name: s.joined_after for s in row.seats if s.joined_after},
        left_after={s.player.name: s.left_after for s in row.seats if s.left_after is not None},
        first_dealer=row.first_dealer,
    )
    for hand_row in row.hands:
        game = game.with_hand(_hand(hand_row))
    return GameRecord(
        id=row.id,
        chat_id=row.chat_id,
        state=GameState(row.state),
        started_at=row.started_at,
        ended_at=row.ended_at,
        game=game,
        player_ids={seat.player.name: seat.player_id for seat in row.seats},
        tournament_id=row.tournament_id,
        stage=Stage(row.stage) if row.stage is not None else None,
        last_hand_id=row.hands[-1].id if row.hands else None,
    )


def rules_of(row: models.Game) -> scoring.Rules:
    return scoring.Rules(
        mode=scoring.Mode(row.mode),
        target=row.target,
        tie_beats_caller=row.tie_beats_caller,
        jokers=row.jokers,
        quadri=row.quadri,
        six_cards=row.six_cards,
        dealer_tiebreak=row.dealer_tiebreak,
    )


def _hand(row: models.HandRow) -> scoring.Hand:
    results = sorted(row.results, key=lambda r: r.position)
    return scoring.Hand(
        tuple(scoring.Report(r.player.name, r.reported_total) for r in results),
        caller=next((r.player.name for r in results if r.is_caller), None),
        counter_caller=next((r.player.name for r in results if r.is_counter_caller), None),
        out=frozenset(r.player.name for r in results if r.is_out),
    )


def _call_won(scored: scoring.ScoredHand, player: str) -> bool | None:
    if player == scored.hand.caller:
        return scored.call_won
    if player == scored.hand.counter_caller:
        return scored.counter_won
    return None


@dataclass(frozen=True)
class Tally:
    """A tres-sex vote as it stands; ``outcome`` is empty while it is open."""

    id: int
    game_id: int
    yes: int
    no: int
    outcome: str | None


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

    async def claim_edit(self, chat_id: int, message_id: int, update_id: int) -> bool:
        """Mark an edit of a message (the update ``update_id`` carried it) as handled; returns
        whether the message had changed something before. An edit already handled, or older
        than one handled, raises ``MessageAlreadyHandled``."""
        key = (chat_id, message_id)
        handled = await self.session.get(models.HandledMessage, key, populate_existing=True)
        if handled is None:
            self.session.add(
                models.HandledMessage(
                    chat_id=chat_id, message_id=message_id, edit_update_id=update_id
                )
            )
            try:
                await self.session.flush()
            except IntegrityError as error:
                raise MessageAlreadyHandled from error
            return False
        if handled.edit_update_id is not None and handled.edit_update_id >= update_id:
            raise MessageAlreadyHandled
        handled.edit_update_id = update_id
        await self.session.flush()
        return True

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

    async def running(self, chat_id: int) -> GameRecord | None:
        """The chat's running game outside tournaments."""
        return await self._one(
            select(models.Game).where(
                models.Game.chat_id == chat_id,
                models.Game.state == GameState.RUNNING,
                models.Game.tournament_id.is_(None),
            )
        )

    async def running_games(self, chat_id: int) -> list[GameRecord]:
        """Every running game of the chat: one, or a tournament's tables side by side."""
        return await self._all(
            select(models.Game)
            .where(models.Game.chat_id == chat_id, models.Game.state == GameState.RUNNING)
            .order_by(models.Game.id)
        )

    async def tournament_games(self, tournament_id: int) -> list[GameRecord]:
        """A tournament's games as now stored (changes so far must have been flushed)."""
        self.session.expunge_all()
        return await self._all(
            select(models.Game)
            .where(models.Game.tournament_id == tournament_id)
            .order_by(models.Game.id)
        )

    async def started_between(
        self, chat_id: int, start: datetime, end: datetime
    ) -> list[GameRecord]:
        """The chat's games started in ``[start, end)``, annulled ones left out."""
        return await self._all(
            select(models.Game)
            .where(
                models.Game.chat_id == chat_id,
                models.Game.started_at >= start,
                models.Game.started_at < end,
                models.Game.state != GameState.ANNULLED,
            )
            .order_by(models.Game.id)
        )

    async def get(self, game_id: int) -> GameRecord | None:
        return await self._one(select(models.Game).where(models.Game.id == game_id))

    async def latest(self, chat_id: int) -> GameRecord | None:
        """The running game, or else the last one played in the chat (annulled or not)."""
        return await self._one(
            select(models.Game)
            .where(models.Game.chat_id == chat_id)
            .order_by(models.Game.id.desc())
            .limit(1)
        )

    async def start(
        self,
        chat_id: int,
        names: Sequence[str],
        rules: scoring.Rules,
        *,
        first_dealer: int = 0,
        tournament_id: int | None = None,
        stage: Stage | None = None,
    ) -> GameRecord:
        """A new running game with these seats; names already known keep their first spelling.

        Outside a tournament, a chat runs one game at a time and none beside a tournament.
        """
        if tournament_id is None:
            if (running := await self.running(chat_id)) is not None:
                raise GameAlreadyRunning(running.game.players)
            if await self.running_tournament(chat_id) is not None:
                raise TournamentRunning
        await ChatStore(self.session).ensure(chat_id)
        row = models.Game(
            chat_id=chat_id,
            mode=rules.mode.value,
            target=rules.target,
            tie_beats_caller=rules.tie_beats_caller,
            jokers=rules.jokers,
            quadri=rules.quadri,
            six_cards=rules.six_cards,
            dealer_tiebreak=rules.dealer_tiebreak,
            first_dealer=first_dealer,
            state=GameState.RUNNING.value,
            tournament_id=tournament_id,
            stage=stage.value if stage is not None else None,
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
        """Store the next hand with its dealer and every player's reported total, markers and
        points."""
        number = len(record.game.hands) + 1
        hand_row = models.HandRow(
            game_id=record.id,
            number=number,
            message_id=message_id,
            dealer_id=record.player_ids[record.game.dealer_of(number)],
        )
        self.session.add(hand_row)
        await self.session.flush()
        self._add_lines(record, hand_row.id, scored)
        await self.session.flush()

    async def replace_hand(
        self, record: GameRecord, number: int, scored: scoring.ScoredHand
    ) -> None:
        """Hand ``number`` reported again: its lines are replaced, its dealer stays."""
        hand_id = await self._hand_id(record, number)
        await self.session.execute(
            delete(models.HandResult).where(models.HandResult.hand_id == hand_id)
        )
        self._add_lines(record, hand_id, scored)
        await self.session.flush()
        if not record.running:
            await self._keep_results(record.id)

    def _add_lines(self, record: GameRecord, hand_id: int, scored: scoring.ScoredHand) -> None:
        hand = scored.hand
        for position, report in enumerate(hand.reports):
            self.session.add(
                models.HandResult(
                    hand_id=hand_id,
                    player_id=record.player_ids[report.player],
                    position=position,
                    reported_total=report.total,
                    is_caller=report.player == hand.caller,
                    is_counter_caller=report.player == hand.counter_caller,
                    is_out=report.player in hand.out,
                    points=scored.points[report.player],
                    call_won=_call_won(scored, report.player),
                )
            )

    async def leave(self, record: GameRecord, name: str) -> None:
        """``name`` plays no hand after the ones played so far."""
        seat = await self.session.get_one(models.Seat, (record.id, record.player_ids[name]))
        seat.left_after = len(record.game.hands)
        await self.session.flush()

    async def _hand_id(self, record: GameRecord, number: int) -> int:
        hand_id = await self.session.scalar(
            select(models.HandRow.id).where(
                models.HandRow.game_id == record.id, models.HandRow.number == number
            )
        )
        assert hand_id is not None, f"game {record.id} has no hand {number}"
        return hand_id

    async def remove_last_hand(self, record: GameRecord) -> None:
        hand_id = await self._hand_id(record, len(record.game.hands))
        await self.session.execute(
            delete(models.HandResult).where(models.HandResult.hand_id == hand_id)
        )
        await self.session.execute(delete(models.HandRow).where(models.HandRow.id == hand_id))
        if not record.running:
            await self._keep_results(record.id)

    async def set_state(self, record: GameRecord, state: GameState, now: datetime) -> None:
        """Finish, reopen or annul a game; its places and the ratings follow."""
        row = await self.session.get_one(models.Game, record.id)
        row.state = state.value
        row.ended_at = None if state is GameState.RUNNING else now
        try:
            await self.session.flush()
        except IntegrityError as error:  # reopening while another game runs
            raise GameAlreadyRunning from error
        await self._keep_results(record.id)

    async def _keep_results(self, game_id: int) -> None:
        """A finished game with hands has its places on the leaderboard; any other has none."""
        record = await self._reload(game_id)
        results = Results(self.session)
        if record.state is GameState.FINISHED and record.game.hands:
            placings = scoring.placings(record.game)
            await results.record(record.chat_id, game_id, placings, record.player_ids)
        else:
            await results.forget(record.chat_id, game_id)

    async def complete_results(self) -> int:
        """Give places and ratings to finished games that have none (finished before they
        were kept); returns how many. Run at start-up, after the schema upgrade."""
        missing = await self.session.scalars(
            select(models.Game.id)
            .where(
                models.Game.state == GameState.FINISHED,
                select(models.HandRow.id).where(models.HandRow.game_id == models.Game.id).exists(),
                ~select(models.GameResult.game_id)
                .where(models.GameResult.game_id == models.Game.id)
                .exists(),
            )
            .order_by(models.Game.id)
        )
        game_ids = list(missing)
        for game_id in game_ids:
            await self._keep_results(game_id)
        return len(game_ids)

    async def delete(self, record: GameRecord) -> None:
        """Remove a game with no hands (a tournament final started too soon)."""
        assert not record.game.hands
        await self.session.execute(delete(models.Game).where(models.Game.id == record.id))

    # --- tres-sex votes ---

    async def open_vote(self, record: GameRecord) -> int:
        """The id of the game's open vote, or of a new one."""
        open_id = await self.session.scalar(
            select(models.Vote.id).where(
                models.Vote.game_id == record.id, models.Vote.outcome.is_(None)
            )
        )
        if open_id is not None:
            return open_id
        vote = models.Vote(game_id=record.id)
        self.session.add(vote)
        await self.session.flush()
        return vote.id

    async def vote(self, vote_id: int) -> Tally | None:
        """A vote's game and counts; ``None`` for an unknown vote."""
        vote = await self.session.get(models.Vote, vote_id)
        if vote is None:
            return None
        rows = await self.session.execute(
            select(models.Ballot.yes, func.count())
            .where(models.Ballot.vote_id == vote_id)
            .group_by(models.Ballot.yes)
        )
        counts = {yes: count for yes, count in rows}
        return Tally(vote_id, vote.game_id, counts.get(True, 0), counts.get(False, 0), vote.outcome)

    async def cast(self, vote_id: int, user_id: int, yes: bool) -> bool:
        """Record one user's ballot; ``False`` if they had voted already."""
        if await self.session.get(models.Ballot, (vote_id, user_id)) is not None:
            return False
        self.session.add(models.Ballot(vote_id=vote_id, user_id=user_id, yes=yes))
        try:
            await self.session.flush()
        except IntegrityError:  # a second press raced the first
            return False
        return True

    async def close_vote(self, vote_id: int, outcome: str) -> None:
        vote = await self.session.get_one(models.Vote, vote_id)
        vote.outcome = outcome
        await self.session.flush()

    # --- tournaments ---

    async def running_tournament(self, chat_id: int) -> int | None:
        return await self.session.scalar(
            select(models.Tournament.id).where(
                models.Tournament.chat_id == chat_id,
                models.Tournament.state == GameState.RUNNING,
            )
        )

    async def start_tournament(self, chat_id: int) -> int:
        """A running tournament, with no game yet."""
        if (running := await self.running(chat_id)) is not None:
            raise GameAlreadyRunning(running.game.players)
        await ChatStore(self.session).ensure(chat_id)
        row = models.Tournament(chat_id=chat_id, state=GameState.RUNNING.value)
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as error:  # another process started one meanwhile
            raise TournamentRunning from error
        return row.id

    async def set_tournament_state(
        self, tournament_id: int, state: GameState, now: datetime
    ) -> None:
        row = await self.session.get_one(models.Tournament, tournament_id)
        row.state = state.value
        row.ended_at = None if state is GameState.RUNNING else now
        await self.session.flush()

    async def _one(self, query: Select[models.Game]) -> GameRecord | None:
        row = await self.session.scalar(query.options(*_WITH_EVERYTHING))
        return _to_record(row) if row is not None else None

    async def _all(self, query: Select[models.Game]) -> list[GameRecord]:
        rows = await self.session.scalars(query.options(*_WITH_EVERYTHING))
        return [_to_record(row) for row in rows]

    async def _reload(self, game_id: int) -> GameRecord:
        self.session.expunge_all()  # the relationships just changed: load them afresh
        record = await self._one(select(models.Game).where(models.Game.id == game_id))
        assert record is not None
        return record

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
