"""Many groups at once into the real ``python -m bot`` (issues 22 and 35): 32 groups start a
game and send five hands each in the same moment, by polling and as a webhook, on SQLite and
PostgreSQL, and the process is killed with SIGKILL in the middle of it (twice on SQLite by
polling, once elsewhere) or stopped (once more on PostgreSQL, with Ctrl-C or SIGTERM), and
started again each time; the last process is stopped with Ctrl-C once the burst is recorded.
Every hand Telegram was told arrived is recorded once, in its group's order (main lost hands
on PostgreSQL); every message has its own answer, sent or waiting in the outbox in its
group's order, and none is told that something went wrong; a stop logs no ERROR and exits
with 0. Counted from the database, once the last process has handled every update: hands
lost, doubled and out of order. Counted from what Telegram's stand-in received: replies sent
twice, which only a reply in flight at a kill or a stop may be, at most one a group.

"In flight" is made exact: before each kill or stop, Telegram takes every message the bot
sends but answers none (``BotApi.holding``) for a while (``HOLD``, ``HOLD_UPDATES``), then the
kill or the stop comes. A reply answered before that had the time to be marked sent, far
more than a write of its own needs; one taken while held never reached the bot's ears and is
sent again by the next process (nothing can tell it from one Telegram never saw). Main marked
a reply sent only in the unit of work that fetched the chat's next one, queued behind the
burst's: a kill had replies sent again that were not in flight in 40 of 64 groups (SQLite,
polling), 16 to 25 elsewhere. Any number of groups shows it (a chat's last reply sent stayed
unmarked until its next was fetched); 32 keep the suite within its budget, and ``make bench``
(``bench/burst.py``) times 64.

How fast the burst is recorded is not judged here (a busy machine takes minutes where a quiet
one takes seconds) but by ``make bench`` (``bench/burst.py``); here the bot only has to keep
going until it is done."""

from __future__ import annotations

import asyncio
import functools
import json
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.games.tamalo import texts as tamalo_texts
from scoring.tamalo import Game
from tests.conftest import is_postgres
from tests.reliability.bot_api import BotApi, Reply
from tests.reliability.test_kill import bot_process, log_of
from tests.reliability.test_webhook import RULES, answer, hand
from tests.reliability.webhook import Instance, Telegram, stored_hands

GROUPS = tuple(-100_500 - n for n in range(32))
HANDS = 5  # a group's, after its /nuova: all within Telegram's 20 messages a minute
#: Seconds the bot may go without handling a single update of the burst before it is taken
#: as stuck: a liveness bound, not a speed goal (a quiet machine handles dozens a second).
STALLED_AFTER = 120.0
#: Seconds the whole burst may take, however steadily it goes (a quiet machine: a few).
RECORDED_WITHIN = 900.0
#: Seconds the bot gets to start (import, migrations).
STARTED_WITHIN = 60.0
#: Before each kill or stop, Telegram holds the bot's sends (takes them, answers none) for
#: ``HOLD`` seconds and until the bot has handled ``HOLD_UPDATES`` more updates of the burst
#: (or all of them): long enough for any reply taken and answered before to be marked sent,
#: however busy the machine, and before the units of work queued ahead of main's mark.
HOLD, HOLD_UPDATES = 0.3, 8


@dataclass(frozen=True)
class Burst:
    """What the groups typed: each group's /nuova, then its hands in order."""

    starts: dict[int, dict[str, Any]]
    hands: dict[int, list[dict[str, Any]]]

    @property
    def updates(self) -> list[dict[str, Any]]:
        """Every update, as the groups typed them: side by side, each group in order."""
        rounds = [[self.starts[c] for c in GROUPS]]
        rounds += [[self.hands[c][n] for c in GROUPS] for n in range(HANDS)]
        return [u for round_ in rounds for u in round_]

    def of(self, chat: int) -> list[dict[str, Any]]:
        """The group's updates, in the order it typed them."""
        return [self.starts[chat], *self.hands[chat]]

    def messages(self) -> dict[int, str]:
        """Each message, and what the bot answers it."""
        started = tamalo_texts.game.game_started(Game(("Anna", "Bruno"), RULES))
        answers = {u["message"]["message_id"]: started for u in self.starts.values()}
        for updates in self.hands.values():
            for n, update in enumerate(updates, start=1):
                answers[update["message"]["message_id"]] = answer(n)
        return answers


