"""Chi vince? The forecast at the table (issue 18): the line under each hand's reply and
/previsione's story of the game.

The forecast itself is ``scoring.tamalo.forecast``, pure and CPU-bound: this module reads what it
needs (the chat's setting, its history in the game's mode) and hands back an ``Outlook`` the
caller runs off the event loop. The history leaves the game being forecast out, so it only
changes when one of the chat's games ends: ``Histories`` keeps it until then, a cache and not
state (a restart reads it again). Each forecast is seeded from the game as it stands (its
players, hands played and standings), so the same hand answered twice gives the same numbers,
and so does the same game in another chat with the same history.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from play import views
from play.records import GameRecord
from scoring.tamalo import Game, Mode
from scoring.tamalo.forecast.chances import as_it_stood, forecast, reach_final
from scoring.tamalo.forecast.history import ChatHistory
from storage import UnitOfWork

#: Histories kept: one per game being played, in as many chats at once.
KEPT_HISTORIES = 256

_Key = tuple[int, Mode, int, tuple[int, int]]


@dataclass(frozen=True)
class Outlook:
    """What to forecast: ``game`` as it stands, the chat's history in its mode;
    ``to_final``: a tournament table, whose chances are to reach the final (the best two, so
    they add up to 2), else to win (they add up to 1)."""

    game: Game
    history: ChatHistory
    to_final: bool

    def chances(self) -> Mapping[str, float]:
        """The chances now. CPU-bound (a few milliseconds): run it in a worker."""
        return self._chances(self.game)

    def story(self) -> tuple[Mapping[str, float], ...]:
        """The chances before the first hand and after each hand played (/previsione's
        chart), each as the line under that hand's reply said it: who joined or left after
        a hand is not in its point. CPU-bound: run it in a worker."""
        return tuple(
            self._chances(as_it_stood(self.game, played))
            for played in range(len(self.game.hands) + 1)
        )

    def _chances(self, game: Game) -> Mapping[str, float]:
        seed = seed_of(game)
        if self.to_final:
            return reach_final(game, self.history, seed=seed)
        return forecast(game, self.history, seed=seed).win


def seed_of(game: Game) -> int:
    """The same for the same game as it stands, in every process (no ``hash``)."""
    state = (game.players, len(game.hands), game.standings())
    return zlib.crc32(repr(state).encode())


class Histories:
    """The chats' histories, each without the game being forecast, the latest
    ``size`` used kept: a hand reads two numbers instead of its chat's history."""

    def __init__(self, size: int = KEPT_HISTORIES) -> None:
        self.size = size
        self._kept: OrderedDict[_Key, ChatHistory] = OrderedDict()

    async def of(
        self, work: UnitOfWork, record: GameRecord, ended: tuple[int, int] | None = None
    ) -> ChatHistory:
        """The history ``record``'s game is forecast from (``ended``: its
        ``games_ended``, if read already)."""
        mode = record.game.rules.mode
        if ended is None:
            ended = await work.history.games_ended(record.chat_id, mode)
        key = (record.chat_id, mode, record.id, ended)
        history = self._kept.get(key)
        if history is None:
            history = await work.history.chat_history(record.chat_id, mode, leave_out=record.id)
            self._kept[key] = history
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return history


async def outlook(
    work: UnitOfWork, histories: Histories, record: GameRecord, game: Game
) -> Outlook | None:
    """The forecast under a hand's reply (``game``: ``record``'s game after the hand), unless
    the chat turned it off (``/impostazioni previsione=no``)."""
    wanted, ended = await work.history.forecast_key(record.chat_id, record.game.rules.mode)
    if not wanted:
        return None
    if game.is_over():  # settled by its own hands: the chat's history has nothing to add
        return Outlook(game, ChatHistory(), record.is_table)
    return Outlook(game, await histories.of(work, record, ended), record.is_table)


async def stories(
    work: UnitOfWork, histories: Histories, chat_id: int
) -> list[tuple[GameRecord, Outlook]]:
    """/previsione: each game /grafico would draw (refused as it is: no game, no hand yet),
    with what its story is told from."""
    return [
        (record, Outlook(record.game, await histories.of(work, record), record.is_table))
        for record in await views.to_draw(work, chat_id)
    ]
