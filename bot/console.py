"""``python -m bot --console``: the same Application, with a terminal instead of Telegram.

Each line typed arrives as a message in one group chat; the bot's replies are printed.
Buttons are printed numbered, and typing the number presses the button. Photos and documents
are saved as files and their paths printed. ``Bruno> /tresei`` types as someone else (each
name is one Telegram user). It uses the bot's own database settings (``DATABASE_URL``), so a
newcomer can rehearse a whole game night before asking @BotFather for a token.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import socket
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from telegram import Update
from telegram.request import RequestData

from bot import i18n, texts
from bot.app import build_application, running
from bot.config import Secret, Settings
from bot.context import TamaloApp
from bot.i18n import _
from bot.offline import SENDING, OfflineBotApi
from storage import chat_language, last_message_id

#: The console's group chat and its members.
CHAT_ID = -1_000_000_001
CHAT = {"id": CHAT_ID, "type": "group", "title": "Tavolo (console)"}
BOT_USER = {"id": 1, "is_bot": True, "first_name": "TamaloBot", "username": "TamaloBot"}
#: Where the console serves the live scoreboard: this machine only.
LOCAL = "127.0.0.1"
#: Whoever types a line without ``Name>`` in front: the group's owner, its one admin, named
#: in the chat's language (``texts.help.console_you``); ``Tu>`` and ``You>`` are them too.
YOU = "Tu"
YOURSELF = frozenset({"tu", "you"})
YOUR_ID = 100
#: ``Bruno> /mano …``: the line typed by Bruno.
SPEAKER = re.compile(r"^\s*([^\s>/][^>]{0,31})>\s?(.*)$")
FILES = {"sendPhoto": "photo", "sendDocument": "document"}
#: A file saved earlier: ``007-grafico.png``.
SAVED = re.compile(r"^(\d+)-")


@dataclass(frozen=True)
class Button:
    label: str
    data: str
    message: dict[str, Any]


class ConsoleRequest(OfflineBotApi):
    """A Bot API that prints what the bot sends, saves its files and remembers the last
    buttons shown; you are the console group's owner, everyone else a member."""

    def __init__(self, out: TextIO, files: Path) -> None:
        self.out = out
        self.files = files
        #: Your name as Telegram would give it (the chat's language may change it).
        self.you = YOU
        self.buttons: list[Button] = []
        #: The chat's messages by id as Telegram keeps them (edits change them): a button's
        #: message carries its buttons as they are now, and the message it replies to.
        self.messages: dict[int, dict[str, Any]] = {}
        #: The chat's message ids, the bot's and the typed ones alike (set going by ``run``).
        self.message_ids: Iterator[int] = itertools.count(1)

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        if name == "getMe":
            return BOT_USER
        if name == "getChatMember":
            user = {"id": int(parameters["user_id"]), "is_bot": False, "first_name": self.you}
            if user["id"] == YOUR_ID:
                return {"status": "creator", "user": user, "is_anonymous": False}
            return {"status": "member", "user": user}
        if name == "answerCallbackQuery" and parameters.get("text"):
            self._print(f"🤖 ({parameters['text']})")
        elif name in SENDING:
            return self._show(name, parameters, data)
        return True

    def _show(
        self, name: str, parameters: dict[str, Any], request_data: RequestData | None
    ) -> dict[str, Any]:
        message_id = int(parameters.get("message_id") or next(self.message_ids))
        new = {"message_id": message_id, "date": 0, "chat": CHAT, "from": BOT_USER}
        message = self.messages.setdefault(message_id, new)
        message.pop("reply_markup", None)
        if (replied := _parsed(parameters.get("reply_parameters"))) is not None:
            message["reply_to_message"] = self.messages.get(int(replied["message_id"]))
        lines = []
        if name == "editMessageText":
            lines.append("🤖 " + _("(messaggio aggiornato)"))  # in the chat's language
        if text := parameters.get("text") or parameters.get("caption"):
            message["text"] = text
            lines.append(f"🤖 {text}")
        if name in FILES and request_data is not None:
            path = self._save(request_data, FILES[name])
            lines.append(f"🤖 [{FILES[name]}: {path}]")
        keyboard = _keyboard(parameters.get("reply_markup"))
        if pressable := [(label, data) for label, data, url in keyboard if not url]:
            message["reply_markup"] = _parsed(parameters["reply_markup"])
            self.buttons = [Button(label, data, message) for label, data in pressable]
            lines.append(
                "   " + "  ".join(f"[{n}] {b.label}" for n, b in enumerate(self.buttons, 1))
            )
        # A link opens in a browser, not here: printed whole (the scoreboard's, ``/tavolo``).
        lines += [f"   {label}: {url}" for label, _data, url in keyboard if url]
        self._print("\n".join(lines))
        return message

    def _save(self, request_data: RequestData, field: str) -> Path:
        """The file under the next number after every file saved before, by any session:
        a chart of an earlier evening is never overwritten."""
        self.files.mkdir(parents=True, exist_ok=True)
        filename, content, _ = request_data.multipart_data[field]
        # Charts are PNG images; a document keeps the name the bot gave it.
        name = "grafico.png" if field == "photo" else Path(filename or "documento").name
        data = content if isinstance(content, bytes) else content.read()
        numbers = (int(m[1]) for p in self.files.iterdir() if (m := SAVED.match(p.name)))
        number = max(numbers, default=0) + 1
        while True:
            path = self.files / f"{number:03d}-{name}"
            try:
                with path.open("xb") as file:  # another console may be saving at once
                    file.write(data)
                return path.resolve()
            except FileExistsError:
                number += 1

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _parsed(value: object) -> Any:
    """A parameter sent as JSON (a ``reply_markup``, ``reply_parameters``), as a dict."""
    return json.loads(value) if isinstance(value, str) else value


