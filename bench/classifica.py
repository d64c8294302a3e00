"""/classifica's latency while charts are drawn for other chats, against the same latency with
no chart being drawn.

The real Application runs as in production: updates go through its ``update_queue`` and the
bot's own concurrent update processor (``ChatOrderedUpdates``: chats side by side, each chat
in order), charts through the real ``Renderer`` with the default number of chart workers
(``Settings.chart_workers``, processes started with the first chart), on an SQLite file in
WAL mode. Only the Bot API is instant and offline.

Some chats each have a running game of six players; others have a 40-hand game and ask for
``/grafico`` again as soon as their chart arrives, so that the chart workers never rest. In
the standings chats, ``/classifica`` is asked at random intervals (``THINK``; each chat
waits for its answer before asking again), a moderate load, the same in both conditions.
Its latency runs from the moment the update is put in the queue to the moment its reply
reaches the Bot API (a standings message asked again within a minute is edited, so after a
first one per chat every reply is an edit, in both conditions). Blocks with charts and
blocks without take turns (quiet, charts, charts, quiet, …), so that a noisy moment of the
machine weighs on both; p50 and p99 are taken over all the blocks of each condition.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import (
    Figure,
    InstantRequest,
    Typist,
    bot_running,
    median,
    percentile,
    sqlite_url,
    to_update,
)
from bench.mano import random_hand
from bot.config import Settings
from bot.context import TamaloApp

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
STANDINGS = frozenset({"sendMessage", "editMessageText"})
PHOTO = frozenset({"sendPhoto"})
#: How long to wait for any reply before calling the run broken.
PATIENCE = 60.0
#: Seconds a standings chat waits before asking again: about 27 /classifica a second from
#: 8 chats, a third of what the bot can answer here, so that the reference is not queueing.
THINK = (0.15, 0.45)


class Replies:
    """Futures for the next reply in a chat, resolved with the time it reached the Bot API."""

    def __init__(self) -> None:
        self._waiting: dict[int, tuple[frozenset[str], asyncio.Future[float]]] = {}

    def expect(self, chat_id: int, methods: frozenset[str]) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waiting[chat_id] = (methods, future)
        return future

    def arrived(self, method: str, chat_id: int, at: float) -> None:
        methods, future = self._waiting.get(chat_id, (frozenset(), None))
        if future is not None and method in methods and not future.done():
            future.set_result(at)
            del self._waiting[chat_id]


@dataclass
class Night:
    """The bot, its chats, and what was measured."""

    app: TamaloApp
    replies: Replies
    typist: Typist
    standings_chats: list[int]
    chart_chats: list[int]
    latencies: dict[bool, list[float]] = field(default_factory=lambda: {False: [], True: []})
    #: Charts sent so far, and those sent while /classifica was measured (in how long).
    charts: int = 0
    charts_measured: int = 0
    chart_seconds: float = 0.0

    async def ask(self, chat_id: int, text: str, methods: frozenset[str]) -> float:
        """Put one message in the update queue; the seconds until its reply was sent."""
        update = to_update(self.app.bot, self.typist.message(chat_id, text))
        reply = self.replies.expect(chat_id, methods)
        start = time.perf_counter()
        await self.app.update_queue.put(update)
        return await asyncio.wait_for(reply, PATIENCE) - start

    async def draw_charts(self, chat_id: int, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.ask(chat_id, "/grafico", PHOTO)
            self.charts += 1

    async def probe(self, chat_id: int, until: float, charts: bool, seed: int) -> None:
        rng = random.Random(seed)
        while True:
            await asyncio.sleep(rng.uniform(*THINK))
            if time.perf_counter() >= until:
                return
            self.latencies[charts].append(await self.ask(chat_id, "/classifica", STANDINGS))

    async def block(self, charts: bool, seconds: float, seed: int) -> None:
        """``seconds`` of /classifica in every standings chat, with charts drawn meanwhile
        or not; chart drawing is already going when the block starts and has stopped when
        the next one does."""
        stop = asyncio.Event()
        drawing = [
            asyncio.create_task(self.draw_charts(chat, stop))
            for chat in (self.chart_chats if charts else ())
        ]
        try:
            if charts:
                await asyncio.sleep(0.3)  # every chart chat has one in the workers
            started, before = time.perf_counter(), self.charts
            until = started + seconds
            await asyncio.gather(
                *(
                    self.probe(chat, until, charts, seed * 1000 + n)
                    for n, chat in enumerate(self.standings_chats)
                )
            )
            if charts:
                self.chart_seconds += time.perf_counter() - started
                self.charts_measured += self.charts - before
        finally:
            stop.set()
            await asyncio.gather(*drawing)
        await asyncio.sleep(0.1)  # the last replies' units of work end


def game_texts(rng: random.Random, hands: int) -> list[str]:
    """A running game of six with a target far away: ``hands`` hands, none ends it."""
    texts = ["/nuova soglia=1000 " + " ".join(PLAYERS)]
    for _ in range(hands):
        totals, caller = random_hand(rng, PLAYERS)
        called = f" t={caller}" if caller else ""
        texts.append("/mano " + " ".join(str(totals[p]) for p in PLAYERS) + called)
    return texts


async def _play(
    app: TamaloApp, typist: Typist, chats: Iterable[int], hands: int, seed: int
) -> None:
    rng = random.Random(seed)
    for chat in chats:
        for text in game_texts(rng, hands):
            await app.process_update(to_update(app.bot, typist.message(chat, text)))


async def measure(quick: bool = False) -> list[Figure]:
    standings_chats, standings_hands = (3, 3) if quick else (8, 10)
    chart_chats, chart_hands = (2, 10) if quick else (3, 40)
    pairs, seconds = (1, 1.0) if quick else (3, 3.0)
    workers = Settings(token=None).chart_workers
    replies = Replies()
    typist = Typist()
    request = InstantRequest(replies.arrived)
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        async with bot_running(sqlite_url(Path(directory)), request, chart_workers=workers) as app:
            night = Night(
                app,
                replies,
                typist,
                [-200_000 - n for n in range(standings_chats)],
                [-300_000 - n for n in range(chart_chats)],
            )
            await _play(app, typist, night.standings_chats, standings_hands, seed=1)
            await _play(app, typist, night.chart_chats, chart_hands, seed=2)
            await app.start()
            try:
                # The first chart starts the workers; the first /classifica of a chat sends
                # the message the next ones edit.
                for chat in night.chart_chats:
                    await night.ask(chat, "/grafico", PHOTO)
                for chat in night.standings_chats:
                    await night.ask(chat, "/classifica", STANDINGS)
                order = [False, True, True, False] * pairs
                for n, charts in enumerate(order[: 2 * pairs]):
                    await night.block(charts, seconds, seed=n)
            finally:
                with contextlib.suppress(RuntimeError):
                    await app.stop()
    quiet, busy = night.latencies[False], night.latencies[True]
    assert quiet, "no /classifica measured without charts"
    assert busy, "no /classifica measured with charts"
    per_second = night.charts_measured / night.chart_seconds if night.chart_seconds else 0.0
    note = (
        f"{len(busy)} vs {len(quiet)} /classifica in {standings_chats} chats; "
        f"{per_second:.1f} charts/s drawn for {chart_chats} other chats "
        f"({chart_hands} hands, {workers} chart worker(s)) meanwhile"
    )
    details: dict[str, object] = {
        "samples_with_charts": len(busy),
        "samples_without": len(quiet),
        "charts_per_second": round(per_second, 2),
        "chart_workers": workers,
        "max_ms_with_charts": round(max(busy) * 1000, 2),
        "max_ms_without": round(max(quiet) * 1000, 2),
    }
    return [
        Figure(
            "/classifica p50, charts drawing",
            median(busy) * 1000,
            "ms",
            "p50, no charts",
            median(quiet) * 1000,
            note=note,
        ),
        Figure(
            "/classifica p99, charts drawing",
            percentile(busy, 0.99) * 1000,
            "ms",
            "p99, no charts",
            percentile(quiet, 0.99) * 1000,
            2.0,
            note=note,
            details=details,
        ),
    ]
