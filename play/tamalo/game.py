"""Playing a game: start one (or a rematch), seat a late joiner or let a player leave, end
the game, reopen it, lower its target; and ``settle``, which ends or reopens a game as its
totals say after its hands change (``play.tamalo.hands``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from play.errors import AlreadyRunning as AlreadyRunning  # every game's, named here as ever
from play.errors import GameRunning, NoRunningGame, Refused, TournamentInProgress
from play.errors import ReopenReachedTarget as ReopenReachedTarget
from play.tamalo import records, results
from play.tamalo.records import GameRecord
from play.tamalo.tournament import Progress, progress, running_players
from scoring.tamalo import Game, Mode, Rules
from storage import Front, GameAlreadyRunning, GameState, TournamentRunning, UnitOfWork


class NoJoiningTournaments(Refused):
    """A tournament's tables take no late joiner."""


class NothingToReopen(Refused):
    """The chat has played no game."""


class NewerGameStarted(Refused):
    """The game asked about is no longer the chat's last."""


class ReopenAnnulled(Refused):
    """An annulled game stays annulled."""


class ReopenTournament(Refused):
    """A tournament's game is not reopened."""


class NoGameToRematch(Refused):
    """No game to play again."""


class RematchTournament(Refused):
    """A tournament is not played again with /rivincita."""


@dataclass(frozen=True)
class GameStarted:
    record: GameRecord


@dataclass(frozen=True)
class Joined:
    record: GameRecord
    name: str


@dataclass(frozen=True)
class Left:
    game: Game
    name: str


@dataclass(frozen=True)
class EndAsked:
    """A game with hands played: whether to close it is asked first."""

    record: GameRecord


@dataclass(frozen=True)
class GameClosed:
    """``record``'s game closed as it stood (``record`` as it was, still running)."""

    record: GameRecord
    progress: Progress | None = None

    @property
    def closed(self) -> GameRecord:
        return replace(self.record, state=GameState.FINISHED)


