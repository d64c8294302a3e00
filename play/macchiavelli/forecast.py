"""Chi vince? The forecast under a Macchiavelli deal's reply (issue 25), as Tamalo's under a
hand's (``play.tamalo.forecast``).

The forecast itself is ``scoring.macchiavelli.forecast``, pure and CPU-bound: this module reads
what it needs (the chat's setting, its past deals in games with the same ``jokers`` setting)
and hands back an ``Outlook`` the caller runs off the event loop. The history leaves the game
being forecast out (its own deals are in its match), so it only changes when one of the chat's
games ends: it is kept until then (or until a deal of a finished game is fixed: ``forget``),
a cache and not state (a restart reads it again; another process's copy keeps the old deals
until the next game ends). Each
forecast is seeded from the game as it stands, so the same deal answered twice gives the same
numbers.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from play.macchiavelli.records import MatchRecord
from scoring.macchiavelli import Match
from scoring.macchiavelli import forecast as engine  # its NumPy part loads when first used
from scoring.macchiavelli.forecast import DealHistory
from storage import UnitOfWork
from storage.macchiavelli.history import DealHistoryStore

#: Histories kept: one per game being played, in as many chats at once.
KEPT_HISTORIES = 256

_Key = tuple[int, bool, int, tuple[int, int]]
_KEPT: OrderedDict[_Key, DealHistory] = OrderedDict()


@dataclass(frozen=True)
class Outlook:
    """What to forecast: ``match`` as it stands, the chat's history of deals."""

    match: Match
    history: DealHistory

    def chances(self) -> Mapping[str, float]:
        """Each player's chance to win, best first. CPU-bound (milliseconds): run it in a
        worker."""
        return engine.forecast(self.match, self.history, seed=seed_of(self.match)).win


def seed_of(match: Match) -> int:
    """The same for the same game as it stands, in every process (no ``hash``)."""
    state = (match.players, len(match.deals), tuple(sorted(match.totals().items())))
    return zlib.crc32(repr(state).encode())


def forecasts(match: Match) -> bool:
    """Whether a deal's reply says who wins: the game has an end (``smazzate``, ``soglia``)
    and has not reached it (then the reply says who won)."""
    return engine.has_end(match.rules) and not match.is_over()


async def history_of(
    work: UnitOfWork, record: MatchRecord, ended: tuple[int, int] | None = None
) -> DealHistory:
    """The chat's deals ``record``'s game is forecast from: its other games with the same
    ``jokers`` setting (``ended``: the chat's finished games, if read already)."""
    jokers = record.match.rules.jokers
    if ended is None:
        _, ended = await work.store(DealHistoryStore).forecast_key(record.chat_id)
    key = (record.chat_id, jokers, record.id, ended)
    history = _KEPT.get(key)
    if history is None:
        history = await work.store(DealHistoryStore).deal_history(
            record.chat_id, jokers=jokers, leave_out=record.id
        )
        _KEPT[key] = history
        while len(_KEPT) > KEPT_HISTORIES:
            _KEPT.popitem(last=False)
    else:
        _KEPT.move_to_end(key)
    return history


def forget(chat_id: int) -> None:
    """The chat's kept histories dropped: one of its finished games' deals changed."""
    for key in [key for key in _KEPT if key[0] == chat_id]:
        del _KEPT[key]


async def outlook(work: UnitOfWork, record: MatchRecord, match: Match) -> Outlook | None:
    """The forecast under a deal's reply (``match``: ``record``'s game after the deal), unless
    the game has no end, is over, or the chat turned it off (``/impostazioni previsione=no``).
    Read in the deal's own unit of work."""
    if not forecasts(match):
        return None
    wanted, ended = await work.store(DealHistoryStore).forecast_key(record.chat_id)
    if not wanted:
        return None
    return Outlook(match, await history_of(work, record, ended))
