"""/mano through the inbox, as a webhook beside polling, over the same game night.

Both run the real Application on an SQLite file, its updates handled by the inbox
(``bot.inbox``) as in ``python -m bot``. As a webhook, Telegram posts each update to the
Starlette app (over ASGI, in this process: no sockets), which keeps it and answers 200; by
polling, the bot's own poll loop fetches batches of up to 100 from an instant Bot API and keeps
each batch before the next poll. The figure is the time per update from the first update
delivered to the last reply, judged against polling (≤ 1.5×, issue 22: the webhook's updates
are kept in batches by one writer, ``bot.webhook.Intake``); the modes take turns, twice
each, and the better run counts.
"""

from __future__ import annotations

import asyncio
import itertools
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from telegram.request import RequestData

from bench.common import Figure, InstantRequest, Typist, bot_running, sqlite_url
from bench.mano import NoCharts, game_night
from bot.app import ALLOWED_UPDATES
from bot.context import TamaloApp
from bot.delivery import poll
from bot.inbox import Inbox
from bot.webhook import SECRET_HEADER, web_app
from storage import UpdateJournal

SECRET = "bench-secret"
#: Updates Telegram posts to the webhook at once (it allows up to 40 connections).
POSTING = 8
#: A getUpdates batch, at most (Telegram's default).
BATCH = 100
#: Seconds a poll is held when there is nothing new (Telegram holds it for the poll's timeout).
HOLD = 0.2


class Telegram(InstantRequest):
    """An instant Bot API that also hands out the night's updates to ``getUpdates``, and
    tells when every message has had its reply."""

    def __init__(self, updates: Sequence[dict[str, Any]]) -> None:
        super().__init__(on_send=self._sent)
        self.updates = list(updates)
        self.replies = 0
        self.answered = asyncio.Event()

    def _sent(self, method: str, chat_id: int, at: float) -> None:
        if method == "sendMessage":
            self.replies += 1
            if self.replies >= len(self.updates):
                self.answered.set()

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        if name == "getUpdates":
            return self._from(parameters)[:BATCH]
        return super().answer(name, parameters, data)

    def _from(self, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(str(parameters.get("offset") or 0))
        return [u for u in self.updates if u["update_id"] >= offset]

    async def do_request(
        self, url: str, method: str, request_data: RequestData | None = None, *args: Any,
        **kwargs: Any,
    ) -> tuple[int, bytes]:  # fmt: skip
        parameters = dict(request_data.parameters) if request_data else {}
        if url.endswith("/getUpdates") and not self._from(parameters):
            await asyncio.sleep(HOLD)  # Telegram holds a poll while it has nothing new
        return await super().do_request(url, method, request_data, *args, **kwargs)


#: Seconds before an update the webhook did not keep is posted again.
RESEND = 0.5


async def _night(telegram: Telegram, mode: str) -> float:
    """Seconds from the first update delivered to the last reply."""
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        async with bot_running(sqlite_url(Path(directory)), telegram) as app:
            app.bot_data.renderer = NoCharts(0)
            inbox = Inbox(app, UpdateJournal(app.bot_data.db))
            handling = asyncio.create_task(inbox.run())
            start = time.perf_counter()
            intake = asyncio.create_task(
                _post(app, inbox, telegram.updates)
                if mode == "webhook"
                else poll(app, ALLOWED_UPDATES, inbox.woken)
            )
            answered = asyncio.create_task(telegram.answered.wait())
            await asyncio.wait({answered, intake}, timeout=600, return_when=asyncio.FIRST_COMPLETED)
            if intake.done() and not answered.done():
                intake.result()  # what stopped the intake is raised
            await asyncio.wait_for(answered, 600)
            seconds = time.perf_counter() - start
            intake.cancel()
            await asyncio.gather(intake, return_exceptions=True)
            await inbox.stop(handling)
    return seconds


async def _post(app: TamaloApp, inbox: Inbox, updates: Sequence[dict[str, Any]]) -> None:
    """Telegram posting each update, a few at a time, as the webhook answers."""
    web = web_app(inbox.journal, inbox, "/hook", SECRET)
    transport = httpx.ASGITransport(app=web)
    next_update = iter(updates)
    async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:

        async def post_in_turn() -> None:
            for update in next_update:
                while True:
                    answer = await client.post(
                        "/hook", json=update, headers={SECRET_HEADER: SECRET}
                    )
                    if answer.status_code == 200:
                        break
                    # Not kept (the database was busy: the machine is shared): Telegram
                    # sends the update again a little later, as it does.
                    assert answer.status_code == 503, answer.status_code
                    await asyncio.sleep(RESEND)

        await asyncio.gather(*(post_in_turn() for _ in range(POSTING)))


async def measure(quick: bool = False) -> list[Figure]:
    chats, hands = (6, 10) if quick else (20, 20)
    night = game_night(chats, hands)
    typist = Typist()
    updates = [typist.message(chat, text) for chat, text in night]
    best: dict[str, float] = {}
    for mode in itertools.islice(itertools.cycle(("webhook", "polling")), 2 if quick else 4):
        seconds = await _night(Telegram(updates), mode)
        best[mode] = min(best.get(mode, seconds), seconds)
    per_update = {mode: seconds / len(updates) * 1000 for mode, seconds in best.items()}
    note = (
        f"{len(updates)} updates in {chats} chats, through the inbox: webhook "
        f"{len(updates) / best['webhook']:.0f}/s, polling {len(updates) / best['polling']:.0f}/s"
    )
    return [
        Figure(
            "/mano night as a webhook, per update",
            per_update["webhook"],
            "ms",
            "by polling",
            per_update["polling"],
            1.5,
            note=note,
        )
    ]
