"""Cold start: from starting ``python -m bot --polling`` to its first reply, and how much
memory the process then holds while idle.

The real entry point runs as a separate process, as in production, with a tiny Bot API
over HTTP on 127.0.0.1 served by this process (getMe, deleteWebhook, setMyCommands, long
polling that hands out one ``/classifica``, sendMessage that notes when it arrived). Its
database is an SQLite file already migrated with a game running in the chat, a fresh copy
for every start; a start on a file that does not exist yet (the very first start, with every
migration) is reported apart. Starts take turns with the reference, so that a noisy moment
of the machine weighs on both; the figures are medians.

The reference is the time ``python -c "import telegram, sqlalchemy, matplotlib"`` takes from
start to exit, the libraries any bot like this one loads, and the resident memory (VmRSS)
of a process that has made those imports. The memory figure is the bot's VmRSS, read from
``/proc/<pid>/status`` half a second after the reply, while it waits for the next update.

The Bot API notes when each method is first called, which splits the start in phases:
getMe comes once the code is imported and the Application built, setMyCommands once the
database is upgraded, sendMessage once the update has been answered.

The project's modules are compiled to bytecode first (``compileall``), as the libraries the
reference imports were when pip installed them, and as a deployed bot's are after its first
start: a start is not charged for compiling our sources when the environment forbids writing
``__pycache__`` (``PYTHONDONTWRITEBYTECODE``). The limit is a ratio to the reference: 1.3×
(issue 35); a game's heavy modules (NumPy's forecasts and odds, charts, PDFs) load when first
used, not at start.
"""

from __future__ import annotations

import compileall
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from bench.common import (
    BOT_USER,
    TOKEN,
    Figure,
    InstantRequest,
    Typist,
    bot_running,
    median,
    sqlite_url,
    to_update,
)

CHAT = -100_123
REFERENCE = "import telegram, sqlalchemy, matplotlib"
#: How long the bot may take to answer before the run is called broken.
PATIENCE = 60.0
#: How long after its reply the bot's memory is read.
SETTLE = 0.5


class FakeBotApi(ThreadingHTTPServer):
    """Just enough of the Bot API for one start: one update, and the time of the reply."""

    daemon_threads = True

    def __init__(self, update: dict[str, Any]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.update: dict[str, Any] | None = update
        self.replied_at: float | None = None
        self.replied = threading.Event()
        #: When each method was first called (``time.perf_counter()``): the start's phases.
        self.first_calls: dict[str, float] = {}
        #: Set to end long polls at once (the bot is being stopped).
        self.closing = threading.Event()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/bot"


class _Handler(BaseHTTPRequestHandler):
    server: FakeBotApi

    def do_POST(self) -> None:
        method = self.path.rsplit("/", 1)[-1]
        self.server.first_calls.setdefault(method, time.perf_counter())
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        fields = {key: values[0] for key, values in parse_qs(body).items()}
        result: object = True
        if method == "getMe":
            result = BOT_USER
        elif method == "getUpdates":
            result = []
            if self.server.update is not None:
                result, self.server.update = [self.server.update], None
            else:  # a long poll: nothing comes until it times out or the bot stops
                self.server.closing.wait(min(float(fields.get("timeout", 0) or 0), 5.0))
        elif method == "sendMessage":
            if self.server.replied_at is None:
                self.server.replied_at = time.perf_counter()
                self.server.replied.set()
            result = {
                "message_id": 1,
                "date": 0,
                "chat": {"id": int(fields.get("chat_id", 0)), "type": "group", "title": "T"},
                "from": BOT_USER,
                "text": fields.get("text", ""),
            }
        data = json.dumps({"ok": True, "result": result}).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the bot hung up (it is stopping)
            pass

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(update: dict[str, Any]) -> Iterator[FakeBotApi]:
    api = FakeBotApi(update)
    thread = threading.Thread(target=api.serve_forever, daemon=True)
    thread.start()
    try:
        yield api
    finally:
        api.closing.set()
        api.shutdown()
        api.server_close()


def rss_mb(pid: int) -> float:
    """The process's resident memory now, in MB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass(frozen=True)
class Start:
    """One start of the bot: seconds to the first reply, idle memory (MB) afterwards, and
    when (seconds after the start) it first called each Bot API method."""

    reply: float
    memory: float
    calls: dict[str, float]
    #: Seconds from Ctrl-C (SIGINT), sent while it polls, to the process's exit.
    stop: float


def start_bot(database: Path, log: Path) -> Start:
    """Start ``python -m bot --polling`` on ``database`` and stop it as Ctrl-C would."""
    update = Typist().message(CHAT, "/classifica")
    with serving(update) as api:
        environment = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("WEBHOOK_", "TELEGRAM_", "DATABASE_", "CHART_", "LOG_"))
        }
        environment |= {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_BASE_URL": api.base_url,
            "DATABASE_URL": sqlite_url(database.parent, database.name),
        }
        with log.open("ab") as output:
            start = time.perf_counter()
            bot = subprocess.Popen(
                [sys.executable, "-m", "bot", "--polling"],
                env=environment,
                cwd=database.parent,  # no .env of the developer's
                stdout=output,
                stderr=output,
            )
            try:
                if not api.replied.wait(PATIENCE) or api.replied_at is None:
                    raise RuntimeError(f"the bot did not reply; its log is in {log}")
                time.sleep(SETTLE)
                memory = rss_mb(bot.pid)
            finally:
                api.closing.set()
                stopping = time.perf_counter()
                bot.send_signal(signal.SIGINT)
                try:
                    code = bot.wait(30)
                    stopped = time.perf_counter() - stopping
                except subprocess.TimeoutExpired:
                    bot.kill()
                    bot.wait()
                    raise
        if code != 0:
            raise RuntimeError(f"the bot exited with {code}; its log is in {log}")
        calls = {method: at - start for method, at in api.first_calls.items()}
        return Start(api.replied_at - start, memory, calls, stopped)


#: The project's packages, compiled before the starts.
PACKAGES = ("bot", "play", "storage", "scoring")


def compiled() -> None:
    """Every module of the project compiled to ``__pycache__``, as a deployed bot has them."""
    root = Path(__file__).resolve().parent.parent
    for package in PACKAGES:
        compileall.compile_dir(root / package, quiet=1)


def reference() -> float:
    """``python -c "import telegram, sqlalchemy, matplotlib"``: seconds from start to exit."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", REFERENCE], check=True)
    return time.perf_counter() - start


