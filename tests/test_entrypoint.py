"""The real ``python -m bot`` process, talking to a local stand-in for the Bot API, by long
polling and as a webhook; and the settings and choices that decide how it runs."""

from __future__ import annotations

import http.client
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest

import bot.launch as entrypoint
from bot import webhook
from bot.app import ALLOWED_UPDATES
from bot.config import Secret, Settings, SettingsError

TOKEN = "123456:SECRET-token-never-logged"
WEBHOOK_SECRET = "Webhook_SECRET-never-logged-42"
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
        #: Every call: the method's name and its form fields.
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.webhook_set = threading.Event()

    def called(self, method: str) -> list[dict[str, str]]:
        return [fields for name, fields in self.calls if name == method]


class Handler(BaseHTTPRequestHandler):
    server: FakeBotApi

    def do_POST(self) -> None:
        self.server.paths.append(self.path)
        method = self.path.rsplit("/", 1)[-1]
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        fields = {k: v[0] for k, v in parse_qs(body).items()}
        self.server.calls.append((method, fields))
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
        elif method == "setWebhook":
            self.server.webhook_set.set()
        # deleteWebhook, setMyCommands and the rest: True.
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

    def __init__(self, tmp_path: Path, env: dict[str, str], args: Iterable[str] = ()) -> None:
        self.out_path, self.err_path = tmp_path / "stdout.log", tmp_path / "stderr.log"
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot", *args],
                cwd=tmp_path,
                env=env,
                stdout=out,
                stderr=err,
            )

    def send_signal(self, sig: int) -> None:
        self.process.send_signal(sig)

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def communicate(self, timeout: float) -> tuple[str, str]:
        self.process.wait(timeout=timeout)
        return self.out_path.read_text(), self.err_path.read_text()

    def stop(self, timeout: float = 30) -> tuple[str, str]:
        """Ctrl-C, as a user would; killed if it does not end in time, never left running."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.communicate(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise

    def output(self) -> str:
        return self.out_path.read_text() + self.err_path.read_text()


#: What the developer's own environment must not add to a test's: it decides how the bot runs.
OWN_SETTINGS = (
    "TELEGRAM_", "DATABASE_", "WEBHOOK_", "PORT", "LOG_LEVEL", "CHART_WORKERS", "PUBLIC_URL",
    "MINI_APP_NAME", "WEB_SERVER",
)  # fmt: skip


def run_bot(tmp_path: Path, *args: str, **env: str) -> Bot:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(OWN_SETTINGS)}
    environ.update(
        env, DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", LOG_LEVEL="DEBUG"
    )
    environ["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    return Bot(tmp_path, environ, args)


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
    assert bot_api.called("deleteWebhook")  # polling makes sure no webhook is left
    assert not bot_api.called("setWebhook")
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


# --- Webhook mode ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post_update(port: int, path: str, update: object, secret: str | None) -> int:
    """POST ``update`` as Telegram does; the HTTP status the bot answers."""
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["X-Telegram-Bot-Api-Secret-Token"] = secret
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("POST", path, json.dumps(update), headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def get(port: int, path: str) -> tuple[int, object]:
    """GET ``path``: the status and the JSON answered."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def wait_until_listening(bot: Bot, port: int, deadline: float) -> None:
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert bot.process.poll() is None, f"the bot stopped:\n{bot.output()[-3000:]}"
            assert time.monotonic() < deadline, f"no webhook server:\n{bot.output()[-3000:]}"
            time.sleep(0.05)


def test_polling_with_web_server_yes_serves_health_and_the_scoreboard(
    bot_api: FakeBotApi, tmp_path: Path
) -> None:
    """``WEB_SERVER=yes``: the bot polls, and its web server answers on ``PORT`` meanwhile
    (the health check, the scoreboard's files with their Content-Security-Policy); Ctrl-C
    stops both."""
    api_port, port = bot_api.server_address[1], free_port()
    process = run_bot(
        tmp_path,
        "--polling",
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_BASE_URL=f"http://127.0.0.1:{api_port}/bot",
        WEB_SERVER="yes",
        PORT=str(port),
        WEBHOOK_LISTEN="127.0.0.1",
        CHART_WORKERS="0",
    )
    try:
        wait_until_listening(process, port, time.monotonic() + 60)
        replied = bot_api.replied.wait(timeout=60)
        health = get(port, "/health")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/tavolo/nothing-here")
            response = connection.getresponse()
            unknown = response.status, response.getheader("Content-Security-Policy") or ""
            response.read()
        finally:
            connection.close()
    finally:
        out, err = process.stop()
    assert replied, f"no reply to /start; the bot logged:\n{err[-3000:]}"
    assert health == (200, {"database": "ok"})
    assert unknown[0] == 404
    assert "default-src 'none'" in unknown[1]
    assert not bot_api.called("setWebhook")
    assert TOKEN not in out + err
    assert process.returncode == 0


def start_update(update_id: int) -> dict[str, Any]:
    return {**START, "update_id": update_id}