async def running_games(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    """The chat's running games: one, or a tournament's tables side by side."""
    return running_in(await work.games.front(chat_id))


def running_in(front: Front) -> list[GameRecord]:
    """The chat's running games as found (``storage.Front``); none: ``NoRunningGame``."""
    running = records.running_in(front)
    if not running:
        raise NoRunningGame
    return running


async def start_game(
    work: UnitOfWork,
    chat_id: int,
    players: Sequence[str],
    rules: Rules,
    *,
    first_dealer: int = 0,
    started_by: int | None = None,
) -> GameStarted:
    try:
        record = await records.start(
            work, chat_id, players, rules, first_dealer=first_dealer, started_by=started_by
        )
    except GameAlreadyRunning as error:
        raise GameRunning(await running_players(work, error)) from error
    except TournamentRunning as error:
        raise TournamentInProgress from error
    return GameStarted(record)


async def rematch(work: UnitOfWork, chat_id: int, *, started_by: int | None) -> GameStarted:
    """A new game with the last game's players, mode and options; the first dealer is the
    next seat after the last game's."""
    last = await records.latest(work, chat_id)
    if last is None:
        raise NoGameToRematch
    if last.tournament_id is not None:
        raise RematchTournament
    players, dealer = rematch_seats(last.game)
    return await start_game(
        work, chat_id, players, last.game.rules, first_dealer=dealer, started_by=started_by
    )


def rematch_seats(game: Game) -> tuple[tuple[str, ...], int]:
    """The last game's players still in at its end, in their seats, and the seat that deals
    first: the one after the last game's first dealer, clockwise, skipping who left."""
    players = game.ranked
    seats = len(game.players)
    following = (game.players[(game.first_dealer + step) % seats] for step in range(1, seats + 1))
    dealer = next(p for p in following if p in players)
    return players, players.index(dealer)


async def settle(work: UnitOfWork, record: GameRecord, game: Game) -> Progress | None:
    """After a hand is added, fixed or undone: end or reopen the game as its totals say, and
    move its tournament on."""
    now = datetime.now(UTC)
    over = game.is_over()
    if over and record.running:
        await results.set_state(work, record, GameState.FINISHED, now, game)
        return await progress(work, record, game, now)
    if not over and not record.running:
        await results.set_state(work, record, GameState.RUNNING, now, game)
        if record.tournament_id is not None:
            await work.tournaments.set_state(record.tournament_id, GameState.RUNNING, now)
        return None
    if over and record.tournament_id is not None:  # a finished game changed: still over
        return await progress(work, record, game, now)
    return None


async def join(work: UnitOfWork, record: GameRecord, name: str) -> Joined:
    """Seat a late joiner, who starts level with the last in the standings."""
    record.game.with_player(name)  # the rules' last word; the seat is then stored
    return Joined(await records.seat(work, record, name), name)


async def joinable_game(work: UnitOfWork, chat_id: int) -> GameRecord:
    """The running game a late joiner may sit down at (before asking who joins)."""
    running = await records.running_games(work, chat_id)
    if any(r.tournament_id is not None for r in running):
        raise NoJoiningTournaments
    if not running:
        raise NoRunningGame
    record = running[0]
    record.game.check_joinable()
    return record


async def join_asked(work: UnitOfWork, chat_id: int, game_id: int) -> GameRecord | None:
    """The game a newcomer's button was asked about, if it is still running in this chat;
    refused if it takes no late joiners (the data may be forged)."""
    record = await end_asked(work, chat_id, game_id)
    if record is None:
        return None
    if record.tournament_id is not None:
        raise NoJoiningTournaments
    record.game.check_joinable()
    return record


async def leave(work: UnitOfWork, record: GameRecord, name: str) -> Left:
    """``name`` plays no more hands; their history stays."""
    game = record.game.without_player(name)
    await work.games.leave(record.stored, name)
    return Left(game, name)


async def end_game(work: UnitOfWork, record: GameRecord) -> EndAsked | GameClosed:
    """Close ``record``'s game now, ranked as it stands; with hands played, ask first."""
    if record.game.hands:
        return EndAsked(record)
    return await close(work, record)


async def end_asked(work: UnitOfWork, chat_id: int, game_id: int) -> GameRecord | None:
    """The game a close was asked about, if it is still running in this chat."""
    record = await records.get(work, game_id)
    if record is None or record.chat_id != chat_id or not record.running:
        return None
    return record


async def close(work: UnitOfWork, record: GameRecord) -> GameClosed:
    """Finish ``record``'s game as it stands, and move its tournament on."""
    now = datetime.now(UTC)
    await results.set_state(work, record, GameState.FINISHED, now)
    return GameClosed(record, await progress(work, record, record.game, now))


async def reopen(work: UnitOfWork, chat_id: int, game_id: int | None = None) -> Game:
    """Reopen the chat's last game (``game_id``, if given) if /fine closed it: as long as no
    other game started since. Returns the game, running again."""
    latest = await records.latest(work, chat_id)
    if latest is None:
        raise NothingToReopen
    if game_id is not None and latest.id != game_id:
        raise NewerGameStarted
    if latest.running:
        raise AlreadyRunning
    if latest.state is GameState.ANNULLED:
        raise ReopenAnnulled
    if latest.tournament_id is not None:
        raise ReopenTournament
    if latest.game.is_over():
        raise ReopenReachedTarget
    await results.set_state(work, latest, GameState.RUNNING, datetime.now(UTC))
    return latest.game


async def lower_target(
    work: UnitOfWork, chat_id: int, game_id: int, target: int
) -> GameRecord | None:
    """A ControTamalo game of this chat ends at ``target``, lower than its own, if its first
    hand is still to come (and it is not 4 Quadri, which ends after its hands): the game as
    it is now, or ``None`` if it is too late."""
    record = await records.get(work, game_id)
    if (
        record is None
        or record.chat_id != chat_id  # a button changes only a game of its own chat
        or not record.running
        or record.game.hands
        or record.game.rules.mode is not Mode.CONTRO
        or record.game.rules.quadri
        or record.game.rules.target <= target
    ):
        return None
    return await records.lower_target(work, record, target)
