"""The real ``python -m bot --polling`` killed with SIGKILL in the middle of a stream of hands
in three groups, then started again on the same SQLite file: every hand it answered is
stored once, none is half-written or out of order, and every message typed is recorded
once: what the kill interrupted comes back from the bot's journal of updates received, and
what Telegram delivers again is not handled twice."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.games.tamalo import texts as tamalo_texts
from scoring.tamalo import Game, Hand, Report, Rules
from tests.reliability.bot_api import BotApi, Reply
from tests.reliability.conftest import its_forecast

TOKEN = "123456:KILL-test-token"
CHATS = (-100_101, -100_102, -100_103)
HANDS = 10  # in each chat
KILL_AFTER = 12  # hands answered, in all, when the bot is killed
RULES = Rules(target=1000)  # the most /nuova takes: these hands never get near it
#: Generous: the process imports python-telegram-bot and SQLAlchemy and migrates the file.
TIMEOUT = 60.0
ROOT = Path(__file__).resolve().parents[2]
#: The developer's own settings must not reach the bot under test.
OWN_SETTINGS = ("TELEGRAM_", "DATABASE_", "WEBHOOK_", "PORT", "LOG_LEVEL", "CHART_WORKERS")


@dataclass
class Stream:
    """What the three groups typed: a new game each, then their hands, interleaved."""

    starts: dict[int, int] = field(default_factory=dict)  # message id → chat
    hands: dict[int, list[int]] = field(default_factory=dict)  # chat → its /mano messages
    values: dict[int, tuple[int, int]] = field(default_factory=dict)  # message → totals

    @property
    def chat_of(self) -> dict[int, int]:
        return self.starts | {m: c for c, ms in self.hands.items() for m in ms}


def type_stream(api: BotApi) -> Stream:
    stream = Stream()
    for chat in CHATS:
        stream.starts[api.type(chat, f"/nuova soglia={RULES.target} Anna Bruno")] = chat
    for number in range(1, HANDS + 1):
        for seat, chat in enumerate(CHATS):
            # Anna's total tells the hands of a chat apart: a stored hand names its message.
            anna, bruno = number, 3 * seat + number % 7
            message = api.type(chat, f"/mano Anna {anna} Bruno {bruno}")
            stream.hands.setdefault(chat, []).append(message)
            stream.values[message] = anna, bruno
    return stream


def game_of(stream: Stream, messages: list[int]) -> Game:
    """The game these hands make, scored by the rules engine."""
    game = Game(("Anna", "Bruno"), RULES)
    for message in messages:
        anna, bruno = stream.values[message]
        game = game.with_hand(Hand((Report("Anna", anna), Report("Bruno", bruno))))
    return game


@dataclass(frozen=True)
class StoredHand:
    number: int
    message_id: int
    lines: dict[str, tuple[int, int]]  # player → (total reported, points)


@dataclass(frozen=True)
class Stored:
    games: Counter[int]  # chat → games
    hands: dict[int, list[StoredHand]]  # chat → hands in order
    handled: set[int]  # messages whose command changed something


def read(path: Path) -> Stored:
    """The bot's file, read with sqlite3 once the bot is gone."""
    with closing(sqlite3.connect(path)) as db:
        games = Counter(chat for (chat,) in db.execute("SELECT chat_id FROM games"))
        rows = db.execute(
            "SELECT g.chat_id, h.number, h.message_id, p.name, r.value, r.points "
            "FROM hands h JOIN games g ON g.id = h.game_id "
            "LEFT JOIN hand_results r ON r.hand_id = h.id "
            "LEFT JOIN players p ON p.id = r.player_id ORDER BY g.chat_id, h.number, r.position"
        ).fetchall()
        handled = {m for (m,) in db.execute("SELECT message_id FROM handled_messages")}
    hands: dict[int, list[StoredHand]] = {chat: [] for chat in CHATS}
    for chat, number, message, player, total, points in rows:
        chat_hands = hands[chat]
        if not chat_hands or chat_hands[-1].number != number:
            chat_hands.append(StoredHand(number, message, {}))
        if player is not None:  # a hand without lines keeps an empty dict: half-written
            chat_hands[-1].lines[player] = (total, points)
    return Stored(games, hands, handled)