def typed(api: BotApi) -> Burst:
    """The groups type side by side (Telegram numbers the updates in the order it got them)."""
    starts = {c: api.typed(c, f"/nuova soglia={RULES.target} Anna Bruno") for c in GROUPS}
    hands: dict[int, list[dict[str, Any]]] = {c: [] for c in GROUPS}
    for n in range(1, HANDS + 1):
        for chat in GROUPS:
            hands[chat].append(api.typed(chat, hand(chat, n)))
    return Burst(starts, hands)


async def _handled(database_url: str) -> tuple[int, int]:
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            row = (
                await connection.execute(
                    text("SELECT count(*), count(handled_at) FROM received_updates")
                )
            ).one()
            return int(row[0]), int(row[1])
    finally:
        await engine.dispose()


def handled(database_url: str) -> tuple[int, int]:
    """Updates in the bot's inbox, and how many of them it has handled."""
    try:
        return asyncio.run(_handled(database_url))
    except Exception:  # not created yet
        return 0, 0


def wait_recorded(database_url: str, total: int, alive: Any) -> tuple[int, int]:
    """Wait until every update of the burst is in the inbox and handled, as long as the bot
    goes on handling them (``STALLED_AFTER``, ``RECORDED_WITHIN``); returns how many are
    there and handled. Stopped before, the bot would leave acknowledged updates waiting in
    its inbox, handled at its next start: not lost, but not counted as stored here."""
    start = progress = time.monotonic()
    seen = handled(database_url)
    while seen != (total, total):
        assert alive(), "the bot stopped"
        now = time.monotonic()
        if now - progress > STALLED_AFTER or now - start > RECORDED_WITHIN:
            break
        time.sleep(0.5)
        now_seen = handled(database_url)
        if now_seen != seen:
            seen, progress = now_seen, time.monotonic()
    return seen


@dataclass(frozen=True)
class Count:
    lost: list[int]  # messages acknowledged, never stored
    doubled: list[int]  # stored more than once
    reordered: list[int]  # groups whose hands are not stored in the order typed


def count(database_url: str, burst: Burst) -> Count:
    stored = stored_hands(database_url)
    lost, doubled, reordered = [], [], []
    for chat, updates in burst.hands.items():
        hands = stored.get(chat, [])
        messages = [h.message_id for h in hands]
        times = Counter(messages)
        doubled += [m for m, n in times.items() if n > 1]
        lost += [u["message"]["message_id"] for u in updates if u["message"]["message_id"]
                 not in times]  # fmt: skip
        typed_order = [u["message"]["message_id"] for u in updates if u["message"]["message_id"]
                       in times]  # fmt: skip
        numbers = [h.number for h in hands]
        if list(dict.fromkeys(messages)) != typed_order or numbers != sorted(set(numbers)):
            reordered.append(chat)
        anna = [h.anna for h in hands]
        if anna != sorted(anna):
            reordered.append(chat)
    return Count(lost, doubled, sorted(set(reordered)))


@contextmanager
def stand_in() -> Iterator[BotApi]:
    api = BotApi()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        yield api
    finally:
        api.shutdown()
        api.server_close()


