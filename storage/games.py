"""Games of a chat: load them as ``tamalo.Game`` values, store what happens to them."""

from __future__ import annotations

import enum
import itertools
import json
import unicodedata
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import Select, Table, bindparam, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from scoring import tamalo
from storage import models
from storage.chats import ChatStore, insert_ignoring
from storage.db import READING, run
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


@dataclass(frozen=True)
class GameRecord:
    """A stored game: its id and state, and the game itself for the rules engine."""

    id: int
    chat_id: int
    state: GameState
    started_at: datetime
    ended_at: datetime | None
    game: tamalo.Game
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


async def find_player(session: AsyncSession, chat_id: int, name: str) -> models.Player | None:
    """The chat's player by that name, whatever its case, else the one whose name differs
    only by accents (``Nicolo`` is ``Nicolò``); ``None`` if nobody of that name played."""
    found = await session.scalar(
        select(models.Player).where(
            models.Player.chat_id == chat_id, models.Player.name_key == name_key(name)
        )
    )
    if found is not None:
        return found
    players = (
        await session.scalars(select(models.Player).where(models.Player.chat_id == chat_id))
    ).all()
    folded = [
        p for p in players if _without_accents(p.name_key) == _without_accents(name_key(name))
    ]
    return folded[0] if len(folded) == 1 else None


def _without_accents(key: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))


_GAMES = cast(Table, models.Game.__table__)
_HANDS = cast(Table, models.HandRow.__table__)
_LINES = cast(Table, models.HandResult.__table__)


def _games() -> Select[Any]:
    """Games' own columns, as plain rows."""
    return select(*_GAMES.c)


# The statements every command runs, built once: building a statement costs about as much
# as running it on SQLite.
_GAME = _games().where(_GAMES.c.id == bindparam("game_id"))
_RUNNING_GAMES = (
    _games()
    .where(_GAMES.c.chat_id == bindparam("chat_id"), _GAMES.c.state == GameState.RUNNING.value)
    .order_by(_GAMES.c.id)
)
#: The games' statements built once that ``storage.db.run`` may run (statements built per
#: call go through SQLAlchemy: ``run`` keeps each statement it compiles).
_BUILT_ONCE = (_GAME, _RUNNING_GAMES)
_RUNNING_TOURNAMENT = select(models.Tournament.id).where(
    models.Tournament.chat_id == bindparam("chat_id"), models.Tournament.state == "running"
)
_ADD_HAND = insert(_HANDS).returning(_HANDS.c.id)
_ADD_LINES = insert(_LINES)
_ADD_SEATS = insert(cast(Table, models.Seat.__table__))
_PLAYERS = cast(Table, models.Player.__table__)
_PLAYER_IDS = select(_PLAYERS.c.name_key, _PLAYERS.c.id).where(
    _PLAYERS.c.chat_id == bindparam("chat_id"),
    _PLAYERS.c.name_key.in_(bindparam("keys", expanding=True)),
)
_KEYS_OF_CHAT = select(_PLAYERS.c.name_key, _PLAYERS.c.id).where(
    _PLAYERS.c.chat_id == bindparam("chat_id")
)
_SEATS_OF_GAMES = (
    select(
        models.Seat.game_id,
        models.Seat.player_id,
        models.Seat.joined_after,
        models.Seat.left_after,
        models.Seat.left_before_seat,
        models.Player.name,
    )
    .join(models.Player, models.Player.id == models.Seat.player_id)
    .where(models.Seat.game_id.in_(bindparam("ids", expanding=True)))
    .order_by(models.Seat.game_id, models.Seat.position)
)
_LINES_OF_GAMES = (
    select(
        models.HandRow.game_id,
        models.HandRow.id,
        models.HandRow.number,
        models.HandResult.player_id,
        models.HandResult.reported_total,
        models.HandResult.is_caller,
        models.HandResult.is_counter_caller,
        models.HandResult.is_out,
    )
    .join(models.HandResult, models.HandResult.hand_id == models.HandRow.id)
    .where(models.HandRow.game_id.in_(bindparam("ids", expanding=True)))
    .order_by(models.HandRow.game_id, models.HandRow.number, models.HandResult.position)
)


_SET_SNAPSHOT = (
    update(_GAMES).where(_GAMES.c.id == bindparam("game")).values(snapshot=bindparam("written"))
)

