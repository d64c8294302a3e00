"""Chats are served side by side; one chat's messages are handled in the order they came."""

import asyncio

from telegram import Update

from bot.app import build_application
from bot.settings import Secret, Settings
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
