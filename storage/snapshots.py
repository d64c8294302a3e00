"""A game's seats and hands as stored, and as ``games.snapshot`` keeps them in one JSON text
(format 1, the format migration 0014 writes), so that a game loads in one statement.

Plain values only: what a line's figure and flags mean is its game's business
(``storage.<game>``); the rules engine is run by ``play``, never here.
"""

from __future__ import annotations

import itertools
import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncConnection

from storage import models

#: The format of ``games.snapshot`` written now (see ``snapshot_text``): a snapshot of any
#: other format, or none, is read from the seats and hands themselves, and written anew.
SNAPSHOT_FORMAT = 1


class StoredSeat(NamedTuple):
    """A seat of a stored game, with its player's name."""

    player_id: int
    name: str
    joined_after: int
    left_after: int | None
    left_before_seat: int | None


class StoredLine(NamedTuple):
    """A player's line of a stored hand: the figure reported and the game's flags for it."""

    player_id: int
    total: int
    flags: int


#: A stored hand: its lines in position order.
StoredHand = tuple[StoredLine, ...]


@dataclass(frozen=True)
class Played:
    """A game's seats in order and its hands as reported: what its snapshot holds."""

    seats: tuple[StoredSeat, ...]
    hands: tuple[StoredHand, ...]
    #: The id of its last hand, if any.
    last_hand_id: int | None

    def names(self) -> dict[int, str]:
        return {seat.player_id: seat.name for seat in self.seats}


def snapshot_text(played: Played) -> str:
    """``{"v": 1, "seats": [[player, name, joined_after, left_after, left_before_seat], …]
    in seat order, "hands": [[player, total, flags, …] per hand, in order, its lines in
    position order], "last": the last hand's id or null}``."""
    snapshot = {
        "v": SNAPSHOT_FORMAT,
        "seats": [list(seat) for seat in played.seats],
        "hands": [[figure for line in hand for figure in line] for hand in played.hands],
        "last": played.last_hand_id,
    }
    return json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))


def from_snapshot(text: str | None) -> Played | None:
    """What a snapshot holds, if it is one of this format (read once per text: the latest
    few hundred are kept, as a game's next load, as a rule its next hand, reads the same)."""
    if not text:
        return None
    if (found := _READ.get(text)) is not None:
        _READ.move_to_end(text)
        return found
    snapshot = json.loads(text)
    if snapshot.get("v") != SNAPSHOT_FORMAT:
        return None
    played = Played(
        tuple(StoredSeat(*seat) for seat in snapshot["seats"]),
        tuple(
            tuple(StoredLine(*line[i : i + 3]) for i in range(0, len(line), 3))
            for line in snapshot["hands"]
        ),
        snapshot["last"],
    )
    remember(text, played)
    return played


_READ: OrderedDict[str, Played] = OrderedDict()
READ_MOST = 512


def remember(text: str, played: Played) -> None:
    """``text`` is ``played``'s snapshot (just written, or read)."""
    _READ[text] = played
    _READ.move_to_end(text)
    if len(_READ) > READ_MOST:
        _READ.popitem(last=False)


_SEATS_OF_GAMES = (
    select(
        models.Seat.game_id,
        models.Seat.player_id,
        models.Player.name,
        models.Seat.joined_after,
        models.Seat.left_after,
        models.Seat.left_before_seat,
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
        models.HandResult.value,
        models.HandResult.flags,
    )
    .join(models.HandResult, models.HandResult.hand_id == models.HandRow.id)
    .where(models.HandRow.game_id.in_(bindparam("ids", expanding=True)))
    .order_by(models.HandRow.game_id, models.HandRow.number, models.HandResult.position)
)


async def read_rows(connection: AsyncConnection, game_ids: Sequence[int]) -> dict[int, Played]:
    """The games' seats and hands read from their own rows (two statements for them all)."""
    ids = {"ids": list(game_ids)}
    seats_of: dict[int, list[StoredSeat]] = {game_id: [] for game_id in game_ids}
    for game_id, player_id, name, joined, left, before in await connection.execute(
        _SEATS_OF_GAMES, ids
    ):
        seats_of[game_id].append(StoredSeat(player_id, name, joined, left, before))
    lines_of: dict[int, list[tuple[int, int, StoredLine]]] = {game_id: [] for game_id in game_ids}
    for game_id, hand_id, number, player, value, flags in await connection.execute(
        _LINES_OF_GAMES, ids
    ):
        line = StoredLine(player, value, flags)
        lines_of[game_id].append((hand_id, number, line))
    played: dict[int, Played] = {}
    for game_id in game_ids:
        hands = [
            list(lines)
            for _, lines in itertools.groupby(lines_of[game_id], key=lambda line: line[1])
        ]
        played[game_id] = Played(
            tuple(seats_of[game_id]),
            tuple(tuple(line for _, _, line in lines) for lines in hands),
            hands[-1][0][0] if hands else None,
        )
    return played


def plus_hand(played: Played, hand: StoredHand, hand_id: int) -> Played:
    """``played`` with one more hand, stored as ``hand_id``."""
    return Played(played.seats, (*played.hands, hand), hand_id)
