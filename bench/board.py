"""The table's screen (issue 36): what its page weighs, how soon an open scoreboard shows a hand
recorded in the chat, what a hundred open scoreboards cost the bot while idle, and how many
taps a hand takes on the form against the chat's keypad and the typed command.

- **Page weight**: the bytes a phone loads for a 4-player Tamalo game with a dozen hands (and
  a Tagò night, when Tagò has a form): the page, its script, its style and the form of the
  next hand, as the bot's routes serve them (no chart: the page has none). Limit 150 KB.
- **Taps**: a 4-player Tamalo hand and a 4-player Tagò hand, counted on the form each game
  builds from its running game, tapped as ``static/board.js`` takes taps (``taps_on``), the
  form's command recorded beside the typed one in the real Application and checked to give
  the very same reply; against the chat's keypad (Tamalo's ``/mano`` alone, pressed button by
  button through the Application, the same reply checked; Tagò has none) and the characters
  of the typed command. Reported, not judged.
- **Served**: two real bot processes (``python -m bot --webhook``, as in production, each on a
  database of its own, its Bot API a stand-in on 127.0.0.1), set up alike: 100 chats with a
  game and a scoreboard link, chats to play in. The second has the 100 scoreboards open
  (their events streams, over HTTP), the first none. They take the same ``/mano`` hands in
  turns, in blocks, each timed from the update posted to the webhook to the reply at the Bot
  API; then each bot's resident memory (VmRSS) is read: the one with the boards judged
  against the one without (RSS ≤ 1.5×, ``/mano`` ≤ 1.2×, by the median hand). Then, taking
  turns, a scoreboard is opened on a chat, a hand posted there, and the time to the board's
  next event measured: median of 20, ≤ 1 s (its reference: the page's read interval).
  Hands go at a pace the bot's own limiter of Telegram's rates lets through at once. On
  SQLite; on PostgreSQL too when a server is given (``--postgres``).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, closing, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import httpx
from starlette.applications import Starlette

from bench.burst import POSTGRES, database
from bench.coldstart import rss_mb
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
from bench.webhook import RESEND
from bot import games
from bot.board.entries import Entries, handled_here
from bot.board.forms import command_of
from bot.board.web import EVERY, board_routes
from bot.context import TamaloApp
from bot.forms import Cards, Choice, Form, Number, cards_of
from bot.games.tamalo.texts import entry as keypad
from bot.webhook import HEALTH_PATH, SECRET_HEADER
from storage import UnitOfWork

BASE = "https://tamalo.example.com"
LINK = re.compile(re.escape(BASE) + r"/tavolo/([A-Za-z0-9_-]+)")
PLAYERS = "Anna Bruno Carlo Dario"
#: The issue's hands, typed.
TAMALO_NEW = f"/nuova {PLAYERS}"
TAMALO_HAND = "/mano Anna 3 Bruno 12 Carlo 7 Dario 20 t=Anna"
TAGO_NEW = f"/nuova tago light 5/300 ante=5 jackpot=0% {PLAYERS}"
TAGO_HAND = "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia"
#: The same hands on the forms (Tamalo's ``bot/games/tamalo/form.py``, Tagò's
#: ``bot/games/tago/form.py``): who called, each total; the PUNTO, each seat's play, chips
#: put in and cards (Anna, Bruno and Carlo show theirs, so they played; Dario folds).
TAMALO_TAPPED = {"t": "Anna", "p0": "3", "p1": "12", "p2": "7", "p3": "20"} | {
    f"o{seat}": "" for seat in range(4)
}
TAGO_SEATS = (
    ("", "200", "4,4,2"),
    ("", "150", "3,1,½"),
    ("", "200", "5,6,½"),
    ("lascia", "40", ""),
)
TAGO_TAPPED = {"punto": "4,½,0", "scelta": ""} | {
    f"{name}{seat}": value
    for seat, row in enumerate(TAGO_SEATS)
    for name, value in zip("gpc", row, strict=True)
}
#: The same Tamalo hand on the chat's keypad, button by button (after ``/mano`` alone).
KEYPAD = ("Anna", "3", keypad.entry_ok(), "1", "2", keypad.entry_ok(), "7", keypad.entry_ok(),
          "2", "0", keypad.entry_ok(), keypad.entry_record())  # fmt: skip
PAGE_LIMIT_KB = 150.0


# --- taps on the form, as board.js takes them ---


def taps_on(form: Form, values: Mapping[str, str]) -> int:
    """The fewest taps that fill ``form`` with ``values`` and send it, as ``board.js`` takes
    them: "✍️ Scrivi la mano" opens the form; a choice is one tap (none if it is already
    so); a number or cards field is made active by a tap on it, or by "Avanti" when it is
    the next one (one tap either way), or by the cards field before it filling up; then a
    tap a digit or a card; "Registra" sends."""
    taps = 1
    fields = list(form.fields().values())
    typed = [f for f in fields if not isinstance(f, Choice)]
    active: Number | Cards | None = None
    for entry in fields:
        value = values.get(entry.name, "")
        if isinstance(entry, Choice):
            if value != entry.value:
                assert value in dict(entry.options), f"{entry.name}: {value!r} not offered"
                taps += 1
            continue
        if not value:
            continue
        taps += entry is not active
        active = entry
        if isinstance(entry, Number):
            taps += len(value)
            continue
        cards = cards_of(value)
        taps += len(cards)
        if len(cards) >= entry.most:  # full: the next field is active by itself
            following = typed.index(entry) + 1
            active = typed[following] if following < len(typed) else None
    return taps + 1


# --- in this process: the page's weight and the taps ---


class Screen(InstantRequest):
    """An instant Bot API that keeps each chat's last text and its buttons (label → data)."""

    def __init__(self) -> None:
        super().__init__(keep_texts=True)
        self.buttons: dict[int, dict[str, str]] = {}

    def answer(self, name: str, parameters: dict[str, Any], data: Any) -> object:
        result = super().answer(name, parameters, data)
        if name in {"sendMessage", "editMessageText"}:
            markup = parameters.get("reply_markup")
            keyboard = json.loads(markup) if isinstance(markup, str) else markup or {}
            self.buttons[int(str(parameters["chat_id"]))] = {
                button["text"]: button.get("callback_data", "")
                for row in keyboard.get("inline_keyboard", [])
                for button in row
            }
        return result


