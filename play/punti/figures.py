"""A player's points games by the name the chat gave them: how many each finished, how many
won (``/stats Anna``'s lines under the shared rating)."""

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
    games: int
    wins: int


async def by_name(work: UnitOfWork, chat_id: int, player: str) -> list[NamedRecord]:
    """``player``'s finished points games with rounds, by name, in the order first played."""
    key = name_key(player)
    found: dict[str | None, tuple[int, int]] = {}
    for stored in await work.games.of_kind(chat_id, KIND):
        if stored.state is not GameState.FINISHED or not stored.played.hands:
            continue
        record = record_of(stored)
        match = record.match
        places = match.places(closed=not match.is_over())
        place = next((p for p in places if name_key(p.player) == key), None)
        if place is not None:
            games, wins = found.get(record.name, (0, 0))
            found[record.name] = (games + 1, wins + place.won)
    return [NamedRecord(name, games, wins) for name, (games, wins) in found.items()]