def assert_intact(stored: Stored, stream: Stream) -> None:
    """A game per /nuova recorded; its hands numbered 1..n, each from its own message, in
    the order typed, each with both players' lines as typed and scored; nothing else."""
    assert stored.games == Counter(c for m, c in stream.starts.items() if m in stored.handled)
    for chat in CHATS:
        typed = [m for m in stream.hands[chat] if m in stored.handled]
        hands = stored.hands[chat]
        assert [h.number for h in hands] == list(range(1, len(hands) + 1))
        assert [h.message_id for h in hands] == typed
        game = game_of(stream, typed)
        for hand, scored in zip(hands, game.hands, strict=True):
            anna, bruno = stream.values[hand.message_id]
            assert hand.lines == {
                "Anna": (anna, scored.points["Anna"]),
                "Bruno": (bruno, scored.points["Bruno"]),
            }
        points = {p: sum(h.lines[p][1] for h in hands) for p in ("Anna", "Bruno")}
        assert points == game.totals()
    assert stored.handled <= set(stream.chat_of)


def expected_reply(stream: Stream, message: int) -> str:
    """What the bot answers a message, the first time and every time: its hand (or the new
    game) with the standings then."""
    if message in stream.starts:
        return tamalo_texts.game.game_started(Game(("Anna", "Bruno"), RULES))
    chat_hands = stream.hands[stream.chat_of[message]]
    typed = chat_hands[: chat_hands.index(message) + 1]
    game = game_of(stream, typed)
    return tamalo_texts.hands.hand_recorded(game) + its_forecast(game)