@dataclass
class Chats:
    """Chats typing to the real Application in this process."""

    app: TamaloApp
    api: Screen
    typist: Typist = field(default_factory=Typist)
    presses: int = 900_000

    async def say(self, chat: int, text: str) -> str:
        """The chat's last message from the bot after ``text`` is typed."""
        await self.app.process_update(to_update(self.app.bot, self.typist.message(chat, text)))
        return self.api.texts[chat] if self.api.texts else ""

    async def press(self, chat: int, label: str) -> str:
        """The button ``label`` of the bot's last message pressed: the message as it became."""
        self.presses += 1
        query = {
            "id": str(self.presses),
            "from": {"id": 42, "is_bot": False, "first_name": "Utente42"},
            "chat_instance": "bench",
            "data": self.api.buttons[chat][label],
            "message": {
                "message_id": 10_000,
                "date": 1_700_000_000,
                "chat": {"id": chat, "type": "group", "title": "Tavolo"},
                "from": BOT_USER,
                "text": "…",
            },
        }
        update = {"update_id": self.presses, "callback_query": query}
        await self.app.process_update(to_update(self.app.bot, update))
        return self.api.texts[chat] if self.api.texts else ""

    async def form(self, chat: int) -> Form | None:
        """The form of the chat's next hand, as its game builds it (``None``: none yet)."""
        async with self.app.bot_data.db.reading() as session:
            work = UnitOfWork(session)
            front = await work.games.front(chat)
            maker = games.GAMES[front[-1].kind].form
            return None if maker is None else await maker(work, front)

    async def token(self, chat: int) -> str:
        found = LINK.search(await self.say(chat, "/tavolo"))
        assert found is not None, "no scoreboard link"
        return found[1]