#: The format of ``games.snapshot`` written now (see ``snapshot_text``): a snapshot of any
#: other format, or none, is read from the seats and hands themselves, and written anew.
SNAPSHOT_FORMAT = 1
#: A line's flags in a snapshot.
_CALLER, _COUNTER, _OUT = 1, 2, 4


@dataclass(frozen=True)
class _Line:
    """A player's line of a stored hand, as the rules engine needs it."""

    hand_id: int
    number: int
    player_id: int
    reported_total: int
    is_caller: bool
    is_counter_caller: bool
    is_out: bool


class _Seat(NamedTuple):
    """A seat of a stored game, with its player's name."""

    player_id: int
    name: str
    joined_after: int
    left_after: int | None
    left_before_seat: int | None


@dataclass(frozen=True)
class _Played:
    """A game's seats in order and its hands as reported: what its snapshot holds."""

    seats: Sequence[_Seat]
    hands: Sequence[tamalo.Hand]
    #: The id of its last hand, if any.
    last_hand_id: int | None


def snapshot_text(played: _Played) -> str:
    """A game's seats and hands as ``games.snapshot`` keeps them (format 1, the format
    migration 0014 writes): ``{"v": 1, "seats": [[player, name, joined_after, left_after,
    left_before_seat], …] in seat order, "hands": [[player, total, flags, …] per hand, in
    order, its lines in position order; flags: 1 caller, 2 counter-caller, 4 out], "last":
    the last hand's id or null}``."""
    ids = {seat.name: seat.player_id for seat in played.seats}
    hands = []
    for hand in played.hands:
        line: list[int] = []
        for report in hand.reports:
            flags = (
                (_CALLER if report.player == hand.caller else 0)
                | (_COUNTER if report.player == hand.counter_caller else 0)
                | (_OUT if report.player in hand.out else 0)
            )
            line += (ids[report.player], report.total, flags)
        hands.append(line)
    snapshot = {
        "v": SNAPSHOT_FORMAT,
        "seats": [list(seat) for seat in played.seats],
        "hands": hands,
        "last": played.last_hand_id,
    }
    return json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))


def _from_snapshot(text: str | None) -> _Played | None:
    """What a snapshot holds, if it is one of this format."""
    if not text:
        return None
    snapshot = json.loads(text)
    if snapshot.get("v") != SNAPSHOT_FORMAT:
        return None
    seats = [_Seat(*seat) for seat in snapshot["seats"]]
    names = {seat.player_id: seat.name for seat in seats}
    hands = []
    for line in snapshot["hands"]:
        caller = counter = None
        reports, out = [], []
        for i in range(0, len(line), 3):
            name, total, flags = names[line[i]], line[i + 1], line[i + 2]
            reports.append(tamalo.Report(name, total))
            if flags & _CALLER and caller is None:
                caller = name
            if flags & _COUNTER and counter is None:
                counter = name
            if flags & _OUT:
                out.append(name)
        hands.append(tamalo.Hand(tuple(reports), caller, counter, frozenset(out)))
    return _Played(seats, hands, snapshot["last"])


def _played_of(record: GameRecord) -> _Played:
    """The seats and hands of a game as loaded."""
    game = record.game
    seats = [
        _Seat(
            record.player_ids[name],
            name,
            game.joined_after.get(name, 0),
            game.left_after.get(name),
            game.left_before_seat.get(name),
        )
        for name in game.players
    ]
    return _Played(seats, [scored.hand for scored in game.hands], record.last_hand_id)


#: Games rebuilt lately, by what they were rebuilt from: their snapshot's text, rules and
#: first dealer (so never stale: another text is another game). A game's next load, as a rule
#: its next hand, finds it here instead of reading and scoring every hand again: a hand added
#: puts the game it leaves here (``GameStore.add_hand``). Per process, the latest few hundred.
_REBUILT: OrderedDict[tuple[str, tamalo.Rules, int], tuple[_Played, tamalo.Game]] = OrderedDict()
_REBUILT_MOST = 512


def _remember(key: tuple[str, tamalo.Rules, int], played: _Played, game: tamalo.Game) -> None:
    _REBUILT[key] = (played, game)
    _REBUILT.move_to_end(key)
    if len(_REBUILT) > _REBUILT_MOST:
        _REBUILT.popitem(last=False)


