"""Chi vince? The forecast under a points game's round (issue 37), as Macchiavelli's under a
deal's (``play.macchiavelli.forecast``).

The forecast itself is ``scoring.punti.forecast``, pure and CPU-bound: this module reads what
it needs (the chat's setting, its past rounds of the same named game) and hands back an
``Outlook`` the caller runs off the event loop. The history leaves the game being forecast
out, so it only changes when a game of that name ends: it is kept until then, a cache and not
state. Each forecast is seeded from the game as it stands: the same round answered twice
gives the same numbers.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from play.punti.game import Record
from scoring.punti import Match
from storage import UnitOfWork
from storage.punti.history import RoundHistoryStore

if TYPE_CHECKING:
    from scoring.punti.forecast import History

#: Histories kept: one per game being played, in as many chats at once.
KEPT_HISTORIES = 256

_Key = tuple[int, str, int, tuple[int, int]]
_KEPT: OrderedDict[_Key, History] = OrderedDict()


@dataclass(frozen=True)
class Outlook:
    """What to forecast: ``match`` as it stands, the chat's history of its rounds."""

    match: Match
    history: History

    def chances(self) -> Mapping[str, float]:
        """Each side's chance to win, best first. CPU-bound (milliseconds): run it in a
        worker."""
        from scoring.punti.forecast import chances  # NumPy: loaded at the first forecast

        return chances(self.match, self.history, seed=seed_of(self.match))


def seed_of(match: Match) -> int:
    """The same for the same game as it stands, in every process (no ``hash``)."""
    state = (match.players, len(match.rounds), tuple(sorted(match.side_totals().items())))
    return zlib.crc32(repr(state).encode())


async def _history(work: UnitOfWork, record: Record, name: str, ended: tuple[int, int]) -> History:
    chat_id = record.stored.chat_id
    key = (chat_id, name, record.stored.id, ended)
    history = _KEPT.get(key)
    if history is None:
        store = work.store(RoundHistoryStore)
        history = await store.round_points(chat_id, name, leave_out=record.stored.id)
        _KEPT[key] = history
        while len(_KEPT) > KEPT_HISTORIES:
            _KEPT.popitem(last=False)
    else:
        _KEPT.move_to_end(key)
    return history


async def outlook(work: UnitOfWork, record: Record) -> Outlook | None:
    """The forecast under a round's reply (``record``: the game after the round), unless the
    game is over or has no round yet, or the chat turned it off. A game without a name is
    forecast from its own rounds alone."""
    match = record.match
    if match.is_over() or not match.rounds:
        return None
    name = (record.name or "").casefold()
    wanted, ended = await work.store(RoundHistoryStore).forecast_key(record.stored.chat_id, name)
    if not wanted:
        return None
    history = await _history(work, record, name, ended) if name else {}
    return Outlook(match, history)
