"""Nothing Telegram delivered is lost to a crash, in polling mode.

python-telegram-bot confirms a batch of updates to Telegram with its next ``getUpdates``, as
soon as it has fetched the batch and before it has handled it: a process killed in between
would never see the rest of the batch again. So the batch is kept in the database first (the
poll's answer is not handed on until it is), each update is marked once handled, and at
start-up whatever was not is handled first. An update Telegram delivers again (its
confirmation never arrived) is dropped: it is handled, or waiting its turn. Handling one
twice would change nothing anyway (every change is claimed once per message, see
``GameStore.claim_message``), but the chat would read "already recorded".
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from telegram import Update
from telegram.request import BaseRequest, RequestData

from bot.context import TamaloApp
from storage import UpdateJournal

log = logging.getLogger(__name__)


class JournalingRequest(BaseRequest):
    """The ``getUpdates`` connection: answers only once the updates it brings are kept."""

    def __init__(self, inner: BaseRequest, journal: UpdateJournal) -> None:
        self.inner = inner
        self.journal = journal

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    @property
    def read_timeout(self) -> float | None:
        return self.inner.read_timeout

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        code, payload = await self.inner.do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
        if code == 200 and url.endswith("/getUpdates"):
            answer = json.loads(payload)
            if answer.get("ok") and answer.get("result"):
                # Raising here (the database is down) makes the poll fail: nothing is
                # confirmed to Telegram, and the batch comes again with the next poll. Shielded:
                # polling stopped at shutdown must not abandon the write half-way, holding
                # SQLite's write lock until the process ends (kept, the batch is handled at
                # the next start).
                new = await asyncio.shield(self.journal.keep(answer["result"]))
                if len(new) < len(answer["result"]):  # delivered again: handled, or queued
                    payload = json.dumps({**answer, "result": new}).encode()
        return code, payload


async def replay(app: TamaloApp, journal: UpdateJournal) -> int:
    """Queue, before any new update, those a crash interrupted; returns how many."""
    pending = await journal.pending()
    for data in pending:
        update = Update.de_json(data, app.bot)
        if update is not None:
            await app.update_queue.put(update)
    if pending:
        log.warning("Handling %d updates interrupted before the last stop", len(pending))
    return len(pending)
