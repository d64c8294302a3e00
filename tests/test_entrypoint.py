"""The real ``python -m bot`` process, talking to a local stand-in for the Bot API."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

import pytest

TOKEN = "123456:SECRET-token-never-logged"
ME = {"id": 777, "is_bot": True, "first_name": "Tamalo", "username": "TamaloBot"}
START = {
    "update_id": 1,
    "message": {
        "message_id": 1,
        "date": 1_700_000_000,
        "chat": {"id": -100_5, "type": "group", "title": "Tavolo"},
        "from": {"id": 42, "is_bot": False, "first_name": "Anna"},
        "text": "/start",
        "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
    },
}


class FakeBotApi(ThreadingHTTPServer):
    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.paths: list[str] = []
        self.sent: list[str] = []
        self.replied = threading.Event()
        self.updates = [START]
        self.token_rejected = False


class Handler(BaseHTTPRequestHandler):
    server: FakeBotApi

    def do_POST(self) -> None:
        self.server.paths.append(self.path)
        method = self.path.rsplit("/", 1)[-1]
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        fields = {k: v[0] for k, v in parse_qs(body).items()}
        result: object = True
        if self.server.token_rejected:
            self.answer(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
            return
        if method == "getMe":
            result = ME
        elif method == "getUpdates":
            if self.server.updates:
                result = [self.server.updates.pop()]
            else:
                time.sleep(0.2)
                result = []
        elif method == "sendMessage":
            self.server.sent.append(fields["text"])
            self.server.replied.set()
            result = {"message_id": 2, "date": 0, "chat": START["message"]["chat"], "text": ""}  # type: ignore[index]
        self.answer(200, {"ok": True, "result": result})

    def answer(self, status: int, body: object) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def bot_api() -> Iterator[FakeBotApi]:
    server = FakeBotApi()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


class Bot:
    """``python -m bot`` as a child process; its output goes to files, because a DEBUG log
    would fill a pipe that nobody reads until the end and block the bot."""

    def __init__(self, tmp_path: Path, env: dict[str, str]) -> None:
        self.out_path, self.err_path = tmp_path / "stdout.log", tmp_path / "stderr.log"
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdout=out, stderr=err
            )

    def send_signal(self, sig: int) -> None:
        self.process.send_signal(sig)

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def communicate(self, timeout: float) -> tuple[str, str]:
        self.process.wait(timeout=timeout)
        return self.out_path.read_text(), self.err_path.read_text()


def run_bot(tmp_path: Path, **env: str) -> Bot:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DATABASE_"))}
    environ.update(
        env, DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", LOG_LEVEL="DEBUG"
    )
    environ["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    return Bot(tmp_path, environ)


def test_python_m_bot_answers_start_and_never_logs_the_token(
    bot_api: FakeBotApi, tmp_path: Path
) -> None:
    port = bot_api.server_address[1]
    process = run_bot(
        tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_BASE_URL=f"http://127.0.0.1:{port}/bot"
    )
    try:
        replied = bot_api.replied.wait(timeout=60)
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert replied, f"no reply to /start; the bot logged:\n{err[-3000:]}"
    assert "TamaloBot tiene il punteggio" in bot_api.sent[0]
    assert f"/bot{TOKEN}/getMe" in bot_api.paths  # the token went to the API, and only there
    assert any(p.endswith("/setMyCommands") for p in bot_api.paths)
    assert "Application started" in err  # DEBUG logging was on, and still:
    assert TOKEN not in out + err
    assert process.returncode == 0
    assert (tmp_path / "bot.db").exists()


def test_without_a_token_the_bot_says_how_to_get_one(tmp_path: Path) -> None:
    process = run_bot(tmp_path)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "TELEGRAM_BOT_TOKEN is not set" in err


def test_a_rejected_token_is_reported_without_printing_it(
    bot_api: FakeBotApi, tmp_path: Path
) -> None:
    bot_api.token_rejected = True
    port = bot_api.server_address[1]
    process = run_bot(
        tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_BASE_URL=f"http://127.0.0.1:{port}/bot"
    )
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "Telegram rejected TELEGRAM_BOT_TOKEN" in err
    assert TOKEN not in out + err
