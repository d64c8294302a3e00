"""Real ``python -m bot --webhook`` processes, on SQLite and PostgreSQL, with Telegram posting
to them as it does (an update not answered 200 is posted again): an update acknowledged is
never lost, whether the instance is killed or the database stops answering, and one chat's
hands are applied in message order whichever instance receives them."""

from __future__ import annotations

import contextlib
import signal
import socket
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from bot import texts
from bot.games.tamalo import texts as tamalo_texts
from scoring.tamalo import Game, Hand, Report, Rules
from tests.conftest import BACKENDS, is_postgres
from tests.reliability.bot_api import BotApi, Reply
from tests.reliability.conftest import its_forecast
from tests.reliability.webhook import TIMEOUT, Instance, Telegram, stored_hands

RULES = Rules(target=1000)  # the most /nuova takes: these hands never get near it
#: Hands a group sends in a burst: with its /nuova, within Telegram's 20 messages a minute
#: per group, so the bot's pacing of replies never has to wait.
HANDS = 15
GROUPS = (-100_201, -100_202, -100_203, -100_204)
KILL_AFTER = 12  # hand replies, in all, when the first instance is killed


@contextlib.contextmanager
def bot_api() -> Iterator[BotApi]:
    api = BotApi()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        yield api
    finally:
        api.shutdown()
        api.server_close()


@contextlib.contextmanager
def running(*instances: Instance) -> Iterator[None]:
    try:
        for instance in instances:
            instance.wait_ready()
        yield
    finally:
        for instance in instances:
            instance.stop()


def hand(chat: int, n: int) -> str:
    """The n-th hand of a group: Anna's total, n, tells the hands apart."""
    return f"/mano Anna {n} Bruno {20 + n}"


def answer(n: int) -> str:
    """What the bot answers the n-th hand of a group."""
    game = Game(("Anna", "Bruno"), RULES)
    for k in range(1, n + 1):
        game = game.with_hand(Hand((Report("Anna", k), Report("Bruno", 20 + k))))
    return tamalo_texts.hands.hand_recorded(game) + its_forecast(game)


def start_games(api: BotApi, telegram: Telegram, groups: tuple[int, ...]) -> None:
    for chat in groups:
        telegram.deliver(api.typed(chat, f"/nuova soglia={RULES.target} Anna Bruno"))


def answered_all(api: BotApi, messages: set[int]) -> bool:
    return messages <= {r.to for r in api.replies}


def assert_hands_in_order(
    api: BotApi, database_url: str, typed: dict[int, list[dict[str, Any]]]
) -> None:
    """Each group's hands stored once, numbered 1..n, each from its message, in the order
    typed; each message answered with its own hand, and nothing answered as failed."""
    stored = stored_hands(database_url)
    for chat, updates in typed.items():
        messages = [u["message"]["message_id"] for u in updates]
        hands = stored.get(chat, [])
        assert [h.number for h in hands] == list(range(1, len(updates) + 1)), (chat, hands)
        assert [h.message_id for h in hands] == messages
        assert [h.anna for h in hands] == list(range(1, len(updates) + 1))
        for n, message in enumerate(messages, start=1):
            replies = {r.text for r in api.replies if r.to == message}
            assert replies == {answer(n)}, (chat, n, replies)
    failed = [r for r in api.replies if r.text in {texts.common.something_went_wrong()}]
    assert not failed, failed


#: SIGKILL on each backend: what survives the kill is what each database committed. SIGTERM
#: once (on PostgreSQL when there is one): the server stops taking updates and lets those
#: under way finish, whatever the database.
STOPS = [
    *[pytest.param(b, signal.SIGKILL, -signal.SIGKILL, id=f"{b}-SIGKILL") for b in BACKENDS],
    pytest.param(BACKENDS[-1], signal.SIGTERM, 0, id=f"{BACKENDS[-1]}-SIGTERM"),
]


@pytest.mark.parametrize(("database_url", "stop", "exit_code"), STOPS, indirect=["database_url"])
def test_a_webhook_instance_killed_or_stopped_mid_burst_loses_no_acknowledged_update(
    tmp_path: Path, database_url: str, stop: signal.Signals, exit_code: int
) -> None:
    # SIGKILL: the process dies at once. SIGTERM (a process manager stopping it): the web
    # server stops taking updates and the ones under way finish; the rest wait in the inbox.
    with bot_api() as api:
        first = Instance(tmp_path, api, database_url, "first")
        with running(first):
            telegram = Telegram([first])
            start_games(api, telegram, GROUPS)
            typed = {chat: [api.typed(chat, hand(chat, n)) for n in range(1, HANDS + 1)]
                     for chat in GROUPS}  # fmt: skip
            hands = {u["message"]["message_id"] for us in typed.values() for u in us}
            answered_at_kill: set[int] = set()  # as it was when the signal was sent
            killed = threading.Event()

            def kill_at(reply: Reply) -> None:
                if killed.is_set():
                    return
                if reply.to is not None and reply.to in hands:
                    answered_at_kill.add(reply.to)
                if len(answered_at_kill) == KILL_AFTER:
                    killed.set()
                    first.process.send_signal(stop)

            api.on_reply = kill_at
            # Telegram posts each group's hands back to back, the groups side by side; once
            # the first instance is dead it posts them to the second.
            posters = [
                threading.Thread(target=telegram.deliver_all, args=(us,)) for us in typed.values()
            ]
            for poster in posters:
                poster.start()
            assert first.process.wait(TIMEOUT) == exit_code, first.output()
            acknowledged_by_first = set(telegram.acknowledged)
            api.on_reply = lambda reply: None
            second = Instance(tmp_path, api, database_url, "second")
            with running(second):
                telegram.instances.append(second)
                for poster in posters:
                    poster.join(TIMEOUT)
                messages = hands | set()
                assert api.wait_until(lambda: answered_all(api, messages), TIMEOUT), second.output()
    every = {u["update_id"] for us in typed.values() for u in us}
    assert set(telegram.acknowledged) >= every
    ids = {u["update_id"]: u["message"]["message_id"] for us in typed.values() for u in us}
    # The kill interrupted updates it had acknowledged: the second instance handled them.
    interrupted = {ids[i] for i in acknowledged_by_first if i in ids} - answered_at_kill
    assert interrupted, "the kill came after everything acknowledged was answered"
    assert_hands_in_order(api, database_url, typed)
    # A hand answered but not yet marked handled when the kill came is answered again, the
    # same: at most one per group, the one under way.
    answers = Counter(r.to for r in api.replies)
    chats = {u["message"]["message_id"]: chat for chat, us in typed.items() for u in us}
    twice = Counter(chats[m] for m, n in answers.items() if n > 1 and m in chats)
    assert all(n == 1 for n in twice.values()), twice