def _from_text(row: Any) -> tuple[_Played, tamalo.Game] | None:
    """The game a row's snapshot holds, rebuilt (or found rebuilt); ``None`` if the row has
    no snapshot of this format."""
    if not row.snapshot:
        return None
    key = (row.snapshot, rules_of(row), row.first_dealer)
    if (found := _REBUILT.get(key)) is not None:
        _REBUILT.move_to_end(key)
        return found
    played = _from_snapshot(row.snapshot)
    if played is None:
        return None
    game = _replayed(row, played)
    _remember(key, played, game)
    return played, game


def _replayed(row: Any, played: _Played) -> tamalo.Game:
    """Rebuild the game from its hands' reported totals.

    Points are scored again by the rules engine; the stored ``points`` column is a copy kept
    for statistics in SQL. ``row`` is the game's row, ``played`` its seats in order with each
    player's name and its hands.
    """
    seats = played.seats
    game = tamalo.Game(
        players=tuple(seat.name for seat in seats),
        rules=rules_of(row),
        joined_after={s.name: s.joined_after for s in seats if s.joined_after},
        left_after={s.name: s.left_after for s in seats if s.left_after is not None},
        left_before_seat={
            s.name: s.left_before_seat for s in seats if s.left_before_seat is not None
        },
        first_dealer=row.first_dealer,
    )
    for hand in played.hands:
        game = game.with_hand(hand)
    return game


def _to_record(row: Any, played: _Played, game: tamalo.Game | None = None) -> GameRecord:
    """The stored game: its row, its seats and hands, and the game they make (rebuilt from
    them unless given)."""
    seats = played.seats
    if game is None:
        game = _replayed(row, played)
    return GameRecord(
        id=row.id,
        chat_id=row.chat_id,
        state=GameState(row.state),
        started_at=row.started_at,
        ended_at=row.ended_at,
        game=game,
        player_ids={seat.name: seat.player_id for seat in seats},
        tournament_id=row.tournament_id,
        stage=Stage(row.stage) if row.stage is not None else None,
        last_hand_id=played.last_hand_id,
    )


def rules_of(row: Any) -> tamalo.Rules:
    return tamalo.Rules(
        mode=tamalo.Mode(row.mode),
        target=row.target,
        tie_beats_caller=row.tie_beats_caller,
        jokers=row.jokers,
        quadri=row.quadri,
        six_cards=row.six_cards,
        dealer_tiebreak=row.dealer_tiebreak,
    )


def _hand(lines: Sequence[_Line], names: Mapping[int, str]) -> tamalo.Hand:
    """A stored hand, its lines in seat order."""
    return tamalo.Hand(
        tuple(tamalo.Report(names[line.player_id], line.reported_total) for line in lines),
        caller=next((names[line.player_id] for line in lines if line.is_caller), None),
        counter_caller=next(
            (names[line.player_id] for line in lines if line.is_counter_caller), None
        ),
        out=frozenset(names[line.player_id] for line in lines if line.is_out),
    )