def test_python_m_bot_webhook_accepts_only_updates_with_the_secret(
    bot_api: FakeBotApi, tmp_path: Path
) -> None:
    api_port, port = bot_api.server_address[1], free_port()
    path = "/telegram/hook"
    webhook_url = f"http://127.0.0.1:{port}{path}"
    process = run_bot(
        tmp_path,
        "--webhook",
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_BASE_URL=f"http://127.0.0.1:{api_port}/bot",
        WEBHOOK_URL=webhook_url,
        WEBHOOK_SECRET=WEBHOOK_SECRET,
        PORT=str(port),
        WEBHOOK_LISTEN="127.0.0.1",
        CHART_WORKERS="0",
    )
    try:
        deadline = time.monotonic() + 60
        assert bot_api.webhook_set.wait(timeout=60), f"no setWebhook:\n{process.output()[-3000:]}"
        wait_until_listening(process, port, deadline)

        no_secret = post_update(port, path, start_update(1), secret=None)
        wrong_secret = post_update(port, path, start_update(2), secret="not-the-secret")
        right_secret = post_update(port, path, start_update(3), secret=WEBHOOK_SECRET)
        not_an_update = post_update(port, path, {"hello": 1}, secret=WEBHOOK_SECRET)
        replied = bot_api.replied.wait(timeout=30)
        health = get(port, "/health")
    finally:
        out, err = process.stop()

    [webhook] = bot_api.called("setWebhook")
    assert webhook["url"] == webhook_url
    assert webhook["secret_token"] == WEBHOOK_SECRET
    assert json.loads(webhook["allowed_updates"]) == ALLOWED_UPDATES
    assert not bot_api.called("getUpdates")
    assert not bot_api.called("deleteWebhook")  # the pending updates are Telegram's to keep

    assert (no_secret, wrong_secret, right_secret, not_an_update) == (403, 403, 200, 400)
    assert health == (200, {"database": "ok"})  # for a load balancer's health check
    assert replied, f"no reply to /start; the bot logged:\n{err[-3000:]}"
    # Only the update with the secret was answered, though shutdown finished pending updates.
    [reply] = bot_api.called("sendMessage")
    assert reply["chat_id"] == str(START["message"]["chat"]["id"])  # type: ignore[index]
    assert "TamaloBot tiene il punteggio" in reply["text"]

    assert "setWebhook" in err  # DEBUG logged the call with its parameters, and still:
    assert TOKEN not in out + err
    assert WEBHOOK_SECRET not in out + err
    assert process.returncode == 0


# --- Choosing the mode, in process ----------------------------------------------------------


class FakeApp:
    """Stands for the Application; records how it was run."""

    def __init__(self) -> None:
        self.runs: list[tuple[str, dict[str, Any]]] = []

    async def run_webhook(self, app: object, settings: Settings, url: str, **kwargs: Any) -> None:
        assert app is self
        self.runs.append(("webhook", {"url": url, **kwargs}))

    async def run_polling(self, app: object, allowed_updates: list[str]) -> None:
        assert app is self
        self.runs.append(("polling", {"allowed_updates": allowed_updates}))

    async def run_polling_served(
        self, app: object, settings: Settings, allowed_updates: list[str]
    ) -> None:
        assert app is self
        served = {"listen": f"{settings.webhook_listen}:{settings.port}"}
        self.runs.append(("polling served", {"allowed_updates": allowed_updates, **served}))