@contextmanager
def bot_process(
    tmp_path: Path, api: BotApi, name: str, database_url: str | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """``python -m bot --polling`` against the stand-in, on ``database_url`` (an SQLite file
    in ``tmp_path`` by default); never left running."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN_SETTINGS)}
    env.update(
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_BASE_URL=api.base_url,
        DATABASE_URL=database_url or f"sqlite+aiosqlite:///{tmp_path / 'tamalo.db'}",
        CHART_WORKERS="0",
        PYTHONPATH=str(ROOT),
    )
    with (tmp_path / f"{name}.log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot", "--polling"],
            cwd=tmp_path,  # no developer's .env
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def log_of(tmp_path: Path, name: str) -> str:
    return (tmp_path / f"{name}.log").read_text(errors="replace")[-3000:]


class Killer:
    """Kills the bot with SIGKILL as Telegram receives its answer to the n-th hand: the bot
    is then waiting for Telegram's reply, and the other groups' hands are under way."""

    def __init__(self, hands: set[int], after: int) -> None:
        self.hands, self.after, self.answered = hands, after, 0
        self.process: subprocess.Popen[bytes] | None = None
        self.killed = threading.Event()

    def __call__(self, reply: Reply) -> None:
        self.answered += reply.to in self.hands
        if self.answered == self.after and self.process is not None:
            self.process.kill()
            self.killed.set()


@dataclass(frozen=True)
class Outcome:
    stream: Stream
    at_kill: Stored
    final: Stored
    before: list[Reply]  # what the chats saw from the killed bot
    after: list[Reply]  # and from the restarted one
    redelivered: set[int]  # messages Telegram still had to deliver when the bot died


def kill_and_restart(tmp_path: Path, *, polls_fail: bool) -> Outcome:
    api = BotApi()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        stream = type_stream(api)
        messages = set(stream.chat_of)
        killer = Killer({m for ms in stream.hands.values() for m in ms}, KILL_AFTER)
        api.on_reply = killer
        api.polls_fail = polls_fail
        with bot_process(tmp_path, api, "killed") as killed:
            killer.process = killed
            assert killer.killed.wait(TIMEOUT), log_of(tmp_path, "killed")
            killed.wait(timeout=30)
        assert killed.returncode == -signal.SIGKILL
        assert api.wait_until(lambda: api.polling == 0, TIMEOUT)  # its last poll is over
        at_kill = read(tmp_path / "tamalo.db")
        redelivered = {
            u["message"]["message_id"] for u in api.updates if u["update_id"] > api.confirmed
        }

        api.on_reply, api.polls_fail = (lambda reply: None), False
        with bot_process(tmp_path, api, "restarted"):

            def caught_up() -> bool:
                # Two polls: the first hands out what is left, the second confirms it; and
                # every message typed has had its answer, before the kill or since.
                answered = {r.to for r in api.replies}
                return api.polls >= 2 + polls_at_restart and messages <= answered

            polls_at_restart = api.polls
            assert api.wait_until(caught_up, TIMEOUT), log_of(tmp_path, "restarted")
        final = read(tmp_path / "tamalo.db")
        assert len(api.starts) == 2  # one getMe each
        before, after = api.replies[: api.starts[1]], api.replies[api.starts[1] :]
        assert {r.to for r in before + after} <= messages
        return Outcome(stream, at_kill, final, before, after, redelivered)
    finally:
        api.shutdown()
        api.server_close()


def assert_kill_kept_what_it_answered(outcome: Outcome) -> None:
    stream, at_kill = outcome.stream, outcome.at_kill
    assert_intact(at_kill, stream)  # nothing half-written, doubled or out of order
    acknowledged = {r.to for r in outcome.before}
    assert sum(m in acknowledged for ms in stream.hands.values() for m in ms) >= KILL_AFTER
    assert acknowledged <= at_kill.handled
    assert len(at_kill.handled) < len(stream.chat_of)  # killed mid-stream
    for reply in outcome.before:
        assert reply.to is not None
        assert reply.text == expected_reply(stream, reply.to)

    # After the restart every message not answered before is answered, and none twice: those
    # the kill interrupted come back from the bot's own journal; Telegram's deliveries again
    # of what the journal has are dropped.
    answered_after = Counter(r.to for r in outcome.after)
    twice = [(r.to, r.text) for r in outcome.after if answered_after[r.to] > 1]
    assert not twice, twice
    assert set(stream.chat_of) - {r.to for r in outcome.before} <= set(answered_after)
    for reply in outcome.after:
        assert reply.to is not None
        assert reply.text == expected_reply(stream, reply.to)
    assert_intact(outcome.final, stream)


def test_killed_mid_stream_the_bot_keeps_every_hand_it_answered_and_records_the_rest_once(
    tmp_path: Path,
) -> None:
    # Telegram's front fails the polls that would confirm the batch (502 Bad Gateway, it
    # happens), so everything typed is delivered again after the restart: what was handled
    # is not handled again, the rest is recorded once.
    outcome = kill_and_restart(tmp_path, polls_fail=True)

    assert outcome.redelivered == set(outcome.stream.chat_of)
    assert outcome.at_kill.handled & outcome.redelivered  # some were stored, answered again
    assert_kill_kept_what_it_answered(outcome)
    assert outcome.final.handled == set(outcome.stream.chat_of)
    for chat in CHATS:
        assert len(outcome.final.hands[chat]) == HANDS


def test_killed_mid_batch_with_the_batch_confirmed_no_hand_is_lost(tmp_path: Path) -> None:
    # Telegram as it usually is: the bot's next poll confirms the batch it fetched, before
    # the bot has handled it. Telegram will not deliver the rest of the batch again: the
    # bot's journal of updates received has it.
    outcome = kill_and_restart(tmp_path, polls_fail=False)

    assert not outcome.redelivered
    assert_kill_kept_what_it_answered(outcome)
    assert outcome.final.handled == set(outcome.stream.chat_of)
    for chat in CHATS:
        assert len(outcome.final.hands[chat]) == HANDS
