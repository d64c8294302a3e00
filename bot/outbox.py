"""Sending the outbox (``storage.outbox``): every bot process takes chats with messages
waiting, one process per chat at a time (a lease, as the inbox's), and sends each chat's
messages in order at Telegram's pace (the bot's rate limiter: 20 a minute in a group), each
deleted from the outbox in the unit of work that takes the next one.

Exactly once, but for one unavoidable window: a message Telegram took just before the process
died (or before its deletion failed) is sent again by whichever process takes the chat over,
as nothing tells a message Telegram took from one it never saw.

A message Telegram refuses for good (the bot was removed from the group, a reply to a message
deleted meanwhile that cannot go without it) is logged and dropped: the chat's next ones must
not wait behind it. One Telegram did not take (unreachable, "retry after") is sent again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from telegram.error import BadRequest, ChatMigrated, EndPointNotFound, Forbidden, TelegramError

from bot.botapi import TamaloBot
from bot.context import TamaloApp
from bot.leasing import LEASE, LeasedChats
from storage import Database
from storage.outbox import OutboxStore, Queued

log = logging.getLogger(__name__)

#: Chats sent to side by side by one process (Telegram takes 30 messages a second in all).
MOST_CHATS = 64
#: Seconds between looks at a chat's outbox while waiting for it to empty (besides a look
#: each time this process sent a message).
DRAIN_LOOK = 0.5


class Outbox(LeasedChats):
    """One process's share of the outbox."""

    def __init__(self, app: TamaloApp, db: Database, holder: str) -> None:
        self.app, self.store = app, OutboxStore(db)
        super().__init__(self.store.leases, holder, MOST_CHATS)
        #: Set, and replaced, each time this process sent a message.
        self._progress = asyncio.Event()

    async def drained(self, chat_id: int) -> None:
        """Return once the chat's outbox is empty (its messages sent, by this process or
        another): a message sent now comes after them."""
        while await self.store.unsent(chat_id):
            self.arrived(chat_id)  # taken now if nobody holds it
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._progress.wait(), DRAIN_LOOK)

    async def serve(self, chat_id: int) -> None:
        """Send the chat's messages in order while it has some (and the lease is ours)."""
        sent: int | None = None
        failures = 0
        while True:
            try:
                message = await self.store.next(chat_id, self.holder, LEASE, sent)
            except Exception as error:
                failures += 1
                await self.pause(f"Could not read chat {chat_id}'s outbox ({error!r})", failures)
                continue
            if sent is not None:
                self._progress.set()
                self._progress = asyncio.Event()
            sent = None
            if message is None or self.stopping:
                self.served(chat_id)
                return
            try:
                await self._send(chat_id, message)
            except TelegramError as error:  # not taken: sent again
                failures += 1
                await self.pause(f"Telegram did not take a message to chat {chat_id} ({error!r})",
                                 failures)  # fmt: skip
                continue
            failures, sent = 0, message.id

    async def _send(self, chat_id: int, message: Queued) -> None:
        """Send the message; one Telegram refuses for good is logged and dropped."""
        parameters = message.parameters
        try:
            try:
                await self._post(message.method, parameters)
            except ChatMigrated as moved:  # the group became a supergroup: its new id
                moved_to = {"chat_id": moved.new_chat_id}
                await self._post(message.method, _without_reply(parameters) | moved_to)
            except BadRequest as refused:
                said = refused.message.casefold()
                if "reply_parameters" not in parameters or "repl" not in said:
                    raise
                # The message it answers was deleted meanwhile: it goes without quoting it.
                await self._post(message.method, _without_reply(parameters))
        except (BadRequest, Forbidden, EndPointNotFound, ChatMigrated) as refused:
            log.error("Telegram refused a message to chat %s (%r): dropped", chat_id, refused)
        except TelegramError:
            raise
        except Exception:  # a message that cannot be sent at all: never the next ones
            log.exception("A message to chat %s could not be sent: dropped", chat_id)

    async def _post(self, method: str, parameters: dict[str, Any]) -> None:
        bot = self.app.bot
        assert isinstance(bot, TamaloBot)
        await bot.send_kept(method, parameters)


def _without_reply(parameters: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in parameters.items() if key != "reply_parameters"}
