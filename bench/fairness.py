"""One group's heavy command never slows another's hand (issue 35, "Fairness"): the median
``/mano`` of 5 groups playing, each hand typed as soon as the one before was answered, while
20 other groups flood ``/quote`` (5 each at once, 8 players, the worst case there is: 100 in
all), against the same with no flood, in one run, taking turns (a round without, a round
with, twice; new groups each round).

As ``python -m bot`` runs: every update kept in the inbox first, each group's handled in
order, every reply through the outbox at Telegram's pace (the bot's rate limiter), the
forecast's line on (as a chat has it), the CPU work in the bot's worker process
(``CHART_WORKERS=1``, the default). A hand's time runs from its update kept to its reply
leaving the bot. On SQLite, and on PostgreSQL when a server is given
(``python -m bench --postgres URL``, or TAMALO_TEST_POSTGRES_URL).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence

from bench.burst import POSTGRES, database
from bench.common import Figure, InstantRequest, Typist, median, percentile, settings_for
from bench.tago import QUOTE
from bot.app import build_application, running
from bot.context import TamaloApp
from bot.delivery import chat_of
from bot.inbox import Inbox
from storage import UpdateJournal

#: Groups playing and their hands each a round (fewer than Telegram's 20 replies a minute);
#: groups flooding and their /quote each.
PLAYERS, HANDS = 5, 8
FLOOD, QUOTES = 20, 5
PLAYED = "Anna Bruno Carla Dario"
#: Seconds anything may take before the run counts as stalled.
STALLED = 300.0


class Replies(InstantRequest):
    """The instant Bot API, telling who waits for a chat's next message when it leaves."""

    def __init__(self) -> None:
        super().__init__(self._sent, keep_texts=True)
        self.waiting: dict[int, asyncio.Future[float]] = {}
        self.sent: dict[int, int] = {}

    def _sent(self, method: str, chat_id: int, at: float) -> None:
        self.sent[chat_id] = self.sent.get(chat_id, 0) + 1
        waiting = self.waiting.pop(chat_id, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(at)

    def reply_to(self, chat_id: int) -> asyncio.Future[float]:
        """When the chat's next message leaves (``time.perf_counter()``)."""
        self.waiting[chat_id] = asyncio.get_running_loop().create_future()
        return self.waiting[chat_id]


class Round:
    """The bot, its inbox handling what is kept, and the updates typed."""

    def __init__(self, app: TamaloApp, inbox: Inbox, replies: Replies) -> None:
        self.app, self.inbox, self.replies, self.typist = app, inbox, replies, Typist()

    async def type(self, messages: Sequence[tuple[int, str]]) -> None:
        updates = [self.typist.message(chat, text) for chat, text in messages]
        await self.inbox.journal.keep([(chat_of(u), u) for u in updates])
        for chat in dict.fromkeys(chat for chat, _ in messages):
            self.inbox.arrived(chat)

    async def play(self, chat: int) -> list[float]:
        """The group's hands, each typed once the one before was answered; their times."""
        times = []
        for n in range(1, HANDS + 1):
            answered = self.replies.reply_to(chat)
            start = time.perf_counter()
            await self.type([(chat, f"/mano Anna {n % 5} Bruno {n % 3} Carla 2 Dario {n % 7}")])
            times.append(await asyncio.wait_for(answered, STALLED) - start)
            said = (self.replies.texts or {}).get(chat, "")
            assert said.startswith("Mano "), said[:300]
        return times

    async def run(self, first_chat: int, flood: bool) -> list[float]:
        """A round: new games in new groups, the flood (or none), the hands' times."""
        players = [first_chat - n for n in range(PLAYERS)]
        started = [self.replies.reply_to(chat) for chat in players]
        await self.type([(chat, f"/nuova soglia=1000 {PLAYED}") for chat in players])
        await asyncio.wait_for(asyncio.gather(*started), STALLED)
        quoters = [first_chat - 1000 - n for n in range(FLOOD)] if flood else []
        for chat in quoters:
            self.replies.sent[chat] = 0
        await self.type([(chat, QUOTE) for _ in range(QUOTES) for chat in quoters])
        times = await asyncio.gather(*(self.play(chat) for chat in players))
        deadline = time.perf_counter() + STALLED
        while any(self.replies.sent[chat] < QUOTES for chat in quoters):  # the round ends quiet
            assert time.perf_counter() < deadline, "the /quote flood stalled"
            await asyncio.sleep(0.05)
        return [t for ts in times for t in ts]


async def _measure(url: str, quick: bool) -> tuple[list[float], list[float], float]:
    """The hands' times without the flood, and with it; and the seconds the floods took."""
    replies = Replies()
    app = build_application(settings_for(url, chart_workers=1), request=replies)
    quiet: list[float] = []
    flooded: list[float] = []
    flooding = 0.0
    async with running(app):
        if app.bot_data.menus is not None:
            await app.bot_data.menus
        inbox = Inbox(app, UpdateJournal(app.bot_data.db))
        handling = asyncio.create_task(inbox.run())
        try:
            rounds = Round(app, inbox, replies)
            # A warm-up: the worker process started, the first hands' costs paid.
            await rounds.run(-200_000, flood=False)
            warm = replies.reply_to(-199_000)
            await rounds.type([(-199_000, QUOTE)])
            await asyncio.wait_for(warm, STALLED)
            for n in range(1 if quick else 2):
                quiet += await rounds.run(-300_000 - 10_000 * n, flood=False)
                start = time.perf_counter()
                flooded += await rounds.run(-400_000 - 10_000 * n, flood=True)
                flooding += time.perf_counter() - start
        finally:
            await inbox.stop(handling)
    return quiet, flooded, flooding


async def _figure(server: str | None, quick: bool) -> Figure:
    async with database(server) as url:
        quiet, flooded, seconds = await _measure(url, quick)
    kind = "SQLite" if server is None else "PostgreSQL"
    rounds = 1 if quick else 2
    return Figure(
        f"other groups' /mano during a {FLOOD}-group /quote flood ({kind})",
        median(flooded) * 1000,
        "ms",
        "the same hands with no flood",
        median(quiet) * 1000,
        2.0,
        note=f"{PLAYERS} groups play {HANDS} hands each (each typed once the one before was "
        f"answered) while {FLOOD} others send {QUOTES} /quote each at once (8 players, the "
        f"worst case): {FLOOD * QUOTES * rounds} /quote in {seconds:.1f} s; from the update "
        "kept to its reply sent, through the inbox and the outbox, the forecast's line on, "
        "the CPU work in the worker process; rounds with and without, taking turns",
        details={
            "hands": len(flooded),
            "p90_ms": round(percentile(flooded, 0.9) * 1000, 2),
            "quiet_p90_ms": round(percentile(quiet, 0.9) * 1000, 2),
            "longest_ms": round(max(flooded) * 1000, 2),
            "quotes_per_s": round(FLOOD * QUOTES * rounds / seconds, 1),
        },
    )


async def measure(quick: bool = False) -> list[Figure]:
    figures = [await _figure(None, quick)]
    server = next((os.environ[name] for name in POSTGRES if os.environ.get(name)), None)
    if server:
        figures.append(await _figure(server, quick))
    return figures
