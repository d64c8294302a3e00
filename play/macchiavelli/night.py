"""A night's Macchiavelli games (``/serata``): the home games and the tournaments started in
it, each rebuilt as its own command would (``records``, ``tournament``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from play.macchiavelli.records import record_of
from play.macchiavelli.tournament import rebuild
from scoring.macchiavelli import Match, Tournament
from storage import GameState, StoredGame, UnitOfWork
from storage.macchiavelli import MACCHIAVELLI
from storage.macchiavelli.tournament import MacchiavelliTournaments, StoredTournament


@dataclass(frozen=True)
class NightGame:
    """A game of the night: a home game's match, or a tournament (one of the two)."""

    started_at: datetime
    state: GameState
    match: Match | None = None
    tournament: Tournament | None = None

    @property
    def running(self) -> bool:
        return self.state is GameState.RUNNING


async def night_games(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime
) -> list[NightGame]:
    """The chat's Macchiavelli games started in ``[start, end)``, annulled ones left out, in
    the order they were started."""
    stored = await work.games.started_between(chat_id, start, end)
    return [await _game(work, s) for s in stored if s.kind == MACCHIAVELLI]


async def _game(work: UnitOfWork, stored: StoredGame) -> NightGame:
    if stored.tournament_id is None:
        return NightGame(stored.started_at, stored.state, match=record_of(stored).match)
    held = StoredTournament(
        id=stored.tournament_id,
        chat_id=stored.chat_id,
        game_id=stored.id,
        state=stored.state,
        players=tuple(seat.name for seat in stored.played.seats),
        options=dict(stored.options),
        deals=await MacchiavelliTournaments(work.session).deals(stored.id),
    )
    return NightGame(stored.started_at, stored.state, tournament=rebuild(held))
