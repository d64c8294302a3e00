"""Real ``python -m bot --webhook`` processes for the reliability tests, and Telegram posting
to them: an update is posted until some instance answers 200, as Telegram does."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from tests.reliability.bot_api import BotApi

TOKEN = "123456:WEBHOOK-test-token"
SECRET = "Webhook_reliability_secret"
ROOT = Path(__file__).resolve().parents[2]
#: The developer's own settings must not reach the bot under test.
OWN_SETTINGS = ("TELEGRAM_", "DATABASE_", "WEBHOOK_", "PORT", "LOG_LEVEL", "CHART_WORKERS")
#: Generous: the process imports python-telegram-bot and SQLAlchemy and migrates the database.
TIMEOUT = 60.0
#: How long Telegram waits before posting an update again that was not answered 200.
RESEND_AFTER = 0.2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Instance:
    """One ``python -m bot --webhook`` on a port of its own; never left running."""

    def __init__(self, tmp_path: Path, api: BotApi, database_url: str, name: str) -> None:
        self.port, self.name, self.log = free_port(), name, tmp_path / f"{name}.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(OWN_SETTINGS)}
        env.update(
            TELEGRAM_BOT_TOKEN=TOKEN,
            TELEGRAM_BASE_URL=api.base_url,
            DATABASE_URL=database_url,
            WEBHOOK_URL=f"http://127.0.0.1:{self.port}/hook",
            WEBHOOK_SECRET=SECRET,
            WEBHOOK_LISTEN="127.0.0.1",
            PORT=str(self.port),
            CHART_WORKERS="0",
            PYTHONPATH=str(ROOT),
        )
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot", "--webhook"],
                cwd=tmp_path,  # no developer's .env
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    def request(self, method: str, path: str, body: object = None) -> int:
        """The HTTP status the instance answers (0: it does not answer at all)."""
        headers = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            payload = None if body is None else json.dumps(body)
            connection.request(method, path, payload, headers)
            response = connection.getresponse()
            response.read()
            return response.status
        except OSError:
            return 0
        finally:
            connection.close()

    def post(self, update: dict[str, Any]) -> int:
        return self.request("POST", "/hook", update)

    def health(self) -> int:
        return self.request("GET", "/health")

    def wait_ready(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while self.health() != 200:
            assert self.process.poll() is None, f"{self.name} stopped:\n{self.output()}"
            assert time.monotonic() < deadline, f"{self.name} never listened:\n{self.output()}"
            time.sleep(0.1)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        """Ctrl-C: the updates under way finish and the process ends, within seconds."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"{self.name} ignored Ctrl-C:\n{self.output()}") from None
            assert self.process.returncode == 0, self.output()


class Telegram:
    """Posts updates to the instances, each until one answers 200: what was acknowledged."""

    def __init__(self, instances: Sequence[Instance]) -> None:
        self.instances = list(instances)
        self.acknowledged: list[int] = []  # update ids, in the order answered 200
        self.refused: list[int] = []  # statuses other than 200 and "no answer"
        self._lock = threading.Lock()

    def deliver_all(self, updates: Sequence[dict[str, Any]]) -> None:
        """Post the updates back to back, each once the one before was acknowledged."""
        for update in updates:
            self.deliver(update)

    def deliver(self, update: dict[str, Any], first: int = 0) -> None:
        """Post ``update`` to the instances in turn, from ``first``, until one says 200."""
        deadline = time.monotonic() + TIMEOUT
        turn = first
        while True:
            instance = self.instances[turn % len(self.instances)]
            status = instance.post(update)
            if status == 200:
                with self._lock:
                    self.acknowledged.append(update["update_id"])
                return
            if status:
                with self._lock:
                    self.refused.append(status)
            assert time.monotonic() < deadline, f"update {update['update_id']} never taken"
            turn += 1
            time.sleep(RESEND_AFTER)


@dataclass(frozen=True)
class StoredHand:
    number: int
    message_id: int
    anna: int  # Anna's total as typed: tells a chat's hands apart


async def _stored(database_url: str) -> dict[int, list[StoredHand]]:
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text(
                    "SELECT g.chat_id, h.number, h.message_id, r.value "
                    "FROM hands h JOIN games g ON g.id = h.game_id "
                    "JOIN hand_results r ON r.hand_id = h.id "
                    "JOIN players p ON p.id = r.player_id "
                    "WHERE p.name = 'Anna' ORDER BY g.chat_id, h.number"
                )
            )
            hands: dict[int, list[StoredHand]] = {}
            for chat, number, message, anna in rows:
                hands.setdefault(chat, []).append(StoredHand(number, message, anna))
            return hands
    finally:
        await engine.dispose()


def stored_hands(database_url: str) -> dict[int, list[StoredHand]]:
    """Each chat's hands as stored, in order (read once the test is done with the bots)."""
    return asyncio.run(_stored(database_url))
