"""A Macchiavelli game rebuilt from what storage holds: its rules (``games.options``), its
seats and its deals' lines (each player's points). The engine counts each deal once: a deal
recorded leaves the match it makes here for the game's next load (``remember``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from play.kept import Kept
from scoring.macchiavelli import Deal, HomeRules, Match, Report
from storage import Front, GameState, Options, StoredGame, UnitOfWork
from storage.macchiavelli import MACCHIAVELLI


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


def home_in(front: Front) -> MatchRecord | None:
    """The chat's latest game as found (``storage.Front``), if it is a Macchiavelli home
    game (running or not, annulled included)."""
    latest = front[-1] if front else None
    if latest is None or latest.kind != MACCHIAVELLI or latest.tournament_id is not None:
        return None
    return record_of(latest)


def running_in(front: Front) -> MatchRecord | None:
    """The chat's running home game as found, if any."""
    record = home_in(front)
    return record if record is not None and record.running else None


def correctable_in(front: Front) -> MatchRecord | None:
    """The game whose deals may be undone or fixed: the chat's running or last home game,
    unless annulled."""
    record = home_in(front)
    return None if record is None or record.state is GameState.ANNULLED else record


async def latest(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The chat's running home game, or else its last game if a home game."""
    return home_in(await work.games.front(chat_id))


async def running(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The chat's running home game, if any."""
    return running_in(await work.games.front(chat_id))


async def correctable(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """``correctable_in`` the chat's games as read now."""
    return correctable_in(await work.games.front(chat_id))