def _call_won(scored: tamalo.ScoredHand, player: str) -> bool | None:
    if player == scored.hand.caller:
        return scored.call_won
    if player == scored.hand.counter_caller:
        return scored.counter_won
    return None


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

    async def late_entries(self, chat_id: int) -> dict[int, dict[str, tuple[int, int]]]:
        """The chat's games with late joiners: for each, every joiner's hands played before
        they sat down and the total they entered at."""
        with_joiners = (
            select(models.Seat.game_id)
            .join(models.Game, models.Game.id == models.Seat.game_id)
            .where(models.Game.chat_id == chat_id, models.Seat.joined_after > 0)
        )
        records = await self._all(_games().where(_GAMES.c.id.in_(with_joiners)))
        return {record.id: record.game.late_entries() for record in records}

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

    async def running(self, chat_id: int) -> GameRecord | None:
        """The chat's running game outside tournaments."""
        return await self._one(
            _games().where(
                models.Game.chat_id == chat_id,
                models.Game.state == GameState.RUNNING,
                models.Game.tournament_id.is_(None),
            )
        )

    async def running_games(self, chat_id: int) -> list[GameRecord]:
        """Every running game of the chat: one, or a tournament's tables side by side."""
        return await self._all(_RUNNING_GAMES, chat_id=chat_id)

    async def tournament_games(self, tournament_id: int) -> list[GameRecord]:
        """A tournament's games as now stored (changes so far must have been flushed)."""
        return await self._all(
            _games().where(models.Game.tournament_id == tournament_id).order_by(models.Game.id)
        )

    async def started_between(
        self, chat_id: int, start: datetime, end: datetime
    ) -> list[GameRecord]:
        """The chat's games started in ``[start, end)``, annulled ones left out."""
        return await self._all(
            _games()
            .where(
                models.Game.chat_id == chat_id,
                models.Game.started_at >= start,
                models.Game.started_at < end,
                models.Game.state != GameState.ANNULLED,
            )
            .order_by(models.Game.id)
        )

    async def get(self, game_id: int) -> GameRecord | None:
        return await self._one(_GAME, game_id=game_id)

    async def latest(self, chat_id: int) -> GameRecord | None:
        """The running game, or else the last one played in the chat (annulled or not)."""
        return await self._one(
            _games().where(models.Game.chat_id == chat_id).order_by(models.Game.id.desc()).limit(1)
        )

    async def start(
        self,
        chat_id: int,
        names: Sequence[str],
        rules: tamalo.Rules,
        *,
        first_dealer: int = 0,
        tournament_id: int | None = None,
        stage: Stage | None = None,
        started_by: int | None = None,
    ) -> GameRecord:
        """A new running game with these seats; names already known keep their first spelling.
        ``started_by``: the Telegram user who started it.

        Outside a tournament, a chat runs one game at a time and none beside a tournament.
        """
        if tournament_id is None:
            if (running := await self.running(chat_id)) is not None:
                raise GameAlreadyRunning(running.game.ranked)
            if await self.session.scalar(_RUNNING_TOURNAMENT, {"chat_id": chat_id}) is not None:
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
            started_by=started_by,
        )
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as error:  # another process started one meanwhile
            raise GameAlreadyRunning from error
        players = await self._players(chat_id, names)
        connection = await self.session.connection()
        await connection.execute(
            _ADD_SEATS,
            [
                {"game_id": row.id, "player_id": players[name_key(name)], "position": position}
                for position, name in enumerate(names)
            ],
        )
        return await self._rebuild(row.id)

    async def seat(self, record: GameRecord, name: str) -> GameRecord:
        """A late joiner takes the next seat and plays from the next hand on."""
        players = await self._players(record.chat_id, [name])
        self.session.add(
            models.Seat(
                game_id=record.id,
                player_id=players[name_key(name)],
                position=len(record.game.players),
                joined_after=len(record.game.hands),
                joined_at=models.utcnow(),
            )
        )
        return await self._rebuild(record.id)

    async def last_join(self, record: GameRecord) -> str | None:
        """The late joiner who sat down last, if that is the game's latest change: no hand
        played since, and nobody left after."""
        game = record.game
        if not game.players:
            return None
        position, name = len(game.players) - 1, game.players[-1]
        seat = await self.session.get(
            models.Seat, (record.id, record.player_ids[name]), populate_existing=True
        )
        if seat is None or seat.joined_at is None or seat.joined_after < len(game.hands):
            return None
        left_since = any(
            game.left_after[p] >= len(game.hands)
            and game.left_before_seat.get(p, len(game.players)) > position
            for p in game.left_after
        )
        return None if left_since else name

    async def unseat(self, record: GameRecord, name: str) -> GameRecord:
        """A late joiner who played no hand leaves no trace: their seat goes, and the player
        too if this was all they ever did in the chat."""
        player_id = record.player_ids[name]
        await self.session.execute(
            delete(models.Seat).where(
                models.Seat.game_id == record.id, models.Seat.player_id == player_id
            )
        )
        traces = [
            select(models.Seat.game_id).where(models.Seat.player_id == player_id),
            select(models.HandResult.hand_id).where(models.HandResult.player_id == player_id),
            select(models.HandRow.id).where(models.HandRow.dealer_id == player_id),
            select(models.NamedMove.id).where(models.NamedMove.player_id == player_id),
            select(models.GameResult.game_id).where(models.GameResult.player_id == player_id),
            select(models.Player.id).where(
                models.Player.id == player_id, models.Player.user_id.is_not(None)
            ),
        ]
        if not await self.session.scalar(select(or_(*(t.exists() for t in traces)))):
            await self.session.execute(delete(models.Player).where(models.Player.id == player_id))
        return await self._rebuild(record.id)

    async def add_hand(
        self,
        record: GameRecord,
        scored: tamalo.ScoredHand,
        message_id: int | None,
        user_id: int | None = None,
    ) -> None:
        """Store the next hand with its dealer and every player's reported total, markers and
        points; ``user_id`` is who sent it. Three statements: the hand, its lines, the game's
        snapshot (``record`` as loaded in this unit of work, and the hand appended)."""
        number = len(record.game.hands) + 1
        connection = await self.session.connection()
        # Each statement one trip to aiosqlite's thread on SQLite (``storage.db.run``).
        ((hand_id,),) = await run(
            connection,
            _ADD_HAND,
            {
                "game_id": record.id,
                "number": number,
                "message_id": message_id,
                "user_id": user_id,
                "dealer_id": record.player_ids[record.game.dealer_of(number)],
                "recorded_at": models.utcnow(),
            },
        )
        assert hand_id is not None
        await self._add_lines(record, hand_id, scored)
        played = _played_of(record)
        played = replace(played, hands=[*played.hands, scored.hand], last_hand_id=hand_id)
        written = snapshot_text(played)
        await run(connection, _SET_SNAPSHOT, {"game": record.id, "written": written})
        # The game as its next load would rebuild it from this snapshot, kept for that load.
        game = record.game
        _remember((written, game.rules, game.first_dealer), played, game.with_hand(scored.hand))

    async def replace_hand(
        self, record: GameRecord, number: int, scored: tamalo.ScoredHand
    ) -> None:
        """Hand ``number`` reported again: its lines are replaced, its dealer stays."""
        hand_id = await self._hand_id(record, number)
        await self.session.execute(delete(_LINES).where(_LINES.c.hand_id == hand_id))
        await self._add_lines(record, hand_id, scored)
        await self._rebuild(record.id)
        if not record.running:
            await self._keep_results(record.id)

    async def _add_lines(self, record: GameRecord, hand_id: int, scored: tamalo.ScoredHand) -> None:
        hand = scored.hand
        connection = await self.session.connection()
        await run(
            connection,
            _ADD_LINES,
            [
                {
                    "hand_id": hand_id,
                    "player_id": record.player_ids[report.player],
                    "position": position,
                    "reported_total": report.total,
                    "is_caller": report.player == hand.caller,
                    "is_counter_caller": report.player == hand.counter_caller,
                    "is_out": report.player in hand.out,
                    "points": scored.points[report.player],
                    "call_won": _call_won(scored, report.player),
                }
                for position, report in enumerate(hand.reports)
            ],
        )

    async def leave(self, record: GameRecord, name: str) -> None:
        """``name`` plays no hand after the ones played so far."""
        seat = await self.session.get_one(models.Seat, (record.id, record.player_ids[name]))
        seat.left_after = len(record.game.hands)
        seat.left_before_seat = len(record.game.players)  # who sits down later joins after
        await self._rebuild(record.id)

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
        await self._rebuild(record.id)
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
            placings = tamalo.placings(record.game)
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

    async def lower_target(self, record: GameRecord, target: int) -> GameRecord:
        """The game ends at ``target`` instead (a ControTamalo game before its first hand)."""
        await self.session.execute(
            update(models.Game).where(models.Game.id == record.id).values(target=target)
        )
        rules = replace(record.game.rules, target=target)
        return replace(record, game=replace(record.game, rules=rules))

    async def _one(self, query: Select[Any], **params: object) -> GameRecord | None:
        records = await self._all(query, **params)
        return records[0] if records else None

    async def _all(self, query: Select[Any], **params: object) -> list[GameRecord]:
        """The games ``query`` selects (their rows' columns), each with its seats and hands
        read off its snapshot: one statement whatever the number of games and hands, with no
        ORM objects to build and nothing stale from this session's identity map. A game
        without a snapshot of this format is read from its seats and hands (two statements
        more for all such games), and its snapshot written if this unit of work writes."""
        session = self.session
        if session.new or session.dirty or session.deleted:
            await session.flush()  # what this unit of work changed, as the queries see it
        connection = await session.connection()
        if any(query is built for built in _BUILT_ONCE):
            games = await run(connection, query, params)  # on SQLite, one trip to aiosqlite
        else:
            games = list((await connection.execute(query, params)).all())
        if not games:
            return []
        rebuilt = {game.id: _from_text(game) for game in games}
        missing = [game_id for game_id, found in rebuilt.items() if found is None]
        read: dict[int, _Played] = {}
        if missing:
            read = await _read_rows(connection, missing)
            if not _reading(connection):
                await _write_snapshots(connection, read)
        records = []
        for game in games:
            found = rebuilt[game.id]
            records.append(_to_record(game, *found) if found else _to_record(game, read[game.id]))
        return records

    async def _reload(self, game_id: int) -> GameRecord:
        record = await self._one(_GAME, game_id=game_id)
        assert record is not None
        return record

    async def _rebuild(self, game_id: int) -> GameRecord:
        """After a change to the game's seats or hands other than a hand added: its snapshot
        written anew from its rows, and the game as it is now."""
        await self.session.flush()
        connection = await self.session.connection()
        row = (await connection.execute(_GAME, {"game_id": game_id})).one()
        read = await _read_rows(connection, [game_id])
        await _write_snapshots(connection, read)
        return _to_record(row, read[game_id])

    async def _players(self, chat_id: int, names: Sequence[str]) -> dict[str, int]:
        """The ids of the chat's players by these names (by ``name_key``); a name typed
        without the accents of a player's (``Nicolo``) is that player, and who is new is
        created with this spelling."""
        connection = await self.session.connection()
        known = dict((await connection.execute(_KEYS_OF_CHAT, {"chat_id": chat_id})).all())
        folded: dict[str, list[str]] = {}
        for key in known:
            folded.setdefault(_without_accents(key), []).append(key)
        keys: dict[str, str] = {}
        for name in names:
            key = name_key(name)
            twins = folded.get(_without_accents(key), [])
            keys[name_key(name)] = twins[0] if key not in known and len(twins) == 1 else key
        new = {key: name for name in names if (key := keys[name_key(name)]) not in known}
        if new:
            await connection.execute(
                insert_ignoring(self.session, _PLAYERS),
                [{"chat_id": chat_id, "name": name, "name_key": key} for key, name in new.items()],
            )
            rows = await connection.execute(_PLAYER_IDS, {"chat_id": chat_id, "keys": list(new)})
            known |= dict(rows.all())
        return {typed: known[key] for typed, key in keys.items()}


