"""A points game rebuilt from what storage keeps: its sides (its seats, grouped by the sizes
in its options), its rules and its rounds (a side's points: its first player's line)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from play.errors import NoRunningGame
from scoring.punti import Match, Rules, Side
from storage import GameState, StoredGame
from storage.punti import KIND, RoundLine


@dataclass(frozen=True)
class Record:
    """A stored points game and the match it makes."""

    stored: StoredGame
    match: Match

    @property
    def name(self) -> str | None:
        """The name the chat gave its rules (``Scopa``), if any."""
        name = dict(self.stored.options).get("name")
        return None if name is None else str(name)

    @property
    def running(self) -> bool:
        return self.stored.running

    @property
    def closed_by_hand(self) -> bool:
        """Closed with ``/fine`` before its rules ended it."""
        return self.stored.state is GameState.FINISHED and not self.match.is_over()


def sizes_of(stored: StoredGame) -> list[int]:
    sizes = dict(stored.options).get("sides")
    if isinstance(sizes, list) and sum(int(size) for size in sizes) == len(stored.played.seats):
        return [int(size) for size in sizes]
    return [1] * len(stored.played.seats)  # each seat a side of its own


def match_of(stored: StoredGame) -> Match:
    """The match ``stored`` makes."""
    played = stored.played
    sides: list[Side] = []
    firsts: dict[int, str] = {}  # a side's first player → the side's name
    at = 0
    for size in sizes_of(stored):
        seats = played.seats[at : at + size]
        at += size
        side = Side(tuple(s.name for s in seats), seats[0].joined_after, seats[0].left_after)
        sides.append(side)
        firsts[seats[0].player_id] = side.name
    rounds = tuple(
        {firsts[line.player_id]: line.total for line in hand if line.player_id in firsts}
        for hand in played.hands
    )
    return Match(tuple(sides), Rules.from_options(dict(stored.options)), rounds)


def record_of(stored: StoredGame) -> Record:
    return Record(stored, match_of(stored))


def latest(front: Sequence[StoredGame]) -> Record | None:
    """The chat's points game in front of it, running or the last played."""
    found = front[-1] if front else None
    return None if found is None or found.kind != KIND else record_of(found)


def running(front: Sequence[StoredGame]) -> Record:
    """The chat's running points game."""
    found = latest(front)
    if found is None or not found.running:
        raise NoRunningGame
    return found


def lines_of(match: Match, points: dict[str, int]) -> list[RoundLine]:
    """A round's lines: each player of each side playing it, with the side's points."""
    return [
        RoundLine(member, points[side.name])
        for side in match.sides
        if side.name in points
        for member in side.members
    ]