async def page_weight(client: httpx.AsyncClient, token: str) -> dict[str, int]:
    """The bytes of a board's page, script, style and form, as served."""
    weights = {}
    for part, path in (("page", f"/tavolo/{token}"), ("board.js", "/tavolo/static/board.js"),
                       ("board.css", "/tavolo/static/board.css"),
                       ("form", f"/tavolo/{token}/form")):  # fmt: skip
        response = await client.get(path)
        assert response.status_code == 200 or part == "form", (path, response.status_code)
        weights[part] = len(response.content) if response.status_code == 200 else 0
    paths = (f"/tavolo/{token}", "/tavolo/static/board.js", "/tavolo/static/board.css")
    weights["gzip"] = sum([len(gzip.compress((await client.get(p)).content)) for p in paths])
    return weights


async def _on_the_form(chats: Chats, new: str, typed_reply: str, tapped: Mapping[str, str],
                       chat: int) -> int | None:  # fmt: skip
    """Taps for ``tapped`` on the form of a game opened with ``new`` (``None``: it has no
    form), its command checked to give the typed hand's very reply."""
    await chats.say(chat, new)
    form = await chats.form(chat)
    if form is None:
        return None
    reply = await chats.say(chat, command_of(form, tapped))
    assert reply == typed_reply, f"the form's hand is not the typed one:\n{reply}\n{typed_reply}"
    return taps_on(form, tapped)


async def in_process(quick: bool) -> list[Figure]:
    hands = 4 if quick else 12
    api = Screen()
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        async with bot_running(sqlite_url(Path(directory)), api) as app:
            app.bot_data.forecast_lines = False  # a reply the same in every chat
            app.bot_data.board_url = BASE
            chats = Chats(app, api)
            # The typed hands, the references.
            await chats.say(-1, TAMALO_NEW)
            tamalo_reply = await chats.say(-1, TAMALO_HAND)
            await chats.say(-2, TAGO_NEW)
            tago_reply = await chats.say(-2, TAGO_HAND)
            tamalo_taps = await _on_the_form(chats, TAMALO_NEW, tamalo_reply, TAMALO_TAPPED, -3)
            assert tamalo_taps is not None, "Tamalo has no form"
            tago_taps = await _on_the_form(chats, TAGO_NEW, tago_reply, TAGO_TAPPED, -4)
            # The keypad: /mano alone, then its buttons.
            await chats.say(-5, TAMALO_NEW)
            await chats.say(-5, "/mano")
            for label in KEYPAD:
                shown = await chats.press(-5, label)
            assert shown == tamalo_reply, f"the keypad's hand is not the typed one:\n{shown}"
            # The page of a game with some hands, and of Tagò's night.
            for n in range(hands - 1):
                await chats.say(-1, f"/mano Anna {n % 5} Bruno {n % 7} Carlo {n % 3} Dario 4")
            entries = Entries(app.bot_data.db, app.bot, handled_here(app.process_update, app.bot))
            routes = board_routes(app.bot_data.db, app.bot.token, None, entries)
            transport = httpx.ASGITransport(app=Starlette(routes=routes))
            async with httpx.AsyncClient(transport=transport, base_url=BASE) as client:
                tamalo_page = await page_weight(client, await chats.token(-1))
                tago_page = await page_weight(client, await chats.token(-2))
    return [
        *_page_figures(tamalo_page, tago_page, hands),
        *_tap_figures(tamalo_taps, tago_taps),
    ]


def _page_figures(tamalo: dict[str, int], tago: dict[str, int], hands: int) -> list[Figure]:
    def whole(weights: dict[str, int]) -> int:
        return sum(v for k, v in weights.items() if k != "gzip")

    def listed(weights: dict[str, int]) -> str:
        return ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in weights.items())

    heavier = max(tamalo, tago, key=whole)
    return [
        Figure(
            "the table's screen: page, script, style and form",
            whole(heavier) / 1024,
            "KB",
            "the page alone",
            heavier["page"] / 1024,
            PAGE_LIMIT_KB,
            absolute=True,
            note=f"the heavier of a 4-player Tamalo game after {hands} hands ({listed(tamalo)}) "
            f"and a Tagò night after a hand ({listed(tago)}; form 0: none yet); as served, "
            "not compressed (gzip: what the page, script and style would be compressed); "
            "no chart on the page",
            details={"tamalo_bytes": tamalo, "tago_bytes": tago},
        )
    ]