def test_two_instances_fed_one_chat_apply_its_hands_in_message_order(
    tmp_path: Path, database_url: str
) -> None:
    chat = GROUPS[0]
    with bot_api() as api:
        first = Instance(tmp_path, api, database_url, "first")
        second = Instance(tmp_path, api, database_url, "second")
        with running(first, second):
            telegram = Telegram([first, second])
            start_games(api, telegram, (chat,))
            typed = [api.typed(chat, hand(chat, n)) for n in range(1, HANDS + 1)]
            for n, update in enumerate(typed):  # back to back, to each instance in turn
                telegram.deliver(update, first=n)
            messages = {u["message"]["message_id"] for u in typed}
            assert api.wait_until(lambda: answered_all(api, messages), TIMEOUT), (
                first.output() + second.output()
            )
    assert_hands_in_order(api, database_url, {chat: typed})


class Proxy:
    """A TCP proxy in front of PostgreSQL, to make the database stop answering for this bot
    alone: paused, it refuses connections and cuts those it carried."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self._sockets: list[Any] = []
        self._lock = threading.Lock()
        self.resume()

    def resume(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def pause(self) -> None:
        with self._lock:
            # Shut down, not only closed: a thread blocked on a socket would keep it alive.
            for sock in [self._listener, *self._sockets]:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._sockets.clear()

    def _accept(self, listener: Any) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            with self._lock:
                self._sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: Any, sink: Any) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for sock in (source, sink):  # shut down: the other pump is blocked reading them
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


OUTAGE = 10.0  # seconds


def test_a_ten_second_database_outage_in_webhook_mode_loses_no_update(
    tmp_path: Path, database_url: str
) -> None:
    chat = GROUPS[0]
    proxy = None
    bot_url = database_url
    if is_postgres(database_url):
        url = make_url(database_url)
        proxy = Proxy(url.host or "127.0.0.1", url.port or 5432)
        bot_url = url.set(host="127.0.0.1", port=proxy.port).render_as_string(False)
    with bot_api() as api:
        instance = Instance(tmp_path, api, bot_url, "bot")
        with running(instance):
            telegram = Telegram([instance])
            start_games(api, telegram, (chat,))
            typed = [api.typed(chat, hand(chat, n)) for n in range(1, 6)]
            for update in typed[:2]:
                telegram.deliver(update)
            telegram.deliver(typed[2])  # acknowledged; its answer may be under way
            with outage(database_url, proxy):
                # Telegram posts the rest during the outage, again and again until answered.
                poster = threading.Thread(target=telegram.deliver_all, args=(typed[3:],))
                poster.start()
                time.sleep(OUTAGE)
                unhealthy = instance.health()
            poster.join(TIMEOUT)
            messages = {u["message"]["message_id"] for u in typed}
            assert api.wait_until(lambda: answered_all(api, messages), TIMEOUT), instance.output()
    assert unhealthy == 503  # the health check said the database does not answer
    assert 503 in telegram.refused  # refused while the database was away: Telegram resent
    assert_hands_in_order(api, database_url, {chat: typed})
    # The log tells the outage's beginning and its end, not every try (main: a line for
    # each of Telegram's posts and each chat's every try, hundreds).
    said = [line.split(": ", 1)[1] for line in instance.log.read_text().splitlines()
            if " WARNING " in line or " ERROR " in line]  # fmt: skip
    assert len(said) == 2, said
    assert said[0].startswith("The database stopped answering ("), said
    assert said[1].startswith("The database answers again, after "), said


@contextlib.contextmanager
def outage(database_url: str, proxy: Proxy | None) -> Iterator[None]:
    """The database stops answering the bot: PostgreSQL's connections are cut and refused;
    SQLite's file is held by another process's exclusive lock."""
    if proxy is not None:
        proxy.pause()
        try:
            yield
        finally:
            proxy.resume()
        return
    path = make_url(database_url).database
    assert path is not None
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        yield
        holder.execute("ROLLBACK")
    finally:
        holder.close()
