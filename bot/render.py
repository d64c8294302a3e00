"""Charts are drawn off the event loop, in worker processes, so that drawing one never delays
another chat's reply.

A thread would not be enough: drawing holds Python's global lock for most of its time, and
every reply waiting on the database would queue behind it. The bot process itself never
imports matplotlib (a worker does, on its first chart), which keeps start-up fast and idle
memory low. With ``workers=0`` charts are drawn in a thread of the bot process (tests, and
machines where starting a process is not allowed).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from typing import TypeVar

from bot import i18n
from bot.games.macchiavelli.render import draw_sheets
from bot.games.macchiavelli.sheets import Programme, SheetWords
from play.forecast import Outlook
from scoring import tamalo

T = TypeVar("T")
#: Workers draw at the lowest priority: on a small machine a chart waits for the bot's
#: replies, never the other way round.
WORKER_NICENESS = 19


def _lower_priority() -> None:
    """In a worker, as it starts."""
    os.nice(WORKER_NICENESS)


def draw_game(
    game: tamalo.Game, title: str, colours: Mapping[str, int], finished: bool, language: str
) -> bytes:
    """In a worker: a game's chart as PNG bytes, its labels in ``language``."""
    from bot import chart_game  # only the worker loads matplotlib

    with i18n.speaking(language):
        return chart_game.game_chart(game, title=title, colours=colours, finished=finished)


def draw_night(
    figures: tamalo.NightFigures, title: str, colours: Mapping[str, int], language: str
) -> bytes:
    """In a worker: a night's chart as PNG bytes, its labels in ``language``."""
    from bot import chart_night

    with i18n.speaking(language):
        return chart_night.night_chart(figures, title=title, colours=colours)


def draw_forecast(
    outlook: Outlook, colours: Mapping[str, int], words: tuple[str, str, str]
) -> bytes:
    """In a worker: /previsione's chart, the game's story forecast hand by hand (its words,
    title and axes, already in the chat's language)."""
    from bot import forecast_chart

    title, hands_label, chance_label = words
    return forecast_chart.forecast_chart(
        outlook.story(),
        colours,
        title=title,
        hands_label=hands_label,
        chance_label=chance_label,
    )


class Renderer:
    """Runs chart drawing in a pool of ``workers`` processes, started on the first chart."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    async def game(
        self, game: tamalo.Game, title: str, colours: Mapping[str, int], *, finished: bool
    ) -> bytes:
        return await self._run(draw_game, game, title, dict(colours), finished, i18n.language())

    async def night(
        self, figures: tamalo.NightFigures, title: str, colours: Mapping[str, int]
    ) -> bytes:
        return await self._run(draw_night, figures, title, dict(colours), i18n.language())

    async def forecast(
        self, outlook: Outlook, colours: Mapping[str, int], words: tuple[str, str, str]
    ) -> bytes:
        """The story is forecast in the worker too: one forecast per hand played."""
        return await self._run(draw_forecast, outlook, dict(colours), words)

    async def sheets(self, programme: Programme, words: SheetWords) -> bytes:
        """A Macchiavelli tournament's printable PDF (``/cartellini``)."""
        return await self._run(draw_sheets, programme, words)

    async def _run(self, draw: Callable[..., T], *args: object) -> T:
        if self.workers <= 0:
            return await asyncio.to_thread(draw, *args)
        from concurrent.futures.process import BrokenProcessPool  # not needed to start the bot

        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), draw, *args)
        except BrokenProcessPool:  # a worker was killed (out of memory?): start afresh once
            self.close(wait=False)
            return await loop.run_in_executor(self._started(), draw, *args)

    def _started(self) -> Executor:
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # "spawn": a fork of a process running an event loop and threads is not safe.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_lower_priority
            )
        return self._pool

    def close(self, *, wait: bool = True) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None
