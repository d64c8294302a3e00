"""Tamalo's games as ``play`` works on them: each stored game (``storage.StoredGame``) with
the game its seats and hands make, rebuilt by Tamalo's engine (``play.tamalo.rebuild``).
Storage returns what is stored; here the game is rebuilt, once per state of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from play.tamalo.rebuild import game_of, options_of
from scoring.tamalo import Game, Rules
from storage import Front, GameState, Stage, StoredGame, UnitOfWork
from storage.tamalo import TAMALO


@dataclass(frozen=True)
class GameRecord:
    """A stored game: its id and state, and the game itself for the rules engine."""

    id: int
    chat_id: int
    state: GameState
    started_at: datetime
    ended_at: datetime | None
    game: Game
    player_ids: Mapping[str, int]
    #: What storage returned, to change it by.
    stored: StoredGame
    tournament_id: int | None = None
    stage: Stage | None = None
    #: Id of the chat's most recent hand of this game, to tell which game was played last.
    last_hand_id: int | None = None

    @property
    def kind(self) -> str:
        """The game's kind, as stored with it (``games.kind``)."""
        return self.stored.kind

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


def record_of(stored: StoredGame, game: Game | None = None) -> GameRecord:
    """The stored game (a Tamalo game's) with the game it makes (``game`` if already
    known)."""
    assert stored.kind == TAMALO, stored.kind
    return GameRecord(
        id=stored.id,
        chat_id=stored.chat_id,
        state=stored.state,
        started_at=stored.started_at,
        ended_at=stored.ended_at,
        game=game_of(stored) if game is None else game,
        player_ids=stored.player_ids,
        tournament_id=stored.tournament_id,
        stage=stored.stage,
        last_hand_id=stored.last_hand_id,
        stored=stored,
    )


def _records(stored: Sequence[StoredGame]) -> list[GameRecord]:
    """Tamalo's games among ``stored`` (another game's are its own to show)."""
    return [record_of(s) for s in stored if s.kind == TAMALO]


def _record(stored: StoredGame | None) -> GameRecord | None:
    return None if stored is None or stored.kind != TAMALO else record_of(stored)


def running_in(front: Front) -> list[GameRecord]:
    """The chat's running Tamalo games as found (``storage.Front``): one, or a tournament's
    tables side by side; none if none runs (or another game's runs)."""
    return [record_of(s) for s in front if s.running and s.kind == TAMALO]


def latest_in(front: Front) -> GameRecord | None:
    """The chat's latest game as found, if a Tamalo game (running or not, annulled too)."""
    return _record(front[-1] if front else None)


async def get(work: UnitOfWork, game_id: int) -> GameRecord | None:
    return _record(await work.games.get(game_id))


async def latest(work: UnitOfWork, chat_id: int) -> GameRecord | None:
    """The running game, or else the last one played in the chat (annulled or not)."""
    return _record(await work.games.latest(chat_id))


async def running(work: UnitOfWork, chat_id: int) -> GameRecord | None:
    """The chat's running game outside tournaments."""
    return _record(await work.games.running(chat_id))


async def running_games(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    """Every running Tamalo game of the chat: one, or a tournament's tables side by side."""
    return running_in(await work.games.front(chat_id))


async def tournament_games(work: UnitOfWork, tournament_id: int) -> list[GameRecord]:
    return _records(await work.games.tournament_games(tournament_id))


async def started_between(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime
) -> list[GameRecord]:
    """The chat's games started in ``[start, end)``, annulled ones left out."""
    return _records(await work.games.started_between(chat_id, start, end))


async def late_entries(work: UnitOfWork, chat_id: int) -> dict[int, dict[str, tuple[int, int]]]:
    """The chat's games with late joiners: for each, every joiner's hands played before
    they sat down and the total they entered at."""
    return {
        stored.id: game_of(stored).late_entries()
        for stored in await work.games.with_late_joiners(chat_id)
        if stored.kind == TAMALO
    }


async def start(
    work: UnitOfWork,
    chat_id: int,
    names: Sequence[str],
    rules: Rules,
    *,
    first_dealer: int = 0,
    tournament_id: int | None = None,
    stage: Stage | None = None,
    started_by: int | None = None,
) -> GameRecord:
    """A new running Tamalo game with these seats (see ``storage.GameStore.start``)."""
    stored = await work.games.start(
        chat_id,
        names,
        options_of(rules),
        kind=TAMALO,
        variant=rules.mode.value,
        first_dealer=first_dealer,
        tournament_id=tournament_id,
        stage=stage,
        started_by=started_by,
    )
    return record_of(stored)


async def seat(work: UnitOfWork, record: GameRecord, name: str) -> GameRecord:
    """A late joiner takes the next seat and plays from the next hand on."""
    return record_of(await work.games.seat(record.stored, name))


async def unseat(work: UnitOfWork, record: GameRecord, name: str) -> GameRecord:
    return record_of(await work.games.unseat(record.stored, name))


async def lower_target(work: UnitOfWork, record: GameRecord, target: int) -> GameRecord:
    """The game ends at ``target`` instead (a ControTamalo game before its first hand)."""
    options = {**dict(record.stored.options), "target": target}
    return record_of(await work.games.set_options(record.stored, options))