def _keyboard(markup: object) -> list[tuple[str, str, str]]:
    """The inline buttons of a ``reply_markup``, row after row: (label, callback data, the
    link a URL button opens)."""
    markup = _parsed(markup)
    if not isinstance(markup, dict):
        return []
    return [
        (button["text"], button.get("callback_data", ""), button.get("url", ""))
        for row in markup.get("inline_keyboard", [])
        for button in row
    ]


class Typist:
    """Turns the lines typed into the updates Telegram would deliver."""

    def __init__(self, ids: Iterator[int]) -> None:
        self._ids = ids
        self._users: dict[str, int] = dict.fromkeys(YOURSELF, YOUR_ID)
        #: Your name, in the chat's language.
        self.you = YOU

    def user(self, name: str) -> dict[str, Any]:
        user_id = self._users.setdefault(name.casefold(), YOUR_ID + len(self._users))
        first_name = self.you if user_id == YOUR_ID else name
        return {"id": user_id, "is_bot": False, "first_name": first_name}

    def message(self, line: str) -> dict[str, Any]:
        name, text = YOU, line
        if spoken := SPEAKER.match(line):
            name, text = spoken[1].strip(), spoken[2]
        number = next(self._ids)
        message: dict[str, Any] = {
            "message_id": number,
            "date": 0,
            "chat": CHAT,
            "from": self.user(name),
            "text": text,
        }
        if text.startswith("/"):
            command = len(text.split(maxsplit=1)[0])
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": command}]
        return {"update_id": number, "message": message}

    def press(self, button: Button, name: str = YOU) -> dict[str, Any]:
        number = next(self._ids)
        return {
            "update_id": number,
            "callback_query": {
                "id": str(number),
                "from": self.user(name),
                "chat_instance": "console",
                "data": button.data,
                "message": button.message,
            },
        }


def console_settings(settings: Settings) -> Settings:
    """The bot's settings; without a token, a stand-in (nothing is sent to Telegram)."""
    if settings.token is not None:
        return settings
    return Settings(
        token=Secret("0:console"),
        database_url=settings.database_url,
        log_level=settings.log_level,
        chart_workers=settings.chart_workers,
    )


def _update(app: TamaloApp, data: dict[str, Any]) -> Update:
    update = Update.de_json(data, app.bot)
    assert update is not None
    return update


def _pressed(line: str, buttons: Sequence[Button]) -> tuple[Button, str] | None:
    """``2`` (or ``Bruno> 2``) presses the second of the buttons shown last."""
    name, text = YOU, line
    if spoken := SPEAKER.match(line):
        name, text = spoken[1].strip(), spoken[2]
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(buttons):
        return buttons[int(text) - 1], name
    return None


@asynccontextmanager
async def serving_board(app: TamaloApp, port: int | None) -> AsyncIterator[str | None]:
    """The live scoreboard served on 127.0.0.1 (``port``, or any port if that one is taken)
    while the block runs: its address; ``None`` without a ``port``."""
    if port is None:
        yield None
        return
    from starlette.applications import Starlette

    from bot.board.entries import Entries, handled_here
    from bot.board.web import board_routes
    from bot.webhook import listening

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((LOCAL, port))
    except OSError:  # another console, or the bot itself: any free port will do
        sock.bind((LOCAL, 0))
    closing = asyncio.Event()
    entries = Entries(app.bot_data.db, app.bot, handled_here(app.process_update, app.bot))
    routes = board_routes(app.bot_data.db, app.bot.token, closing, entries, app.bot_data.renderer)
    web = Starlette(routes=routes)
    with sock:
        async with listening(web, LOCAL, port, sock, closing):
            yield f"http://{LOCAL}:{sock.getsockname()[1]}"


async def run(
    settings: Settings, stdin: TextIO, out: TextIO, files: Path, board_port: int | None = None
) -> None:
    """Play until the input ends: each line a message (or a button pressed). With a
    ``board_port``, ``/tavolo``'s scoreboard is served on 127.0.0.1 meanwhile."""
    request = ConsoleRequest(out, files)
    app = build_application(console_settings(settings), request=request, rate_limit=False)
    async with running(app), serving_board(app, board_port) as board_url:
        app.bot_data.board_url, app.bot_data.mini_app = board_url, None
        app.bot_data.local_app = board_url is not None
        db = app.bot_data.db
        with i18n.speaking(await chat_language(db, CHAT_ID) or i18n.DEFAULT):
            print(texts.help.console_banner(), file=out, flush=True)
            if board_url is not None:
                print(texts.board.console_board(board_url), file=out, flush=True)
        # Numbered after every message the chat's games remember: an earlier session's
        # "/mano" claimed its id, and the same id again would be "already recorded".
        last = await last_message_id(db, CHAT_ID)
        request.message_ids = itertools.count(last + 1)
        typist = Typist(request.message_ids)
        while line := await asyncio.to_thread(stdin.readline):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            # Your name as the chat's language says it ("/lingua en" may have just changed it).
            with i18n.speaking(await chat_language(db, CHAT_ID) or i18n.DEFAULT):
                typist.you = request.you = texts.help.console_you()
            if (pressed := _pressed(line, request.buttons)) is not None:
                button, name = pressed
                await app.process_update(_update(app, typist.press(button, name)))
            else:
                typed = typist.message(line)
                request.messages[typed["message"]["message_id"]] = typed["message"]
                await app.process_update(_update(app, typed))
