"""The outbox in one process, driving the real Application through the inbox (issue 22): a
group's hands are recorded while Telegram takes no message at all, then answered in order,
once each; a message sent at once comes after what the chat was told before; ten groups at
once on a pool of two connections lose nothing; a reply to a message deleted meanwhile still
goes out."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import func, select
from telegram.request import RequestData

from bot import texts
from bot.app import build_application, running
from bot.config import Secret, Settings
from bot.context import TamaloApp
from bot.delivery import chat_of
from bot.games.tamalo import texts as tamalo_texts
from bot.inbox import Inbox
from bot.offline import Refused
from scoring.tamalo import Game, Hand, Report, Rules
from storage import Database, UpdateJournal, models
from tests.bot.fakes import RecordingRequest
from tests.reliability.conftest import its_forecast

#: Seconds anything here gets to happen.
WAIT = 30.0
_ids = itertools.count(1)


class Telegram(RecordingRequest):
    """A Bot API that takes no message while ``held`` is clear (each waits for it)."""

    def __init__(self) -> None:
        super().__init__()
        self.held = asyncio.Event()
        self.held.set()
        #: Refused once each, with this description: the texts of such messages.
        self.refuse_once: dict[str, str] = {}
        #: Answered once each "429 Too Many Requests: retry after" these seconds.
        self.slow_down_once: dict[str, int] = {}
        #: When each message was refused or sent: (text, what, time.monotonic()).
        self.times: list[tuple[str, str, float]] = []

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        text = parameters.get("text")
        if name == "sendMessage" and text in self.refuse_once:
            self.calls.append(("refused", parameters))
            raise Refused(self.refuse_once.pop(text))
        return super().answer(name, parameters, data)

    async def do_request(
        self, url: str, method: str, *args: Any, **kwargs: Any
    ) -> tuple[int, bytes]:
        if not url.endswith("/getMe"):
            await self.held.wait()
        data = args[0] if args else kwargs.get("request_data")
        text = data.parameters.get("text") if isinstance(data, RequestData) else None
        if url.endswith("/sendMessage") and isinstance(text, str):
            if text in self.slow_down_once:
                after = self.slow_down_once.pop(text)
                self.times.append((text, "slowed", time.monotonic()))
                error = {"ok": False, "error_code": 429, "parameters": {"retry_after": after},
                         "description": f"Too Many Requests: retry after {after}"}  # fmt: skip
                return 429, json.dumps(error).encode()
            self.times.append((text, "sent", time.monotonic()))
        return await super().do_request(url, method, *args, **kwargs)


@dataclass
class Bot:
    app: TamaloApp
    telegram: Telegram
    inbox: Inbox

    async def type(self, *messages: tuple[int, str]) -> list[dict[str, Any]]:
        """Telegram delivers these messages, typed in these groups, in this order."""
        updates = [_typed(chat, text) for chat, text in messages]
        await self.inbox.journal.keep([(chat_of(u), u) for u in updates])
        self.inbox.woken.set()
        return updates

    async def handled(self) -> int:
        async with self.app.bot_data.db.reading() as session:
            found = await session.scalar(
                select(func.count()).where(models.ReceivedUpdate.handled_at.is_not(None))
            )
        return int(found or 0)

    def sent(self, chat: int | None = None) -> list[str]:
        return [
            p["text"]
            for name, p in self.telegram.calls
            if name == "sendMessage" and (chat is None or int(p["chat_id"]) == chat)
        ]


def _typed(chat: int, text: str) -> dict[str, Any]:
    number = next(_ids)
    return {
        "update_id": number,
        "message": {
            "message_id": number,
            "date": 1_700_000_000,
            "chat": {"id": chat, "type": "group", "title": "Tavolo"},
            "from": {"id": 42, "is_bot": False, "first_name": "Anna"},
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}],
        },
    }


@asynccontextmanager
async def bot_on(
    database: Database, *, forecast_lines: bool = False, paced: bool = False
) -> AsyncIterator[Bot]:
    """The real Application on ``database``, its updates from the inbox, as ``python -m bot``
    (``paced``: at Telegram's pace, whose limiter waits out a "retry after" itself)."""
    telegram = Telegram()
    url = database.url.render_as_string(hide_password=False)
    settings = Settings(token=Secret("123456:TEST"), database_url=url, chart_workers=0)
    app = build_application(settings, request=telegram, rate_limit=paced, database=database)
    app.bot_data.forecast_lines = forecast_lines
    async with running(app):
        if app.bot_data.menus is not None:
            await app.bot_data.menus
        inbox = Inbox(app, UpdateJournal(database))
        handling = asyncio.create_task(inbox.run())
        try:
            yield Bot(app, telegram, inbox)
        finally:
            telegram.held.set()
            await inbox.stop(handling)


async def until(condition: Callable[[], Any], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not await condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.02)


def answers(hands: int) -> list[str]:
    """What the bot answers a game's first ``hands`` hands (Anna n, Bruno 20 + n)."""
    game, said = Game(("Anna", "Bruno"), RULES), []
    for n in range(1, hands + 1):
        game = game.with_hand(Hand((Report("Anna", n), Report("Bruno", 20 + n))))
        said.append(tamalo_texts.hands.hand_recorded(game))
    return said


GROUP = -100_900
RULES = Rules(target=1000)  # the most /nuova takes: these games never end


async def test_a_groups_hands_are_recorded_while_telegram_takes_nothing_then_answered_once(
    database_url: str,
) -> None:
    async with bot_on(Database(database_url)) as bot:
        bot.telegram.held.clear()  # Telegram takes no message at all
        hands = [(GROUP, f"/mano Anna {n} Bruno {20 + n}") for n in range(1, 26)]
        await bot.type((GROUP, "/nuova soglia=1000 Anna Bruno"), *hands)

        async def recorded() -> bool:
            return await bot.handled() == 26

        await until(recorded, "recording waited for Telegram")
        assert bot.sent() == []
        bot.telegram.held.set()

        async def answered() -> bool:
            return len(bot.sent()) >= 26

        await until(answered, f"{len(bot.sent())} answered")
        await asyncio.sleep(0.2)  # nothing more comes
        assert bot.sent()[1:] == answers(25)  # in order, each once
        assert "Nuova partita" in bot.sent()[0]


async def test_a_message_sent_at_once_comes_after_what_the_chat_was_told_before(
    database_url: str,
) -> None:
    async with bot_on(Database(database_url)) as bot:
        bot.telegram.held.clear()
        hands = [(GROUP, f"/mano Anna {n} Bruno {20 + n}") for n in range(1, 4)]
        await bot.type((GROUP, "/nuova soglia=1000 Anna Bruno"), *hands, (GROUP, "/classifica"))

        async def recorded() -> bool:
            return await bot.handled() >= 4

        await until(recorded, "not recorded")
        bot.telegram.held.set()

        async def answered() -> bool:
            return len(bot.sent()) >= 5

        await until(answered, "not answered")
        await asyncio.sleep(0.2)
        said = bot.sent()
        assert said[1:4] == answers(3)
        assert said[4].startswith("Classifica dopo 3 mani")  # the standings, sent at once
        assert len(said) == 5


async def test_ten_groups_at_once_on_a_pool_of_two_connections_lose_nothing(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # Two connections for ten groups, each hand answered with the forecast's line: a hand
    # that needed a second connection while holding its first would wait for ever (here
    # two seconds, the pool's timeout, and be told that something went wrong).
    caplog.set_level(logging.WARNING)
    groups = [GROUP - n for n in range(10)]
    database = Database(database_url, pool_size=2, pool_overflow=0, pool_timeout=2.0)
    async with bot_on(database, forecast_lines=True) as bot:
        typed = [(chat, "/nuova soglia=1000 Anna Bruno") for chat in groups]
        for n in range(1, 4):
            typed += [(chat, f"/mano Anna {n} Bruno {20 + n}") for chat in groups]
        await bot.type(*typed)

        async def answered() -> bool:
            return len(bot.sent()) >= len(typed)

        await until(answered, f"{len(bot.sent())} of {len(typed)} answered")
        await asyncio.sleep(0.2)
    game, expected = Game(("Anna", "Bruno"), RULES), []
    for n in range(1, 4):
        game = game.with_hand(Hand((Report("Anna", n), Report("Bruno", 20 + n))))
        expected.append(tamalo_texts.hands.hand_recorded(game) + its_forecast(game))
    for chat in groups:
        assert bot.sent(chat)[1:] == expected, chat
    assert texts.common.something_went_wrong() not in bot.sent()
    trouble = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not trouble, trouble[:3]


async def test_a_reply_to_a_message_deleted_meanwhile_goes_out_without_quoting_it(
    database_url: str,
) -> None:
    async with bot_on(Database(database_url)) as bot:
        reply = answers(1)[0]
        bot.telegram.refuse_once[reply] = "Bad Request: message to be replied not found"
        await bot.type((GROUP, "/nuova soglia=1000 Anna Bruno"), (GROUP, "/mano Anna 1 Bruno 21"))

        async def answered() -> bool:
            return len(bot.sent()) >= 2

        await until(answered, "not answered")
        await asyncio.sleep(0.2)
    (refused,) = [p for name, p in bot.telegram.calls if name == "refused"]
    assert "reply_parameters" in refused
    sent = [p for name, p in bot.telegram.calls if name == "sendMessage"]
    assert [p["text"] for p in sent[1:]] == [reply]
    assert "reply_parameters" not in sent[1]


@pytest.mark.parametrize("paced", [False, True], ids=["outbox", "pace"])
async def test_a_message_telegram_asks_to_wait_for_is_sent_again_no_sooner_than_it_said(
    database_url: str, paced: bool
) -> None:
    # Main sent it again after its own pause (1 s), before the time Telegram said.
    async with bot_on(Database(database_url), paced=paced) as bot:
        reply = answers(1)[0]
        bot.telegram.slow_down_once[reply] = 2
        await bot.type((GROUP, "/nuova soglia=1000 Anna Bruno"), (GROUP, "/mano Anna 1 Bruno 21"))

        async def answered() -> bool:
            return len(bot.sent()) >= 2

        await until(answered, "not answered")
        await asyncio.sleep(0.2)
    tries = [(what, at) for text, what, at in bot.telegram.times if text == reply]
    assert [what for what, _ in tries] == ["slowed", "sent"]
    assert tries[1][1] - tries[0][1] >= 2
    assert bot.sent()[1:] == [reply]
