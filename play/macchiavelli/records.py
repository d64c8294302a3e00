"""A Macchiavelli game rebuilt from what storage holds: its rules (``games.options``), its
seats and its deals' lines (each player's points). The engine counts each deal once: a deal
recorded leaves the match it makes here for the game's next load (``remember``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from play.errors import OtherGame
from play.kept import Kept
from scoring.macchiavelli import Deal, HomeRules, Match, Report
from storage import GameState, Options, StoredGame, UnitOfWork
from storage.macchiavelli import MACCHIAVELLI
from storage.macchiavelli.tournament import MacchiavelliTournaments


class TournamentInFront(Exception):
    """The chat's latest game is a Macchiavelli tournament's (running or over), found by a
    home game's command inside its unit of work (which rolls back, nothing changed): the
    tournament's handler takes the command."""


@dataclass(frozen=True)
class MatchRecord:
    """A stored Macchiavelli game and the match it makes."""

    stored: StoredGame
    match: Match

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def chat_id(self) -> int:
        return self.stored.chat_id

    @property
    def state(self) -> GameState:
        return self.stored.state

    @property
    def running(self) -> bool:
        return self.stored.running

    @property
    def player_ids(self) -> Mapping[str, int]:
        return self.stored.player_ids


def options_of(rules: HomeRules) -> dict[str, object]:
    """The rules as ``games.options`` keeps them."""
    return {
        "single": rules.single,
        "deals": rules.deals,
        "target": rules.target,
        "jokers": rules.jokers,
        "cards_dealt": rules.cards_dealt,
    }


def rules_of(options: Options) -> HomeRules:
    own: dict[str, Any] = dict(options)
    return HomeRules(
        single=bool(own.get("single", False)),
        deals=own.get("deals"),
        target=own.get("target"),
        jokers=bool(own.get("jokers", False)),
        cards_dealt=own.get("cards_dealt"),
    )


Key = tuple[str, Options, int]
#: Matches rebuilt lately, by their snapshot's text, options and first dealer (never stale:
#: another text is another match). Per process, the latest few hundred.
_REBUILT: Kept[Key, Match] = Kept(most=256)


def key_of(stored: StoredGame, snapshot: str | None = None) -> Key:
    return (snapshot or stored.snapshot, stored.options, stored.first_dealer)


def remember(key: Key, match: Match) -> None:
    _REBUILT.keep(key, match)


def match_of(stored: StoredGame) -> Match:
    """The match its stored seats and deals make (rebuilt, or found rebuilt)."""
    key = key_of(stored)
    if (found := _REBUILT.found(key)) is not None:
        return found
    names = stored.played.names()
    deals = [
        Deal(tuple(Report(names[line.player_id], line.total) for line in hand))
        for hand in stored.played.hands
    ]
    match = Match.rebuilt(
        tuple(seat.name for seat in stored.played.seats),
        rules_of(stored.options),
        deals,
        stored.first_dealer,
    )
    remember(key, match)
    return match


def record_of(stored: StoredGame, match: Match | None = None) -> MatchRecord:
    assert stored.kind == MACCHIAVELLI, stored.kind
    return MatchRecord(stored, match_of(stored) if match is None else match)


def _ours(stored: StoredGame | None) -> MatchRecord | None:
    """The stored game as a Macchiavelli record; another game's is refused (``OtherGame``),
    for its own game to take over."""
    if stored is None:
        return None
    if stored.kind != MACCHIAVELLI:
        raise OtherGame(stored)
    return record_of(stored)


async def running(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The chat's running game, if any (another game's running, a tournament's tables
    included: ``OtherGame``)."""
    games = await work.games.running_games(chat_id)
    return _ours(games[0]) if games else None


async def running_at_home(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The chat's running home game, if any (another game's running: ``OtherGame``). Only
    when none runs outside a tournament is the chat's latest game looked at: a Macchiavelli
    tournament's raises ``TournamentInFront``. A home game's deal reads nothing more."""
    games = await work.games.running_games(chat_id)
    if not games or games[0].tournament_id is not None:
        if await MacchiavelliTournaments(work.session).in_front(chat_id):
            raise TournamentInFront
        if not games:
            return None
    return _ours(games[0])


async def latest(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The chat's running game, or else its last one (another game's: ``OtherGame``)."""
    return _ours(await work.games.latest(chat_id))


async def correctable(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The game whose deals may be undone or fixed: the chat's running or last game, unless
    annulled."""
    record = await latest(work, chat_id)
    return None if record is None or record.state is GameState.ANNULLED else record