async def _read_rows(connection: AsyncConnection, game_ids: Sequence[int]) -> dict[int, _Played]:
    """The games' seats and hands read from their own rows (two statements for them all)."""
    ids = {"ids": list(game_ids)}
    seats_of: dict[int, list[_Seat]] = {game_id: [] for game_id in game_ids}
    for game_id, player_id, joined, left, before, name in await connection.execute(
        _SEATS_OF_GAMES, ids
    ):
        seats_of[game_id].append(_Seat(player_id, name, joined, left, before))
    lines_of: dict[int, list[_Line]] = {game_id: [] for game_id in game_ids}
    for (
        game_id,
        hand_id,
        number,
        player,
        total,
        caller,
        counter,
        out,
    ) in await connection.execute(_LINES_OF_GAMES, ids):
        lines_of[game_id].append(_Line(hand_id, number, player, total, caller, counter, out))
    played: dict[int, _Played] = {}
    for game_id in game_ids:
        names = {seat.player_id: seat.name for seat in seats_of[game_id]}
        hands = [
            list(lines)
            for _, lines in itertools.groupby(lines_of[game_id], key=lambda line: line.number)
        ]
        played[game_id] = _Played(
            seats_of[game_id],
            [_hand(lines, names) for lines in hands],
            hands[-1][0].hand_id if hands else None,
        )
    return played


async def _write_snapshots(connection: AsyncConnection, played: Mapping[int, _Played]) -> None:
    await connection.execute(
        _SET_SNAPSHOT,
        [{"game": game_id, "written": snapshot_text(p)} for game_id, p in played.items()],
    )


def _reading(connection: AsyncConnection) -> bool:
    """The connection belongs to a unit of work that only reads (``Database.reading``)."""
    synchronous = connection.sync_connection
    return synchronous is not None and bool(synchronous.get_execution_options().get(READING))
