"""A group chat driving the real Application offline, one update at a time."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import pytest
from sqlalchemy import text
from telegram import Update

from bot.app import build_application, running
from bot.config import Secret, Settings
from bot.context import Context, TamaloApp
from play.tamalo import records
from storage import UnitOfWork
from tests.bot.fakes import BOT_USER, MESSAGE_IDS, RecordingRequest

GROUP = -100_123


class Table:
    """Messages typed in one chat; each ``send`` returns the bot's replies to it."""

    _ids = MESSAGE_IDS  # updates and messages: one sequence with the bot's replies

    def __init__(self, app: TamaloApp, request: RecordingRequest, errors: list[BaseException],
                 chat_id: int = GROUP) -> None:  # fmt: skip
        self.app, self.request, self.errors, self.chat_id = app, request, errors, chat_id

    @property
    def chat(self) -> dict[str, object]:
        """A group (negative id) or a private chat with a user (positive id)."""
        if self.chat_id > 0:
            return {"id": self.chat_id, "type": "private", "first_name": "Anna"}
        return {"id": self.chat_id, "type": "group", "title": "Tavolo"}

    def update(
        self,
        text: str,
        *,
        edited: bool = False,
        message_id: int | None = None,
        user: int = 42,
        app_language: str | None = None,
    ) -> Update:
        """A message typed by ``user`` (whose Telegram app speaks ``app_language``);
        ``edited``: the message ``message_id`` edited."""
        number = self.last_update_id = next(self._ids)
        command_length = len(text.split()[0]) if text.startswith("/") else 0
        message = {
            "message_id": number if message_id is None else message_id,
            "date": 1_700_000_000,
            "chat": self.chat,
            "from": {"id": user, "is_bot": False, "first_name": f"Utente{user}"}
            | ({"language_code": app_language} if app_language else {}),
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": command_length}]
            if command_length
            else [],
        }
        key = "edited_message" if edited else "message"
        if edited:
            message["edit_date"] = 1_700_000_100
        return Update.de_json({"update_id": number, key: message}, self.app.bot)

    async def deliver(self, update: Update) -> list[str]:
        before = len(self.request.calls)
        await self.app.process_update(update)
        if self.errors:
            raise self.errors.pop()
        return [
            p["text"]
            for name, p in self.request.calls[before:]
            if name in {"sendMessage", "editMessageText"}
        ]

    async def send(self, text: str, *, user: int = 42) -> list[str]:
        return await self.deliver(self.update(text, user=user))

    def edit(self, original: Update, text: str) -> Update:
        """The author edits the message of ``original`` to read ``text``."""
        assert original.effective_message is not None
        return self.update(text, edited=True, message_id=original.effective_message.message_id)

    async def calls(self, text: str) -> list[tuple[str, dict[str, Any]]]:
        """Every Bot API call the bot makes in answer to ``text``."""
        before = len(self.request.calls)
        await self.deliver(self.update(text))
        return self.request.calls[before:]

    async def files(self, text: str, method: str = "sendPhoto") -> list[tuple[str, bytes]]:
        """The photos (or, with ``sendDocument``, documents) sent in answer to ``text``,
        as (file name, content)."""
        field = "photo" if method == "sendPhoto" else "document"
        return [p[field] for name, p in await self.calls(text) if name == method]

    async def reply(self, text: str) -> str:
        """The one reply a command gets."""
        replies = await self.send(text)
        assert len(replies) == 1, replies
        return replies[0]

    async def press(self, data: str, *, user: int = 42) -> tuple[str | None, str | None]:
        """A user presses an inline button of the bot's last message: (the toast the bot
        answers with, the message's new text if the bot edited it)."""
        number = next(self._ids)
        query = {
            "id": str(number),
            "from": {"id": user, "is_bot": False, "first_name": f"Utente{user}"},
            "chat_instance": "tavolo",
            "data": data,
            "message": {
                "message_id": 10_000,
                "date": 1_700_000_000,
                "chat": self.chat,
                "from": BOT_USER,
                "text": "…",
            },
        }
        before = len(self.request.calls)
        await self.app.process_update(
            Update.de_json({"update_id": number, "callback_query": query}, self.app.bot)
        )
        if self.errors:
            raise self.errors.pop()
        calls = self.request.calls[before:]
        toast = next((p.get("text") for n, p in calls if n == "answerCallbackQuery"), None)
        edited = next((p["text"] for n, p in calls if n == "editMessageText"), None)
        return toast, edited

    async def record(self, text: str) -> str:
        """A hand typed; one equal to the previous hand is confirmed as a new hand (the bot
        asks): the reply that records it."""
        replies = await self.send(text)
        yes = [d for d in self.last_buttons() if d.startswith("same:") and d.endswith(":y")]
        if not yes:
            assert len(replies) == 1, replies
            return replies[0]
        _toast, recorded = await self.press(yes[0])
        assert recorded is not None
        return recorded

    async def close(self, command: str = "/fine", *, user: int = 42) -> list[str]:
        """``/fine``, and the press that confirms it when asked (a game with hands): the
        replies, or the closing text the question became."""
        replies = await self.send(command, user=user)
        confirm = [d for d in self.last_buttons() if d.startswith("fine:") and d.endswith(":y")]
        if not confirm:
            return replies
        _toast, closed = await self.press(confirm[0], user=user)
        assert closed is not None
        return [closed]

    def buttons(self) -> dict[str, str]:
        """The buttons of the bot's last message or edit: label → callback data."""
        return buttons_of(self.request.calls)

    def last_buttons(self) -> list[str]:
        """The callback data of the inline buttons of the bot's last message or edit."""
        for name, parameters in reversed(self.request.calls):
            if name in {"sendMessage", "editMessageText"}:
                markup = parameters.get("reply_markup")
                if markup is None:
                    return []
                keyboard = json.loads(markup) if isinstance(markup, str) else markup
                return [b["callback_data"] for row in keyboard["inline_keyboard"] for b in row]
        return []

    def in_chat(self, chat_id: int) -> Table:
        return Table(self.app, self.request, self.errors, chat_id)

    async def totals(self) -> dict[str, int]:
        async with self.app.bot_data.db.transaction() as session:
            record = await records.latest(UnitOfWork(session), self.chat_id)
        assert record is not None
        return record.game.totals()

    async def refusals(self, cases: Iterable[tuple[str, str]]) -> list[tuple[str, str, list[str]]]:
        """Each command of ``cases`` typed in turn, each to be answered with one message that
        contains its text and to change nothing: those that were not, as (typed, text, the
        replies). One bot for many refusals: a refusal leaves the chat as it found it."""
        before = await self.dump()
        wrong = []
        for typed, expected in cases:
            replies = await self.send(typed)
            changed = await self.dump() != before
            if len(replies) != 1 or expected not in replies[0] or changed:
                said = replies + (["(and it changed something)"] if changed else [])
                wrong.append((typed, expected, said))
                before = await self.dump()
        return wrong

    async def dump(self) -> dict[str, list[Any]]:
        """Every row of every table: equal before and after means nothing changed."""
        tables = ("chats", "players", "games", "seats", "hands", "hand_results", "game_results",
                  "ratings")  # fmt: skip
        async with self.app.bot_data.db.transaction() as session:
            return {
                t: sorted((await session.execute(text(f"SELECT * FROM {t}"))).all(), key=repr)
                for t in tables
            }