def _tap_figures(tamalo: int, tago: int | None) -> list[Figure]:
    keys = len(KEYPAD) + 1
    figures = [
        Figure(
            "taps, a 4-player Tamalo hand on the form",
            tamalo,
            "taps",
            "the chat's keypad (/mano alone)",
            keys,
            note=f"{TAMALO_HAND!r}: on the form, opening it and Registra included; on the "
            f"keypad, /mano sent from the command menu (1) and {len(KEYPAD)} buttons; both "
            "checked to record the typed hand's very reply",
        ),
        Figure(
            "taps, a 4-player Tamalo hand on the form, against typing",
            tamalo,
            "taps",
            "characters of the typed command",
            len(TAMALO_HAND),
            note="characters as typed, the command's slash and spaces included",
        ),
    ]
    if tago is None:
        return [
            *figures,
            Figure(
                "taps, a 4-player Tagò hand on the form: not available",
                0.0,
                "taps",
                "characters of the typed command",
                len(TAGO_HAND),
                note="Tagò has no form yet (bot/games/tago/form.py): counted once it has; "
                "Tagò has no chat keypad",
            ),
        ]
    return [
        *figures,
        Figure(
            "taps, a 4-player Tagò hand on the form, against typing",
            tago,
            "taps",
            "characters of the typed command",
            len(TAGO_HAND),
            note=f"{TAGO_HAND!r}, its ½ three times a symbol on a phone's keyboard; the form "
            "checked to record the typed hand's very reply (the pots' preview, an optional "
            "tap, not counted); Tagò has no chat keypad",
        ),
    ]


# --- bot processes: an open board's update, and a hundred open boards idle ---

SECRET = "bench-board"
#: The settings a developer's environment may hold, left out of the bot's.
SETTINGS = ("WEBHOOK_", "TELEGRAM_", "DATABASE_", "CHART_", "LOG_", "PUBLIC_", "MINI_APP",
            "WEB_SERVER", "PORT")  # fmt: skip
#: Seconds a reply or an event may take before the run is called broken.
PATIENCE = 60.0
#: Seconds between two timed hands: within Telegram's 30 messages a second, which the bot's
#: own limiter would otherwise make the hands wait for.
GAP = 0.04
#: Seconds the bots are watched idle, their boards open.
IDLE = 5.0


class Telegram(ThreadingHTTPServer):
    """The Bot API of one bot process, on 127.0.0.1: every call answered at once; what each
    chat is sent is noted with the moment it arrived."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Api)
        self.heard = threading.Condition()
        self.said: dict[int, list[tuple[float, str]]] = defaultdict(list)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/bot"

    def note(self, chat: int, text: str) -> None:
        with self.heard:
            self.said[chat].append((time.perf_counter(), text))
            self.heard.notify_all()

    def replies(self, chat: int) -> int:
        with self.heard:
            return len(self.said[chat])

    def reply(self, chat: int, after: int) -> tuple[float, str]:
        """The chat's first message after its ``after`` first: when it came, and its text."""
        with self.heard:
            if not self.heard.wait_for(lambda: len(self.said[chat]) > after, PATIENCE):
                raise RuntimeError(f"chat {chat} had no reply")
            return self.said[chat][after]


class _Api(BaseHTTPRequestHandler):
    server: Telegram

    def do_POST(self) -> None:
        method = self.path.rsplit("/", 1)[-1]
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode(errors="replace")
        fields = {key: values[0] for key, values in parse_qs(body).items()}
        result: object = True
        if method == "getMe":
            result = BOT_USER
        elif method in {"sendMessage", "editMessageText", "sendPhoto", "sendDocument"}:
            chat = int(fields.get("chat_id", 0))
            self.server.note(chat, fields.get("text", ""))
            result = {"message_id": 1, "date": 0, "from": BOT_USER, "text": "",
                      "chat": {"id": chat, "type": "group", "title": "Tavolo"}}  # fmt: skip
        data = json.dumps({"ok": True, "result": result}).encode()
        with suppress(OSError):  # the bot hung up (it is stopping)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