class Bots:
    """The bot's processes, one after another on the same database: each killed while
    Telegram holds its sends, the last one stopped with Ctrl-C once the burst is recorded."""

    def __init__(self, tmp_path: Path, api: BotApi, database_url: str, mode: str) -> None:
        self.tmp_path, self.api, self.database_url = tmp_path, api, database_url
        self.telegram = Telegram([]) if mode == "webhook" else None
        #: Telegram posting each group's updates, from the first instance on (webhook).
        self.posters: list[threading.Thread] = []
        self.started = self.total = 0
        #: What Telegram took from each killed process while holding its sends.
        self.held: list[list[Reply]] = []
        #: Each process stopped with a signal: the signal, its exit status, its number.
        self.stops: list[tuple[str, int, int]] = []

    def deliver(self, burst: Burst) -> None:
        """Telegram has the burst: polled all at once, or posted to the webhook, each
        group's updates in order and the groups side by side, until acknowledged."""
        self.total = len(burst.updates)
        if self.telegram is None:
            with self.api.changed:
                self.api.updates += burst.updates
                self.api.changed.notify_all()
            return
        self.posters = [
            threading.Thread(target=self.telegram.deliver_all, args=(burst.of(c),), daemon=True)
            for c in GROUPS
        ]

    def killed_after(self, replies: int) -> None:
        """A process of its own, killed once Telegram took ``replies`` replies from it (and
        held its sends a while first)."""
        self._run(self._after(replies), functools.partial(self._held, _sigkill))

    def stopped_after(self, replies: int, stop: signal.Signals) -> None:
        """A process of its own, stopped with ``stop`` once Telegram took ``replies``
        replies from it (and held its sends a while first)."""
        self._run(self._after(replies), functools.partial(self._held, self._stop(stop)))

    def recorded(self, burst: Burst) -> tuple[tuple[int, int], str]:
        """A last process, stopped with Ctrl-C once it recorded every update of the burst
        and sent each group's first reply waiting (the one reply a kill may have sent
        already); how many updates are in the inbox and handled, and its log."""
        total, start = len(burst.updates), len(self.api.replies)
        seen = (0, 0)

        def done(output: Callable[[], str], alive: Callable[[], bool]) -> None:
            nonlocal seen
            seen = wait_recorded(self.database_url, total, alive)
            deadline = time.monotonic() + STALLED_AFTER
            while seen == (total, total) and time.monotonic() < deadline:
                waiting = {r.chat_id for r in queued(self.database_url)}
                if waiting <= {r.chat_id for r in self.api.replies[start:]}:
                    return
                time.sleep(0.3)

        output = self._run(done, self._stop(signal.SIGINT))
        for poster in self.posters:
            poster.join(STARTED_WITHIN)
        return seen, output

    def _after(self, replies: int) -> Callable[[Callable[[], str], Callable[[], bool]], None]:
        start = len(self.api.replies)

        def reached(output: Callable[[], str], alive: Callable[[], bool]) -> None:
            enough = lambda: len(self.api.replies) - start >= replies  # noqa: E731
            assert self.api.wait_until(enough, STALLED_AFTER), output()

        return reached

    def _stop(self, stop: signal.Signals) -> Callable[[subprocess.Popen[bytes]], None]:
        def end(process: subprocess.Popen[bytes]) -> None:
            process.send_signal(stop)
            self.stops.append((stop.name, process.wait(STARTED_WITHIN), self.started))

        return end

    def _held(
        self, end: Callable[[subprocess.Popen[bytes]], None], process: subprocess.Popen[bytes]
    ) -> None:
        """``end(process)``, Telegram holding the process's sends from a while before
        (``HOLD``) until it is over: what it took meanwhile was in flight."""
        held = len(self.api.held)
        with self.api.changed:
            self.api.holding = True
        enough = min(handled(self.database_url)[1] + HOLD_UPDATES, self.total)
        deadline = time.monotonic() + STALLED_AFTER
        time.sleep(HOLD)
        while handled(self.database_url)[1] < enough and time.monotonic() < deadline:
            time.sleep(0.1)
        end(process)
        with self.api.changed:
            self.api.holding = False
            self.api.changed.notify_all()
        self.held.append(self.api.held[held:])

    def _run(
        self,
        until: Callable[[Callable[[], str], Callable[[], bool]], None],
        end: Callable[[subprocess.Popen[bytes]], None],
    ) -> str:
        """A process, until ``until(its log, whether it runs)`` returns; then ended by
        ``end``. Its log."""
        self.started += 1
        name = f"bot{self.started}"
        if self.telegram is None:
            with bot_process(self.tmp_path, self.api, name, self.database_url) as process:
                until(lambda: log_of(self.tmp_path, name), lambda: process.poll() is None)
                end(process)
        else:
            instance = Instance(self.tmp_path, self.api, self.database_url, name)
            try:
                instance.wait_ready()
                self.telegram.instances.append(instance)
                for poster in self.posters:
                    if poster.ident is None:  # from the first instance on
                        poster.start()
                until(instance.output, lambda: instance.process.poll() is None)
                end(instance.process)
            finally:
                if instance.process.poll() is None:
                    instance.stop()
        return (self.tmp_path / f"{name}.log").read_text(errors="replace")


def _sigkill(process: subprocess.Popen[bytes]) -> None:
    process.kill()
    process.wait()


async def _queued(database_url: str) -> list[Reply]:
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT payload FROM outbox WHERE sent_at IS NULL ORDER BY id")
            )
            sent = [json.loads(payload) for (payload,) in rows]
    finally:
        await engine.dispose()
    return [
        Reply(int(m["chat_id"]), int(m["reply_parameters"]["message_id"]), m["text"]) for m in sent
    ]


