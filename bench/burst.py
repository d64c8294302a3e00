"""Many groups at once into one process (issue 22), against the same hands from one group.

64 groups each start a game and send five hands, all at the same moment; the process takes
them from its inbox as ``python -m bot`` does, its replies paced to Telegram's limits by the
bot's own rate limiter (30 messages a second, 20 a minute in a group) over an instant Bot API.
The figure is the time from the updates kept to the last one recorded (its change committed
with its replies in the outbox), against the same 320 hands sent by one group, whose replies
take a quarter of an hour at 20 a minute: recording waits for neither. Nothing may be lost:
every hand is read back from the database, and every reply is sent or waiting in the outbox.

On SQLite, and on PostgreSQL when a server is given (``python -m bench --postgres URL``, or
TAMALO_TEST_POSTGRES_URL): each run on a database of its own, dropped after. The forecast's
line is off (``/mano``'s own figures measure it; a 320-hand game's forecast is not a
burst's); the two take turns, and the better of each counts.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from telegram import Update

from bench.common import Figure, InstantRequest, Typist, settings_for, sqlite_url
from bot.app import build_application, running
from bot.delivery import chat_of
from bot.inbox import Inbox
from storage import Arrival, UpdateJournal

GROUPS, HANDS = 64, 5
#: Where a PostgreSQL server for the benchmarks is named (``--postgres`` sets it).
POSTGRES = ("TAMALO_BENCH_POSTGRES_URL", "TAMALO_TEST_POSTGRES_URL")
#: Seconds a run may take before it counts as stalled.
STALLED = 300.0


def hand(n: int) -> str:
    """A group's n-th hand: small totals, so that one group's game of 320 never ends."""
    return f"/mano Anna {n % 3} Bruno {1 + n % 2}"


def burst(typist: Typist, groups: int, hands: int) -> list[dict[str, Any]]:
    """``groups`` groups start a game and send ``hands`` hands each, side by side."""
    chats = [-100_000 - n for n in range(groups)]
    updates = [typist.message(chat, "/nuova soglia=1000 Anna Bruno") for chat in chats]
    for n in range(hands):
        updates += [typist.message(chat, hand(n)) for chat in chats]
    return updates


class Recording(Inbox):
    """The inbox, telling when it has recorded ``expected`` updates."""

    expected = 0
    recorded = 0

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.all_recorded = asyncio.Event()

    async def handle(self, update: Update, arrival: Arrival | None = None) -> BaseException | None:
        outage = await super().handle(update, arrival)
        if outage is None:
            self.recorded += 1
            if self.recorded >= self.expected:
                self.all_recorded.set()
        return outage


async def _run(database_url: str, updates: Sequence[dict[str, Any]]) -> tuple[float, int]:
    """Seconds to record ``updates``; and what was lost (hands not stored, replies neither
    sent nor waiting in the outbox)."""
    telegram = InstantRequest()
    app = build_application(settings_for(database_url), request=telegram)  # paced as the bot
    app.bot_data.forecast_lines = False
    async with running(app):
        if app.bot_data.menus is not None:
            await app.bot_data.menus
        db = app.bot_data.db
        inbox = Recording(app, UpdateJournal(db))
        inbox.expected = len(updates)
        handling = asyncio.create_task(inbox.run())
        start = time.perf_counter()
        await inbox.journal.keep([(chat_of(u), u) for u in updates])
        inbox.woken.set()
        await asyncio.wait_for(inbox.all_recorded.wait(), STALLED)
        seconds = time.perf_counter() - start
        await inbox.stop(handling)
        async with db.reading() as session:
            hands = await session.scalar(text("SELECT count(*) FROM hands"))
            unsent = text("SELECT count(*) FROM outbox WHERE sent_at IS NULL")
            waiting = await session.scalar(unsent)
    typed_hands = sum(u["message"]["text"].startswith("/mano") for u in updates)
    # A reply sent as the run stopped may be both sent and still waiting: sent again at the
    # next start (the outbox's one window), never lost.
    unanswered = len(updates) - telegram.calls["sendMessage"] - int(waiting or 0)
    return seconds, typed_hands - int(hands or 0) + max(0, unanswered)


@asynccontextmanager
async def database(server: str | None) -> AsyncIterator[str]:
    """A new database: an SQLite file, or one on the PostgreSQL ``server``, dropped after."""
    if server is None:
        with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
            yield sqlite_url(Path(directory))
        return
    url = make_url(server)
    name = f"tamalo_bench_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield url.set(database=name).render_as_string(hide_password=False)
        async with admin.connect() as connection:
            await connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


async def _compare(server: str | None, quick: bool) -> Figure:
    groups, hands = (16, 5) if quick else (GROUPS, HANDS)
    typist = Typist()
    many = burst(typist, groups, hands)
    one = burst(typist, 1, groups * hands)
    best: dict[str, float] = {}
    lost = 0
    for name, updates in [("many", many), ("one", one)] * (1 if quick else 2):
        async with database(server) as url:
            seconds, missing = await _run(url, updates)
        best[name] = min(best.get(name, seconds), seconds)
        lost += missing
    kind = "SQLite" if server is None else "PostgreSQL"
    assert lost == 0, f"{kind}: {lost} hands or replies lost"
    return Figure(
        f"{groups}-group burst recorded ({kind})",
        best["many"],
        "s",
        "the same hands from one group",
        best["one"],
        2.0,
        note=f"{groups} groups × ({hands} hands + /nuova) at once, through the inbox, replies "
        f"paced by the bot's rate limiter: {len(many) / best['many']:.0f} updates/s recorded; "
        f"one group: {len(one) / best['one']:.0f}/s; nothing lost (hands read back, replies "
        "sent or in the outbox)",
    )


async def measure(quick: bool = False) -> list[Figure]:
    figures = [await _compare(None, quick)]
    server = next((os.environ[name] for name in POSTGRES if os.environ.get(name)), None)
    if server:
        figures.append(await _compare(server, quick))
    return figures
