"""Chi vince? The forecast at the table (issue 18): the line under each hand's reply and
/previsione's story of the game.

The forecast itself is ``scoring.tamalo.forecast``, pure and CPU-bound: this module reads what it
needs (the chat's setting, its history in the game's mode) and hands back an ``Outlook`` the
caller runs off the event loop. The history leaves the game being forecast out, so it only
changes when one of the chat's games ends: ``Histories`` keeps it until then, a cache and not
state (a restart reads it again). Each forecast is seeded from the game as it stood at its
draw point (its players, hands played and standings), so the same hand answered twice gives
the same numbers, and so does the same game in another chat with the same history. The
futures a draw point drew serve the hands until the next (``Drawn``): also a cache.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from play.kept import Kept
from play.tamalo import views
from play.tamalo.records import GameRecord
from scoring.tamalo import Game, Hand, Mode, ScoredHand
from scoring.tamalo import forecast as engine  # loads (with NumPy) at the first forecast
from storage import UnitOfWork
from storage.tamalo.history import HistoryStore

if TYPE_CHECKING:
    from scoring.tamalo.forecast import ChatHistory, Futures

#: Histories kept: one per game being played, in as many chats at once.
KEPT_HISTORIES = 256
#: Games whose futures are kept (a few hundred KB each): as many being played at once.
KEPT_DRAWN = 32

_Key = tuple[int, Mode, int, datetime, tuple[int, int] | None]


@dataclass(frozen=True)
class Outlook:
    """What to forecast: ``game`` as it stands, the chat's history in its mode;
    ``to_final``: a tournament table, whose chances are to reach the final (the best two, so
    they add up to 2), else to win (they add up to 1)."""

    game: Game
    history: ChatHistory
    to_final: bool

    def chances(self) -> Mapping[str, float]:
        """The chances now. CPU-bound (a millisecond or two): run it in a worker."""
        return self.worked_out()[0]

    def worked_out(
        self, futures: Futures | None = None
    ) -> tuple[Mapping[str, float], Futures | None]:
        """The chances now, played out from ``futures`` if they are the ones this game's
        draw point drew (``Drawn.of``), else from futures drawn now: the same numbers; and
        the futures, to keep for the next hands (none for a game that does not continue).
        CPU-bound: a fifth of a millisecond with ``futures``, a millisecond or two without."""
        game = self.game
        seed = 0  # the futures' own
        if futures is None:
            seed = seed_of(engine.drawn_from(game) if engine.continues(game) else game)
        return engine.chances_now(
            game, self.history, seed=seed, futures=futures, to_final=self.to_final
        )

    def at_draw_point(self) -> bool:
        """Whether the game stands at a draw point (its start, or every fourth hand): the
        hands until the next play out the futures drawn here (``ahead``)."""
        game = self.game
        return engine.drawable(game) and engine.draw_point(len(game.hands) + 1) == len(game.hands)

    def ahead(self) -> Futures | None:
        """The futures of the game as it stands, if ``at_draw_point``. CPU-bound."""
        if not self.at_draw_point():
            return None
        return engine.ahead(self.game, self.history, seed=seed_of(self.game))

    def story(self) -> tuple[Mapping[str, float], ...]:
        """The chances before the first hand and after each hand played (/previsione's
        chart), each as the line under that hand's reply said it: who joined or left after
        a hand is not in its point. CPU-bound: run it in a worker."""
        story: list[Mapping[str, float]] = []
        kept = Drawn(size=1)  # the hands with the same draw point play out the same futures
        for played in range(len(self.game.hands) + 1):
            stood = Outlook(engine.as_it_stood(self.game, played), self.history, self.to_final)
            chances, futures = stood.worked_out(kept.of(stood))
            kept.keep(stood, futures)
            story.append(chances)
        return tuple(story)


def seed_of(game: Game) -> int:
    """The same for the same game as it stands, in every process (no ``hash``)."""
    state = (game.players, len(game.hands), game.standings())
    return zlib.crc32(repr(state).encode())


class Drawn:
    """Each game's futures as its latest draw point drew them
    (``scoring.tamalo.forecast.futures``), for the latest ``size`` games: the hands until its
    next point play them out instead of drawing their own. One point a game (a newer one
    takes the older's place: the hands move on), kept with the very history they were drawn
    from (``Histories`` hands the same one to each hand of a game until one of the chat's
    games ends) and the hands they were drawn after; only a cache: a game with none kept
    draws them again, the same."""

    def __init__(self, size: int = KEPT_DRAWN) -> None:
        self._kept: Kept[Hashable, tuple[ChatHistory, tuple[Hand, ...], Futures]] = Kept(most=size)

    def __len__(self) -> int:
        """Games whose futures are kept."""
        return len(self._kept)

    def of(self, outlook: Outlook) -> Futures | None:
        """The futures ``outlook``'s forecast plays out, if kept."""
        if not engine.continues(outlook.game):
            return None
        kept = self._kept.found(self._key(outlook))  # by the history's id: kept alive with it
        if kept is None:
            return None
        _, hands, futures = kept
        point = engine.draw_point(len(outlook.game.hands))
        return futures if hands == _hands(outlook.game.hands[:point]) else None

    def keep(self, outlook: Outlook, futures: Futures | None) -> None:
        """Keep the ``futures`` drawn for ``outlook``'s game (``Outlook.worked_out`` or
        ``Outlook.ahead``), with its history."""
        if futures is not None:
            hands = _hands(outlook.game.hands[: futures.played])
            self._kept.keep(self._key(outlook), (outlook.history, hands, futures))

    @staticmethod
    def _key(outlook: Outlook) -> Hashable:
        return (id(outlook.history), outlook.game.rules, outlook.game.players)


def _hands(scored: Sequence[ScoredHand]) -> tuple[Hand, ...]:
    return tuple(each.hand for each in scored)


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
        ``games_ended``, if read already). While a game runs no other game of the chat can
        end, but for a tournament's tables: a game's history is read once, a table's again
        when a game ends (``games_ended`` changes)."""
        mode = record.game.rules.mode
        if not record.is_table:
            ended = None
        elif ended is None:
            ended = await work.store(HistoryStore).games_ended(record.chat_id, mode)
        # Its start too: SQLite gives a game deleted and made again (a tournament's final
        # undone and reached again) the same id.
        key = (record.chat_id, mode, record.id, record.started_at, ended)
        history = self._kept.get(key)
        if history is None:
            history = await work.store(HistoryStore).chat_history(
                record.chat_id, mode, leave_out=record.id
            )
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
    if work.forecast_line is not None and not record.is_table:  # read by the claim
        wanted, ended = work.forecast_line, None
    else:
        wanted, ended = await work.store(HistoryStore).forecast_key(
            record.chat_id, record.game.rules.mode
        )
    if not wanted:
        return None
    if game.is_over():  # settled by its own hands: the chat's history has nothing to add
        return Outlook(game, engine.ChatHistory(), record.is_table)
    return Outlook(game, await histories.of(work, record, ended), record.is_table)


async def stories(
    work: UnitOfWork, histories: Histories, chat_id: int
) -> list[tuple[GameRecord, Outlook]]:
    """/previsione: each game /grafico would draw (refused as it is: no game, no hand yet),
    with what its story is told from."""
    return [
        (record, Outlook(record.game, await histories.of(work, record), record.is_table))
        for record in await views.to_draw(work, await work.games.front(chat_id))
    ]