def buttons_of(calls: list[tuple[str, dict[str, Any]]]) -> dict[str, str]:
    """The buttons of the last message sent or edited among ``calls``: label → callback
    data (none if it has none)."""
    for name, parameters in reversed(calls):
        if name in {"sendMessage", "editMessageText"}:
            markup = parameters.get("reply_markup")
            if markup is None:
                return {}
            rows = (json.loads(markup) if isinstance(markup, str) else markup)["inline_keyboard"]
            return {button["text"]: button["callback_data"] for row in rows for button in row}
    return {}


StartBot = Callable[..., AbstractAsyncContextManager[Table]]


@pytest.fixture
def forecast_lines() -> bool:
    """Whether hand replies carry the forecast's line ("Chi vince? …"): not in the tests of
    their other lines, written to the letter before it (a module that tests it says yes)."""
    return False


@pytest.fixture
def start_bot(database_url: str, forecast_lines: bool) -> StartBot:
    """Start the bot (again, after a stop) on the same database file (``paced``: its
    messages at Telegram's pace, as ``python -m bot`` sends them)."""

    @asynccontextmanager
    async def start(*, paced: bool = False) -> AsyncIterator[Table]:
        request = RecordingRequest()
        settings = Settings(token=Secret("123456:TEST"), database_url=database_url, chart_workers=0)
        # Telegram's pacing off: a test sends a group far more than 20 messages a minute.
        app = build_application(settings, request=request, rate_limit=paced)
        app.bot_data.forecast_lines = forecast_lines
        errors: list[BaseException] = []

        async def record(update: object, context: Context) -> None:
            # Without this a handler's exception is only logged and the test would pass.
            assert context.error is not None
            errors.append(context.error)

        app.add_error_handler(record)
        async with running(app):
            if app.bot_data.menus is not None:  # start-up done: each test begins quiet
                await app.bot_data.menus
            yield Table(app, request, errors)

    return start


@pytest.fixture
async def table(start_bot: StartBot) -> AsyncIterator[Table]:
    async with start_bot() as started:
        yield started