class Stream:
    """A board's page left open: its events read as they come, each board with its moment."""

    def __init__(self, client: httpx.AsyncClient, token: str) -> None:
        self.boards: asyncio.Queue[float] = asyncio.Queue()
        self.reading = asyncio.create_task(self._read(client, f"/tavolo/{token}/events"))

    async def _read(self, client: httpx.AsyncClient, path: str) -> None:
        async with client.stream("GET", path) as response:
            assert response.status_code == 200, response.status_code
            async for line in response.aiter_lines():
                if line == "event: board":
                    self.boards.put_nowait(time.perf_counter())
                elif line == "event: expired":
                    raise RuntimeError("a board's link expired")

    async def next_board(self) -> float:
        board = asyncio.create_task(self.boards.get())
        await asyncio.wait({board, self.reading}, timeout=PATIENCE,
                           return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        if not board.done():
            board.cancel()
            if self.reading.done():
                self.reading.result()  # why it stopped
            raise RuntimeError("no board event")
        return board.result()

    async def close(self) -> None:
        self.reading.cancel()
        with suppress(asyncio.CancelledError):
            await self.reading


@dataclass
class Served:
    """A bot process, its Bot API and a client of its web server."""

    process: subprocess.Popen[bytes]
    api: Telegram
    web: httpx.AsyncClient
    typist: Typist = field(default_factory=Typist)

    async def say(self, chat: int, text: str) -> tuple[float, str]:
        """``text`` posted to the webhook: seconds to the chat's reply, and the reply."""
        before = self.api.replies(chat)
        update = self.typist.message(chat, text)
        start = time.perf_counter()
        await self.post(update)
        at, reply = await asyncio.to_thread(self.api.reply, chat, before)
        return at - start, reply

    async def hand_to_board(self, chat: int, token: str, hand: str, phase: float) -> float:
        """A board opened on ``chat``, ``hand`` posted ``phase`` seconds after the page's
        first read: seconds to the board's next event."""
        stream = Stream(self.web, token)
        try:
            await stream.next_board()  # the board as it is, when the page opens
            await asyncio.sleep(phase)
            before = self.api.replies(chat)
            start = time.perf_counter()
            await self.post(self.typist.message(chat, hand))
            shown = await stream.next_board() - start
            await asyncio.to_thread(self.api.reply, chat, before)
            return shown
        finally:
            await stream.close()

    async def post(self, update: dict[str, Any]) -> None:
        """``update`` posted to the webhook as Telegram posts it: again a little later if it
        was not kept (the database busy: the machine is shared)."""
        while True:
            posted = await self.web.post("/hook", json=update, headers={SECRET_HEADER: SECRET})
            if posted.status_code == 200:
                return
            assert posted.status_code == 503, posted.status_code
            await asyncio.sleep(RESEND)

    @property
    def rss(self) -> float:
        return rss_mb(self.process.pid)

    @property
    def cpu(self) -> float:
        """Seconds of CPU the process has used (user and system)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _started(environment: Mapping[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "--webhook"],
            env=environment,
            cwd=log.parent,  # no .env of the developer's
            stdout=output,
            stderr=output,
        )


@asynccontextmanager
async def bot_process(database_url: str, log: Path) -> AsyncIterator[Served]:
    """``python -m bot --webhook`` on ``database_url``, until the block ends (Ctrl-C)."""
    api = Telegram()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    port = _free_port()
    environment = {
        key: value for key, value in os.environ.items() if not key.startswith(SETTINGS)
    } | {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_BASE_URL": api.base_url,
        "DATABASE_URL": database_url,
        "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook",
        "WEBHOOK_SECRET": SECRET,
        "WEBHOOK_LISTEN": "127.0.0.1",
        "PORT": str(port),
        "PUBLIC_URL": BASE,
        "CHART_WORKERS": "0",
        "LOG_LEVEL": "WARNING",
    }
    process = _started(environment, log)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=20)
    timeout = httpx.Timeout(PATIENCE, read=None)
    web = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=timeout)
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the bot did not start; its log is in {log}")
            with suppress(httpx.TransportError):
                if (await web.get(HEALTH_PATH)).status_code == 200:
                    break
            await asyncio.sleep(0.1)
        yield Served(process, api, web)
    finally:
        await web.aclose()
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        api.shutdown()
        api.server_close()


@dataclass
class Layout:
    """The chats of a bot process: idle ones with a board each, chats to play hands in, and
    chats whose board is opened for a hand."""

    idle: list[int]
    playing: list[int]
    live: list[int]
    tokens: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, boards: int, playing: int, live: int) -> Layout:
        return cls(
            [-200_000 - n for n in range(boards)],
            [-300_000 - n for n in range(playing)],
            [-400_000 - n for n in range(live)],
        )


async def set_up(bot: Served, layout: Layout) -> None:
    """Every chat's game (to 1,000 points: no hand ends it), and the boards' links."""
    limit = asyncio.Semaphore(8)

    async def chat(chat_id: int, board: bool) -> None:
        async with limit:
            await bot.say(chat_id, f"/nuova soglia=1000 {PLAYERS}")
            if board:
                _, reply = await bot.say(chat_id, "/tavolo")
                found = LINK.search(reply)
                assert found is not None, reply
                layout.tokens[chat_id] = found[1]

    await asyncio.gather(
        *(chat(c, True) for c in layout.idle),
        *(chat(c, False) for c in layout.playing),
        *(chat(c, True) for c in layout.live),
    )


def hand(n: int) -> str:
    """A small hand: a thousand-point game never ends by it."""
    return f"/mano Anna {n % 4} Bruno {n % 7} Carlo {(n + 2) % 5} Dario {n % 3} t=Dario"


@dataclass
class Measured:
    """What the two bot processes showed: per bot (``plain``, ``boards``), each timed hand's
    seconds, each open board's update, the memory (MB) before and after the hands, the share
    of a CPU each used while idle; and the seconds each part of the run took."""

    boards: int
    playing: int
    times: dict[str, list[float]]
    shown: dict[str, list[float]]
    memory_before: dict[str, float] = field(default_factory=dict)
    memory: dict[str, float] = field(default_factory=dict)
    idle_cpu: dict[str, float] = field(default_factory=dict)
    phases: dict[str, float] = field(default_factory=dict)


async def served_figures(server: str | None, quick: bool) -> list[Figure]:
    boards, playing, rounds, live = (5, 4, 2, 2) if quick else (100, 30, 5, 20)
    where = "" if server is None else " (PostgreSQL)"
    got = Measured(boards, playing, {"plain": [], "boards": []}, {"plain": [], "boards": []})
    begun = time.perf_counter()

    def phase(name: str) -> None:
        got.phases[name] = round(time.perf_counter() - begun - sum(got.phases.values()), 1)

    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        logs = Path(directory)
        async with _databases(server, logs) as (plain_url, boards_url):
            async with (
                bot_process(plain_url, logs / "plain.log") as plain,
                bot_process(boards_url, logs / "boards.log") as with_boards,
            ):
                bots = {"plain": plain, "boards": with_boards}
                layouts = {name: Layout.of(boards, playing, live) for name in bots}
                phase("start")
                await asyncio.gather(*(set_up(bots[n], layouts[n]) for n in bots))
                phase("set-up")
                got.memory_before = {name: bot.rss for name, bot in bots.items()}
                layout = layouts["boards"]
                streams = [Stream(with_boards.web, layout.tokens[c]) for c in layout.idle]
                await asyncio.gather(*(stream.next_board() for stream in streams))
                # Idle: what each bot spends with nothing to do but its boards' reads.
                used, idle = (
                    {name: bot.cpu for name, bot in bots.items()},
                    IDLE / (5 if quick else 1),
                )
                await asyncio.sleep(idle)
                got.idle_cpu = {name: (bot.cpu - used[name]) / idle for name, bot in bots.items()}
                phase("boards opened, idle")
                for turn in range(rounds):
                    for name in ("plain", "boards") if turn % 2 else ("boards", "plain"):
                        for chat_id in layouts[name].playing:
                            seconds, reply = await bots[name].say(chat_id, hand(turn))
                            assert "Mano" in reply, reply
                            if turn:  # the first round warms up
                                got.times[name].append(seconds)
                            await asyncio.sleep(GAP)
                phase("hands")
                await asyncio.sleep(2 * EVERY)  # what the boards read meanwhile, read
                got.memory = {name: bot.rss for name, bot in bots.items()}
                for n in range(live):
                    for name in ("plain", "boards") if n % 2 else ("boards", "plain"):
                        chat_id = layouts[name].live[n]
                        token = layouts[name].tokens[chat_id]
                        # A hand comes at any moment of the page's interval between reads:
                        # the hands are spread evenly over it.
                        after = EVERY * (n + 0.5) / live
                        shown = await bots[name].hand_to_board(chat_id, token, hand(n), after)
                        got.shown[name].append(shown)
                phase("boards updated")
                still_open = sum(not stream.reading.done() for stream in streams)
                for stream in streams:
                    await stream.close()
            if server is None:  # every hand read back
                stored = {name: _hands(logs / name / "tamalo.db") for name in bots}
                expected = playing * rounds + live
                assert stored == dict.fromkeys(bots, expected), (stored, expected)
    assert still_open == boards, f"{boards - still_open} boards' streams closed"
    phase("stop")
    return _served(got, where)


@asynccontextmanager
async def _databases(server: str | None, directory: Path) -> AsyncIterator[tuple[str, str]]:
    """Two new databases: SQLite files in ``directory`` (``plain/``, ``boards/``), or two on
    the PostgreSQL ``server``, dropped after."""
    if server is None:
        for name in ("plain", "boards"):
            (directory / name).mkdir()
        yield sqlite_url(directory / "plain"), sqlite_url(directory / "boards")
        return
    async with database(server) as plain, database(server) as boards:
        yield plain, boards


def _hands(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        count: int = connection.execute("SELECT count(*) FROM hands").fetchone()[0]
    return count


def _served(got: Measured, where: str) -> list[Figure]:
    times, shown, memory, boards = got.times, got.shown, got.memory, got.boards
    per_hand = {name: median(seconds) * 1000 for name, seconds in times.items()}
    to_board = {name: median(seconds) for name, seconds in shown.items()}
    hands = len(times["plain"])
    return [
        Figure(
            f"a hand to an open scoreboard's update{where}",
            to_board["plain"],
            "s",
            "the board's read interval",
            EVERY,
            1.0,
            absolute=True,
            note=f"median of {len(shown['plain'])}: a board opened on a chat, a /mano posted to "
            "the webhook of a bot process at a moment spread evenly over the board's "
            f"{EVERY:g} s between reads, to the board's next event; with the "
            f"{boards} other boards open: {to_board['boards']:.2f} s",
            details={
                "s": [round(s, 3) for s in shown["plain"]],
                "s_with_boards": [round(s, 3) for s in shown["boards"]],
            },
        ),
        Figure(
            f"the bot's memory with {boards} scoreboards open{where}",
            memory["boards"],
            "MB",
            "the same bot without them",
            memory["plain"],
            1.5,
            note=f"VmRSS of two bot processes set up alike ({boards} chats with a game and a "
            f"link), one with the {boards} boards' events streams open, after {hands} hands "
            f"each; before the hands: {got.memory_before['boards']:.1f} and "
            f"{got.memory_before['plain']:.1f} MB",
        ),
        Figure(
            f"/mano with {boards} scoreboards open{where}",
            per_hand["boards"],
            "ms",
            "the same bot without them",
            per_hand["plain"],
            1.2,
            note=f"median of {hands} hands in {got.playing} chats each, taking turns in blocks, "
            "from the update posted to the webhook to the reply at the Bot API (inbox, "
            "rules, database, reply); the boards each read their chat's games every "
            f"{EVERY:g} s",
            details={
                "ms": {name: round(ms, 3) for name, ms in per_hand.items()},
                "run_s": got.phases,
            },
        ),
        Figure(
            f"the bot's CPU idle with {boards} scoreboards open{where}",
            got.idle_cpu["boards"] * 100,
            "%",
            "the same bot without them",
            got.idle_cpu["plain"] * 100,
            note="the share of one CPU each bot process used, watched for some "
            "seconds with nothing to do but, for one of them, its boards' reads "
            f"({boards} boards, each every {EVERY:g} s)",
        ),
    ]


async def measure(quick: bool = False) -> list[Figure]:
    figures = await in_process(quick)
    figures += await served_figures(None, quick)
    server = next((os.environ[name] for name in POSTGRES if os.environ.get(name)), None)
    if server and not quick:  # the quick mode is the suite's: SQLite's bots only
        figures += await served_figures(server, quick)
    return figures
