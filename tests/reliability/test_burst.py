"""Many groups at once into one real ``python -m bot`` process (issue 22): 64 groups start a
game and send five hands each in the same moment, by polling and as a webhook, on SQLite and
PostgreSQL. Every hand Telegram was told arrived is recorded once, in its group's order
(main lost hands on PostgreSQL); every message has its own answer, sent once or waiting in the
outbox in its group's order, and none is told that something went wrong. Counted from the
database, once the bot has handled every update: hands lost, doubled and out of order.

How fast the burst is recorded is not judged here (a busy machine takes minutes where a quiet
one takes seconds) but by ``make bench`` (``bench/burst.py``); here the bot only has to keep
going until it is done."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot import texts
from scoring.tamalo import Game
from tests.reliability.bot_api import BotApi, Reply
from tests.reliability.test_kill import bot_process, log_of
from tests.reliability.test_webhook import RULES, answer, hand
from tests.reliability.webhook import Instance, Telegram, stored_hands

GROUPS = tuple(-100_500 - n for n in range(64))
HANDS = 5  # a group's, after its /nuova: all within Telegram's 20 messages a minute
#: Seconds the bot may go without handling a single update of the burst before it is taken
#: as stuck: a liveness bound, not a speed goal (a quiet machine handles dozens a second).
STALLED_AFTER = 120.0
#: Seconds the whole burst may take, however steadily it goes (a quiet machine: a few).
RECORDED_WITHIN = 900.0
#: Seconds the bot gets to start (import, migrations).
STARTED_WITHIN = 60.0


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
        started = texts.game.game_started(Game(("Anna", "Bruno"), RULES))
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


def burst_by_polling(
    tmp_path: Path, api: BotApi, database_url: str
) -> tuple[Burst, tuple[int, int], str]:
    with bot_process(tmp_path, api, "bot", database_url) as bot:
        assert api.wait_until(lambda: api.polls > 0, STARTED_WITHIN), log_of(tmp_path, "bot")
        burst = typed(api)
        with api.changed:  # Telegram has them all at once
            api.updates += burst.updates
            api.changed.notify_all()
        seen = wait_recorded(database_url, len(burst.updates), lambda: bot.poll() is None)
    return burst, seen, log_of(tmp_path, "bot")


def burst_as_webhook(
    tmp_path: Path, api: BotApi, database_url: str
) -> tuple[Burst, tuple[int, int], str]:
    instance = Instance(tmp_path, api, database_url, "bot")
    try:
        instance.wait_ready()
        burst = typed(api)
        telegram = Telegram([instance])
        # Telegram posts each group's updates in order, the groups side by side.
        posters = [
            threading.Thread(
                target=telegram.deliver_all, args=([burst.starts[c], *burst.hands[c]],)
            )
            for c in GROUPS
        ]
        for poster in posters:
            poster.start()
        seen = wait_recorded(
            database_url, len(burst.updates), lambda: instance.process.poll() is None
        )
        for poster in posters:
            poster.join(STARTED_WITHIN)
        assert sorted(telegram.acknowledged) == sorted(u["update_id"] for u in burst.updates)
        assert not telegram.refused, Counter(telegram.refused)  # never a 503
    finally:
        instance.stop()
    return burst, seen, instance.output()


async def _queued(database_url: str) -> list[Reply]:
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(text("SELECT payload FROM outbox ORDER BY id"))
            sent = [json.loads(payload) for (payload,) in rows]
    finally:
        await engine.dispose()
    return [
        Reply(int(m["chat_id"]), int(m["reply_parameters"]["message_id"]), m["text"]) for m in sent
    ]


def queued(database_url: str) -> list[Reply]:
    """The replies still in the outbox, in order, when the bot stopped: they go out at the
    next start, at Telegram's pace (30 messages a second: 384 replies take 13 s)."""
    return asyncio.run(_queued(database_url))


@pytest.mark.parametrize("mode", ["polling", "webhook"])
def test_a_burst_of_64_groups_is_recorded_in_seconds_with_no_hand_lost_doubled_or_reordered(
    tmp_path: Path, database_url: str, mode: str
) -> None:
    with stand_in() as api:
        run = burst_by_polling if mode == "polling" else burst_as_webhook
        burst, seen, output = run(tmp_path, api, database_url)
        replies = list(api.replies)  # what the chats read, the bot stopped

    total = len(burst.updates)
    assert seen == (total, total), f"kept and handled {seen} of {total}\n{output[-3000:]}"
    found = count(database_url, burst)
    assert (found.lost, found.doubled, found.reordered) == ([], [], []), (found, output[-3000:])
    # Every message has its own answer, sent or waiting in the outbox; none sent twice, each
    # group's in order, and nobody told that something failed. (The reply Telegram took as
    # the bot stopped may be waiting still: sent again at the next start, the outbox's one
    # window.)
    waiting = queued(database_url)
    answers = burst.messages()
    wrong = [(r.to, r.text) for r in replies + waiting if answers.get(r.to or 0) != r.text]
    assert not wrong, (wrong[:3], output[-3000:])
    times = Counter(r.to for r in replies)
    assert max(times.values(), default=0) == 1
    assert set(answers) == {r.to for r in replies + waiting}
    for chat in GROUPS:
        said = [r.to for r in replies + waiting if r.chat_id == chat]
        assert list(dict.fromkeys(said)) == [u["message"]["message_id"] for u in burst.of(chat)]
