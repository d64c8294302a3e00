"""What every benchmark shares: an instant offline Bot API, updates typed in a chat, the
real Application on a temporary SQLite file, timing statistics and the result rows."""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from telegram import Bot, Update
from telegram.ext import Application, ApplicationBuilder, CommandHandler, ContextTypes
from telegram.request import BaseRequest, RequestData

from bot.app import build_application, running
from bot.config import Secret, Settings
from bot.context import Context, TamaloApp
from bot.offline import SENDING, OfflineBotApi

TOKEN = "123456:BENCH"
BOT_USER = {"id": 777, "is_bot": True, "first_name": "Tamalo", "username": "TamaloBot"}


#: Told of every message sent: the method, the chat and when (``time.perf_counter()``).
SendHook = Callable[[str, int, float], None]


class InstantRequest(OfflineBotApi):
    """A Bot API that answers every call at once, without a network, and only counts the
    calls by method (a long run keeps no parameters, no photos). ``on_send``, if given, is
    told of each message sent as it arrives: the moment a reply leaves the bot; with
    ``keep_texts``, the last text sent to each chat is kept, to check what was answered."""

    def __init__(self, on_send: SendHook | None = None, *, keep_texts: bool = False) -> None:
        self.calls: Counter[str] = Counter()
        self.on_send = on_send
        self.texts: dict[int, str] | None = {} if keep_texts else None
        self._message_ids = itertools.count(10_000)

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        self.calls[name] += 1
        if name == "getMe":
            return BOT_USER
        if name not in SENDING:
            return True
        chat_id = int(str(parameters["chat_id"]))
        if self.on_send is not None:
            self.on_send(name, chat_id, time.perf_counter())
        if self.texts is not None:
            self.texts[chat_id] = str(parameters.get("text", ""))
        return {
            "message_id": next(self._message_ids),
            "date": 0,
            "chat": {"id": chat_id, "type": "group", "title": "Tavolo"},
            "from": BOT_USER,
            "text": "",
        }


class Typist:
    """Builds the updates of messages typed in group chats, as Telegram delivers them."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)

    def message(self, chat_id: int, text: str, user: int = 42) -> dict[str, Any]:
        number = next(self._ids)
        command = len(text.split()[0]) if text.startswith("/") else 0
        return {
            "update_id": number,
            "message": {
                "message_id": number,
                "date": 1_700_000_000,
                "chat": {"id": chat_id, "type": "group", "title": "Tavolo"},
                "from": {"id": user, "is_bot": False, "first_name": f"Utente{user}"},
                "text": text,
                "entities": [{"type": "bot_command", "offset": 0, "length": command}]
                if command
                else [],
            },
        }


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The reference handler: replies with the message's own text."""
    message = update.message
    assert message is not None
    assert message.text is not None
    await message.reply_text(message.text)


BareApp = Application[Any, Any, Any, Any, Any, Any]


def echo_application(request: BaseRequest, commands: Sequence[str]) -> BareApp:
    """A bare python-telegram-bot Application, offline like ours, with one CommandHandler
    answering ``commands`` with ``echo``: what any bot pays for an update and a reply."""
    app: BareApp = (
        ApplicationBuilder()
        .token(TOKEN)
        .request(request)
        .get_updates_request(request)
        .updater(None)
        .build()
    )
    app.add_handler(CommandHandler(tuple(commands), echo))
    return app


def to_update(bot: Bot, data: dict[str, Any]) -> Update:
    update = Update.de_json(data, bot)
    assert update is not None
    return update


def sqlite_url(directory: Path, name: str = "tamalo.db") -> str:
    return f"sqlite+aiosqlite:///{directory / name}"


def settings_for(database_url: str, chart_workers: int = 0) -> Settings:
    return Settings(token=Secret(TOKEN), database_url=database_url, chart_workers=chart_workers)


@asynccontextmanager
async def bot_running(
    database_url: str, request: BaseRequest, *, chart_workers: int = 0
) -> AsyncIterator[TamaloApp]:
    """The real Application, offline, with its database open; a handler that fails makes
    the benchmark fail instead of being only logged."""
    app = build_application(
        settings_for(database_url, chart_workers), request=request, rate_limit=False
    )
    errors: list[BaseException] = []

    async def record(update: object, context: Context) -> None:
        assert context.error is not None
        errors.append(context.error)

    app.add_error_handler(record)
    async with running(app):
        yield app
    if errors:
        raise RuntimeError(f"{len(errors)} updates failed") from errors[0]


async def timed(call: Callable[[], Awaitable[object]]) -> float:
    """Seconds ``call`` takes."""
    start = time.perf_counter()
    await call()
    return time.perf_counter() - start


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1), nearest rank."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


@dataclass(frozen=True)
class Figure:
    """One row of the table: a measured value beside its reference, measured in the same run.

    ``limit`` bounds ``ratio`` when ``absolute`` is false, else ``value`` itself (in
    ``unit``), strictly when ``strict``; a figure without a limit is reported, not judged."""

    name: str
    value: float
    unit: str
    reference_name: str
    reference: float
    limit: float | None = None
    absolute: bool = False
    strict: bool = False
    note: str = ""
    #: Further measurements behind the figure, kept in results.json.
    details: dict[str, object] = field(default_factory=dict)

    @property
    def ratio(self) -> float:
        return self.value / self.reference if self.reference else math.inf

    @property
    def target(self) -> str:
        if self.limit is None:
            return "—"
        bound = "<" if self.strict else "≤"
        if self.absolute:
            return f"{bound} {self.limit:g} {self.unit}"
        return f"{bound} {self.limit:g}×"

    @property
    def verdict(self) -> str:
        if self.limit is None:
            return "info"
        measured = self.value if self.absolute else self.ratio
        within = measured < self.limit if self.strict else measured <= self.limit
        return "PASS" if within else "FAIL"

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "value": round(self.value, 4),
            "unit": self.unit,
            "reference_name": self.reference_name,
            "reference": round(self.reference, 4),
            "ratio": round(self.ratio, 3),
            "target": self.target,
            "result": self.verdict,
            "note": self.note,
            **({"details": self.details} if self.details else {}),
        }
