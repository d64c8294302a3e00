"""Start-up without Telegram: the real ``python -m bot`` waits for the Bot API, one line per
try, and serves as soon as it answers."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.reliability.bot_api import BotApi

TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
GROUP = -100_7
#: What the developer's own environment must not add: it decides how the bot runs.
OWN_SETTINGS = ("TELEGRAM_", "DATABASE_", "WEBHOOK_", "PORT", "LOG_LEVEL", "CHART_WORKERS")
RETRY = re.compile(r"WARNING bot: Cannot reach Telegram \((.+)\), retrying in (\d+) s$")


def free_port() -> int:
    """A port nobody listens on: connecting to it is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def retries(log: Path) -> list[tuple[str, int]]:
    return [(m[1], int(m[2])) for line in log.read_text().splitlines() if (m := RETRY.search(line))]


def polling_failures(log: Path) -> int:
    return log.read_text().count("Polling failed (")


def test_the_bot_waits_for_telegram_and_serves_when_it_answers(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN_SETTINGS)}
    env |= {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_BASE_URL": f"http://127.0.0.1:{port}/bot",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
        "CHART_WORKERS": "0",
        "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
    }
    log = tmp_path / "stderr.log"
    with log.open("w") as err:
        bot = subprocess.Popen(
            [sys.executable, "-m", "bot", "--polling"], cwd=tmp_path, env=env, stderr=err
        )
    try:
        deadline = time.monotonic() + 60
        while len(retries(log)) < 2:  # refused twice: 1 s, then 2 s
            assert bot.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        api = BotApi(port)  # Telegram is back
        threading.Thread(target=api.serve_forever, daemon=True).start()
        api.type(GROUP, "/aiuto")
        answered = api.wait_until(lambda: bool(api.replies), timeout=60)
        api.shutdown()  # and gone again, while the bot polls
        api.server_close()
        while polling_failures(log) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        bot.send_signal(signal.SIGINT)
        bot.wait(timeout=30)
    output = log.read_text()

    assert answered, output
    assert "TamaloBot tiene il punteggio" in api.replies[0].text
    tries = retries(log)
    assert [wait for _, wait in tries] == [1, 2, 4, 8, 16, 30, 30][: len(tries)]
    assert 2 <= len(tries) <= 3  # it served at the first try after the stand-in appeared
    assert tries[0][0] == "httpx.ConnectError: All connection attempts failed"
    assert polling_failures(log) >= 2  # once serving, each failed poll is one line too
    # Stopped while Telegram is away: no traceback, only the lines above.
    assert "Traceback" not in output
    assert TOKEN not in output
    assert bot.returncode == 0
