"""Chats are served side by side; one chat's messages are handled in the order they came."""

import asyncio
import json
from typing import Any

import pytest
from telegram import Update
from telegram.request import BaseRequest

from bot.app import build_application
from bot.config import Secret, Settings
from bot.delivery import JournalingRequest
from bot.updates import ChatOrderedUpdates
from tests.bot.fakes import RecordingRequest


def message_in(chat_id: int, number: int) -> Update:
    return Update.de_json(
        {
            "update_id": number,
            "message": {
                "message_id": number,
                "date": 0,
                "chat": {"id": chat_id, "type": "group", "title": "Tavolo"},
                "text": "/classifica",
            },
        },
        None,
    )


async def test_a_slow_update_delays_its_own_chat_only_and_order_is_kept() -> None:
    processor = ChatOrderedUpdates()
    events: list[str] = []
    chart_may_finish = asyncio.Event()

    async def handle(name: str, wait: asyncio.Event | None = None) -> None:
        events.append(f"{name} starts")
        if wait is not None:
            await wait.wait()
        events.append(f"{name} ends")

    slow = asyncio.create_task(
        processor.process_update(message_in(-1, 1), handle("chart in -1", chart_may_finish))
    )
    after = asyncio.create_task(processor.process_update(message_in(-1, 2), handle("mano in -1")))
    other = asyncio.create_task(processor.process_update(message_in(-2, 3), handle("mano in -2")))
    await asyncio.wait_for(other, 1)  # the other chat is answered while the chart is drawn
    assert not after.done()
    chart_may_finish.set()
    await asyncio.wait_for(asyncio.gather(slow, after), 1)

    assert events == [
        "chart in -1 starts",
        "mano in -2 starts",
        "mano in -2 ends",
        "chart in -1 ends",
        "mano in -1 starts",
        "mano in -1 ends",
    ]
    assert processor.chats_in_progress == 0  # nothing kept once a chat is idle


def test_the_bot_uses_it() -> None:
    settings = Settings(token=Secret("123456:TEST"), chart_workers=0)
    app = build_application(settings, request=RecordingRequest())
    assert isinstance(app.update_processor, ChatOrderedUpdates)


async def test_a_poll_stopped_at_shutdown_still_finishes_keeping_its_batch() -> None:
    # Stopping the bot cancels the poll; abandoned half-way, the write would keep SQLite's
    # write lock until the process ends, and every other write would wait and fail.
    writing, may_finish = asyncio.Event(), asyncio.Event()
    kept: list[dict[str, Any]] = []

    class Journal:
        async def keep(self, updates: list[tuple[int, dict[str, Any]]]) -> list[dict[str, Any]]:
            writing.set()
            await may_finish.wait()
            kept.extend(u for _, u in updates)
            return kept

    class Telegram(BaseRequest):
        read_timeout = None

        async def initialize(self) -> None: ...
        async def shutdown(self) -> None: ...
        async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
            return 200, json.dumps({"ok": True, "result": [{"update_id": 9}]}).encode()

    polls = JournalingRequest(Telegram(), Journal())  # type: ignore[arg-type]
    poll = asyncio.create_task(polls.do_request("https://api/bot1:x/getUpdates", "POST"))
    await writing.wait()
    poll.cancel()
    may_finish.set()

    with pytest.raises(asyncio.CancelledError):
        await poll
    await asyncio.sleep(0)
    assert kept == [{"update_id": 9}]
