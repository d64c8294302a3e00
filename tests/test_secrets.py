"""The token and the webhook secret never reach stdout, stderr or a log: real ``python -m bot``
processes with settings gone wrong in the ways people get them wrong."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import secrets_in
from bot.logs import RedactingFormatter

TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
SECRET = "Webhook_SECRET-never-shown-42"
#: What the developer's own environment must not add: it decides how the bot runs.
OWN_SETTINGS = ("TELEGRAM_", "DATABASE_", "WEBHOOK_", "PORT", "LOG_LEVEL", "CHART_WORKERS")


def run(tmp_path: Path, *args: str, **settings: str) -> tuple[int, str]:
    """``python -m bot`` with only ``settings``: its exit code and everything it printed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN_SETTINGS)}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", "LOG_LEVEL": "DEBUG"}
    env |= settings | {"PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input="/aiuto\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("args", "settings", "says"),
    [
        # The typo that started it: the token in the path of a webhook URL that is no URL.
        ((), {"WEBHOOK_URL": f"htps://example.com/{TOKEN}"}, "WEBHOOK_URL must be"),
        ((), {"PORT": TOKEN}, "PORT must be"),
        ((), {"CHART_WORKERS": TOKEN}, "CHART_WORKERS must be"),
        ((), {"LOG_LEVEL": TOKEN}, "LOG_LEVEL must be"),  # upper-cased, and still hidden
        (("--webhook",), {"WEBHOOK_SECRET": SECRET, "PORT": SECRET}, "PORT must be"),
        # A malformed secret is a secret too.
        ((), {"WEBHOOK_SECRET": f"{SECRET}!", "WEBHOOK_URL": f"x/{SECRET}!"}, "WEBHOOK_URL must"),
    ],
)
def test_settings_gone_wrong_never_print_the_token_or_the_secret(
    tmp_path: Path, args: tuple[str, ...], settings: dict[str, str], says: str
) -> None:
    code, output = run(tmp_path, *args, TELEGRAM_BOT_TOKEN=TOKEN, **settings)

    assert code != 0
    assert says in output
    assert "[secret]" in output  # it was about to be shown
    for secret in (TOKEN, SECRET, f"{SECRET}!"):
        assert secret.casefold() not in output.casefold()


def test_an_error_nobody_catches_is_logged_without_the_secret(tmp_path: Path) -> None:
    script = (
        "from bot.logs import configure_logging\n"
        f"configure_logging('INFO', [{SECRET!r}])\n"
        f"raise RuntimeError({SECRET!r})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
        check=False,
    )

    assert done.returncode == 1
    assert "CRITICAL bot: TamaloBot stopped on an error\nTraceback" in done.stderr
    assert done.stderr.endswith("RuntimeError: [secret]\n")
    assert SECRET not in done.stdout + done.stderr


def test_a_token_in_the_wrong_setting_is_hidden_though_none_is_set(tmp_path: Path) -> None:
    code, output = run(tmp_path, WEBHOOK_URL=f"htps://example.com/{TOKEN}")

    assert code == 2
    assert "WEBHOOK_URL must be" in output
    assert TOKEN.split(":")[1] not in output


def test_the_formatter_hides_each_secret_in_any_case_and_in_tracebacks() -> None:
    formatter = RedactingFormatter("%(message)s", [SECRET])
    try:
        raise ValueError(f"bad value {SECRET.upper()}")
    except ValueError:
        record = logging.LogRecord("t", logging.ERROR, "", 0, "at %s", (TOKEN,), sys.exc_info())

    line = formatter.format(record)

    assert line.startswith("at [secret]\nTraceback")
    assert line.endswith("ValueError: bad value [secret]")


def test_the_database_password_is_a_secret_too() -> None:
    url = "postgresql+asyncpg://bot:Pa%40ss-word@db.example:5432/tamalo"
    hidden = secrets_in({"TELEGRAM_BOT_TOKEN": TOKEN, "DATABASE_URL": url})
    assert hidden == [TOKEN, "Pa%40ss-word", "Pa@ss-word"]
    formatter = RedactingFormatter("%(message)s", hidden)
    record = logging.LogRecord("t", logging.ERROR, "", 0, "cannot reach %s", (url,), None)
    assert (
        formatter.format(record)
        == "cannot reach postgresql+asyncpg://bot:[secret]@db.example:5432/tamalo"
    )
    assert secrets_in({"DATABASE_URL": "sqlite+aiosqlite:///tamalo.db"}) == []
    assert secrets_in({"DATABASE_URL": "http://[not a url"}) == []


def test_a_query_cut_short_at_stop_is_one_info_line_not_an_error(tmp_path: Path) -> None:
    """On PostgreSQL, a unit of work cancelled at stop leaves asyncpg's wait for its query to
    nobody; closed under it, asyncio would log an ERROR (a clean stop logs none)."""
    script = (
        "import asyncio, gc\n"
        "from bot.logs import configure_logging\n"
        "configure_logging('INFO', [])\n"
        "async def main():\n"
        "    waiter = asyncio.get_running_loop().create_future()\n"
        "    waiter.set_exception(ConnectionError('unexpected connection_lost() call'))\n"
        "    del waiter\n"
        "    gc.collect()\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
        check=False,
    )

    assert done.returncode == 0
    assert " ERROR " not in done.stderr
    assert "Traceback" not in done.stderr
    assert "INFO asyncio: A query cut short lost its connection" in done.stderr