def reference_memory() -> float:
    """The resident memory (MB) of a process that has made the reference's imports, as it
    reads it itself (a child's rusage would count pages of the parent it was forked from)."""
    report = "import re; print(re.search(r'VmRSS:\\s+(\\d+)', open('/proc/self/status').read())[1])"
    printed = subprocess.run(
        [sys.executable, "-c", f"{REFERENCE}; {report}"], check=True, capture_output=True
    )
    return int(printed.stdout) / 1024


async def _prepared(directory: Path) -> Path:
    """A migrated database with a game running in the chat, closed and checkpointed."""
    request = InstantRequest()
    typist = Typist()
    async with bot_running(sqlite_url(directory, "template.db"), request) as app:
        for text in ("/nuova Anna Bruno Carla Dario", "/mano 3 12 7 20 t=Anna", "/mano 9 4 0 2"):
            await app.process_update(to_update(app.bot, typist.message(CHAT, text)))
    return directory / "template.db"


async def measure(quick: bool = False) -> list[Figure]:
    starts = 1 if quick else 7  # three were too few for the spread of a start
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as name:
        directory = Path(name)
        compiled()
        template = await _prepared(directory)
        log = directory / "bot.log"
        # The first start of an interpreter reads files that the next ones find cached.
        imports_memory = reference_memory()
        bots: list[Start] = []
        references: list[float] = []
        for n in range(starts):
            database = directory / f"start-{n}.db"
            shutil.copyfile(template, database)
            bots.append(start_bot(database, log))
            references.append(reference())
        first_ever = start_bot(directory / "new.db", log)
    imports = median(references)
    note = f"median of {starts}, taking turns with the reference"
    # Where the time goes: the Bot API sees getMe once the code is imported and the
    # Application built, setMyCommands once the database is upgraded, sendMessage last.
    phases = {
        method: round(median([start.calls[method] for start in bots]), 3)
        for method in ("getMe", "setMyCommands", "deleteWebhook", "getUpdates", "sendMessage")
    }
    return [
        Figure(
            "cold start to first reply",
            median([start.reply for start in bots]),
            "s",
            "python -c 'import telegram, sqlalchemy, matplotlib'",
            imports,
            1.3,
            note=f"{note}; database already migrated; first calls (s): "
            + ", ".join(f"{method} {at:.2f}" for method, at in phases.items()),
            details={
                "starts_s": [round(start.reply, 3) for start in bots],
                "first_call_s": phases,
            },
        ),
        Figure(
            "first-ever start to first reply",
            first_ever.reply,
            "s",
            "python -c 'import telegram, sqlalchemy, matplotlib'",
            imports,
            note="a new database file: every migration runs first",
            details={"first_call_s": {m: round(at, 3) for m, at in first_ever.calls.items()}},
        ),
        Figure(
            "stop at Ctrl-C while polling",
            median([start.stop for start in bots]),
            "s",
            "cold start to first reply",
            median([start.reply for start in bots]),
            2.0,
            absolute=True,
            note=f"SIGINT to the process's exit, the bot idle at its long poll; {note} "
            "(tests/reliability/test_startup.py checks the other states stop, with a bound "
            "for a busy machine)",
            details={"stops_s": [round(start.stop, 3) for start in bots]},
        ),
        Figure(
            "idle memory after first reply",
            median([start.memory for start in bots]),
            "MB",
            "that import's RSS",
            imports_memory,
            110.0,
            absolute=True,
            strict=True,
            note=f"VmRSS {SETTLE:g} s after the reply; {note}",
            details={"rss_mb": [round(start.memory, 1) for start in bots]},
        ),
    ]
