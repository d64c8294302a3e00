"""The chat's points games by the name it gave them: each player's finished games and wins
under each name (``/stats Anna``'s lines, and the lines under ``/classifica generale``'s
rating ladder of points games)."""

from __future__ import annotations

from dataclasses import dataclass

from play.punti.game import record_of
from storage import GameState, UnitOfWork
from storage.players import name_key
from storage.punti import KIND


@dataclass(frozen=True)
class NamedRecord:
    """A player's finished games of one name (``None``: games declared without one)."""

    name: str | None
    player: str
    games: int
    wins: int


async def records(work: UnitOfWork, chat_id: int) -> list[NamedRecord]:
    """Every player's finished points games with rounds, by name (in the order each name was
    first played), and within a name by wins, then games, then name."""
    found: dict[str | None, dict[str, tuple[int, int]]] = {}
    for stored in await work.games.of_kind(chat_id, KIND):
        if stored.state is not GameState.FINISHED or not stored.played.hands:
            continue
        record = record_of(stored)
        match = record.match
        of_name = found.setdefault(record.name, {})
        for place in match.places(closed=not match.is_over()):
            games, wins = of_name.get(place.player, (0, 0))
            of_name[place.player] = (games + 1, wins + place.won)
    return [
        NamedRecord(name, player, games, wins)
        for name, players in found.items()
        for player, (games, wins) in sorted(
            players.items(), key=lambda item: (-item[1][1], -item[1][0], item[0])
        )
    ]


async def by_name(work: UnitOfWork, chat_id: int, player: str) -> list[NamedRecord]:
    """``player``'s records, one per name she played."""
    key = name_key(player)
    return [r for r in await records(work, chat_id) if name_key(r.player) == key]