@pytest.fixture
def launch(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[FakeApp, list[list[str]]]:
    """``main()`` with a stand-in Application, no .env, and only the test's settings."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith(OWN_SETTINGS):
            monkeypatch.delenv(name)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    app, redacted = FakeApp(), []
    monkeypatch.setattr(entrypoint, "build_application", lambda settings, **options: app)
    monkeypatch.setattr(entrypoint, "run_polling", app.run_polling)
    monkeypatch.setattr(webhook, "run_webhook", app.run_webhook)
    monkeypatch.setattr(webhook, "run_polling_served", app.run_polling_served)
    monkeypatch.setattr(
        entrypoint, "configure_logging", lambda level, secrets: redacted.append(list(secrets))
    )
    return app, redacted


def test_webhook_url_set_means_webhook_and_the_secret_is_redacted(
    launch: tuple[FakeApp, list[list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, redacted = launch
    monkeypatch.setenv("WEBHOOK_URL", "https://tamalo.example.com/telegram")
    monkeypatch.setenv("WEBHOOK_SECRET", WEBHOOK_SECRET)
    assert entrypoint.main([]) == 0
    assert app.runs == [
        (
            "webhook",
            {
                "url": "https://tamalo.example.com/telegram",
                "path": "/telegram",
                "secret": WEBHOOK_SECRET,
                "allowed_updates": ALLOWED_UPDATES,
                "drop_pending_updates": False,
            },
        )
    ]
    assert redacted == [[TOKEN, WEBHOOK_SECRET]]


def test_polling_without_a_webhook_url_or_when_asked(
    launch: tuple[FakeApp, list[list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, _ = launch
    assert entrypoint.main([]) == 0
    monkeypatch.setenv("WEBHOOK_URL", "https://tamalo.example.com/telegram")
    assert entrypoint.main(["--polling"]) == 0  # no secret needed to poll
    assert app.runs == [("polling", {"allowed_updates": ALLOWED_UPDATES})] * 2


def test_polling_with_web_server_yes_serves_the_scoreboard_too(
    launch: tuple[FakeApp, list[list[str]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, _ = launch
    monkeypatch.setenv("WEB_SERVER", "yes")
    monkeypatch.setenv("PORT", "8123")
    assert entrypoint.main([]) == 0
    monkeypatch.setenv("WEB_SERVER", "no")
    assert entrypoint.main([]) == 0
    assert app.runs == [
        ("polling served", {"allowed_updates": ALLOWED_UPDATES, "listen": "0.0.0.0:8123"}),
        ("polling", {"allowed_updates": ALLOWED_UPDATES}),
    ]


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["--webhook"], {}, "WEBHOOK_URL is not set"),
        ([], {"WEBHOOK_URL": "https://tamalo.example.com/t"}, "WEBHOOK_SECRET is not set"),
        (
            ["--webhook"],
            {"WEBHOOK_URL": "https://t.example/t", "WEBHOOK_SECRET": "a b"},
            "WEBHOOK_SECRET must",
        ),
        (["--webhook"], {"WEBHOOK_URL": "https://t.example/t", "PORT": "http"}, "PORT must"),
        ([], {"PUBLIC_URL": "http://tamalo.example.com"}, "PUBLIC_URL must be the bot's public"),
        ([], {"MINI_APP_NAME": "t"}, "MINI_APP_NAME must be the Mini App's short name"),
        ([], {"WEB_SERVER": "maybe"}, "WEB_SERVER must be yes or no"),
    ],
)
def test_a_webhook_without_what_it_needs_exits_with_2(
    launch: tuple[FakeApp, list[list[str]]],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    args: list[str],
    env: dict[str, str],
    message: str,
) -> None:
    app, _ = launch
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with caplog.at_level(logging.ERROR, logger="bot"):
        assert entrypoint.main(args) == 2
    assert message in caplog.text
    assert app.runs == []


def test_webhook_and_polling_together_are_refused(
    launch: tuple[FakeApp, list[list[str]]], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        entrypoint.main(["--webhook", "--polling"])
    assert raised.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


# --- Settings -------------------------------------------------------------------------------


def load(tmp_path: Path, **environ: str) -> Settings:
    return Settings.load(environ, env_file=tmp_path / "absent.env")


def test_webhook_settings_default_to_none_and_port_8080(tmp_path: Path) -> None:
    settings = load(tmp_path)
    assert (settings.webhook_url, settings.webhook_secret) == (None, None)
    assert (settings.port, settings.webhook_listen) == (8080, "0.0.0.0")


def test_webhook_settings_are_read_and_the_secret_stays_hidden(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"WEBHOOK_SECRET={WEBHOOK_SECRET}\nPORT=1\n")
    settings = Settings.load(
        {"WEBHOOK_URL": " https://tamalo.example.com/telegram ", "PORT": "8443 "},
        env_file=tmp_path / ".env",
    )
    assert settings.webhook_url == "https://tamalo.example.com/telegram"
    assert isinstance(settings.webhook_secret, Secret)
    assert settings.require_webhook() == (settings.webhook_url, WEBHOOK_SECRET)
    assert settings.port == 8443  # the environment wins over .env
    assert WEBHOOK_SECRET not in repr(settings)
    assert load(tmp_path, WEBHOOK_LISTEN="127.0.0.1").webhook_listen == "127.0.0.1"
    assert load(tmp_path, WEBHOOK_SECRET="_" * 256).webhook_secret is not None


@pytest.mark.parametrize(
    "secret", ["with space", "semi;colon", "accentuè", "a" * 257, "slash/", "dot.ted"]
)
def test_a_webhook_secret_outside_telegrams_rule_is_refused(tmp_path: Path, secret: str) -> None:
    with pytest.raises(SettingsError, match="WEBHOOK_SECRET") as error:
        load(tmp_path, WEBHOOK_SECRET=secret)
    assert secret not in str(error.value)  # even a malformed secret is not printed


@pytest.mark.parametrize("port", ["http", "80.5", "-1", "0", "65536", "²"])
def test_a_port_that_is_not_a_port_number_is_refused(tmp_path: Path, port: str) -> None:
    with pytest.raises(SettingsError, match="PORT must be a whole number"):
        load(tmp_path, PORT=port)


@pytest.mark.parametrize("url", ["tamalo.example.com/telegram", "ftp://x.example/t", "https://"])
def test_a_webhook_url_that_is_not_a_web_address_is_refused(tmp_path: Path, url: str) -> None:
    with pytest.raises(SettingsError, match="WEBHOOK_URL must be a full https:// address"):
        load(tmp_path, WEBHOOK_URL=url)


def test_require_webhook_says_what_is_missing() -> None:
    with pytest.raises(SettingsError, match="WEBHOOK_URL is not set"):
        Settings(token=None).require_webhook()
    with pytest.raises(SettingsError, match="WEBHOOK_SECRET is not set"):
        Settings(token=None, webhook_url="https://t.example/t").require_webhook()