def queued(database_url: str) -> list[Reply]:
    """The replies still in the outbox, in order, when the bot stopped: they go out at the
    next start, at Telegram's pace (30 messages a second: 192 replies take 6 s)."""
    return asyncio.run(_queued(database_url))


#: What ends each process but the last, in each variant, once Telegram took this many replies
#: from it: a kill (while the burst is still being recorded, its units of work queueing, as
#: when main sent replies again), or a stop signal (which must log no ERROR: main's pool did,
#: stopped while polling on PostgreSQL). Twice on SQLite by polling, elsewhere once and a
#: stop on PostgreSQL (the suite's budget: a process takes seconds to start on a busy
#: machine). The last process is stopped with Ctrl-C once the burst is recorded.
ENDS: dict[tuple[str, str], tuple[tuple[signal.Signals, int], ...]] = {
    ("sqlite", "polling"): ((signal.SIGKILL, 12), (signal.SIGKILL, 28)),
    ("sqlite", "webhook"): ((signal.SIGKILL, 20),),
    ("postgresql", "polling"): ((signal.SIGKILL, 10), (signal.SIGINT, 16)),
    ("postgresql", "webhook"): ((signal.SIGKILL, 16), (signal.SIGTERM, 10)),
}


@pytest.mark.parametrize("mode", ["polling", "webhook"])
def test_a_burst_of_32_groups_killed_mid_way_loses_doubles_and_reorders_no_hand_nor_reply(
    tmp_path: Path, database_url: str, mode: str
) -> None:
    backend = "postgresql" if is_postgres(database_url) else "sqlite"
    with stand_in() as api:
        burst = typed(api)
        bots = Bots(tmp_path, api, database_url, mode)
        bots.deliver(burst)
        for end, after in ENDS[backend, mode]:
            if end == signal.SIGKILL:
                bots.killed_after(after)
            else:
                bots.stopped_after(after, end)
        seen, output = bots.recorded(burst)
        replies = list(api.replies)  # what the chats read, the bot stopped

    for stop, status, number in bots.stops:  # cleanly, saying nothing is wrong
        log = (tmp_path / f"bot{number}.log").read_text(errors="replace")
        errors = [line for line in log.splitlines() if " ERROR " in line or "Traceback" in line]
        assert (status, errors) == (0, []), (stop, number, log[-3000:])
    total = len(burst.updates)
    assert seen == (total, total), f"kept and handled {seen} of {total}\n{output[-3000:]}"
    found = count(database_url, burst)
    assert (found.lost, found.doubled, found.reordered) == ([], [], []), (found, output[-3000:])
    if bots.telegram is not None:
        assert sorted(bots.telegram.acknowledged) == sorted(u["update_id"] for u in burst.updates)
        assert not bots.telegram.refused, Counter(bots.telegram.refused)  # never a 503
    # Every message has its own answer, sent or waiting in the outbox, each group's in order,
    # and nobody told that something failed. (The reply Telegram took as the last process
    # stopped may be waiting still: sent again at the next start, the outbox's one window.)
    waiting = queued(database_url)
    answers = burst.messages()
    wrong = [(r.to, r.text) for r in replies + waiting if answers.get(r.to or 0) != r.text]
    assert not wrong, (wrong[:3], output[-3000:])
    assert set(answers) == {r.to for r in replies + waiting}
    for chat in GROUPS:
        said = [r.to for r in replies + waiting if r.chat_id == chat]
        assert list(dict.fromkeys(said)) == [u["message"]["message_id"] for u in burst.of(chat)]
    # Sent twice: only a reply in flight at a kill, one a group at most.
    for taken in bots.held:  # a group's next message goes once the one before was marked
        in_flight_in = Counter(chat for chat, _ in {(r.chat_id, r.to) for r in taken})
        assert max(in_flight_in.values(), default=0) <= 1, taken
    in_flight = Counter(r.to for taken in bots.held for r in taken)
    again = {m: n - 1 for m, n in Counter(r.to for r in replies).items() if n > 1}
    not_in_flight = {m for m, n in again.items() if n > in_flight[m]}
    chats = {r.to: r.chat_id for r in replies}
    assert not not_in_flight, (
        f"{len(not_in_flight)} replies sent again that were not in flight at a kill, in "
        f"{len({chats[m] for m in not_in_flight})} of {len(GROUPS)} groups; "
        f"{sum(again.values())} sent again in all, {sum(in_flight.values())} in flight"
    )
