"""Sending the outbox (``storage.outbox``): every bot process takes chats with messages
waiting, one process per chat at a time (a lease, as the inbox's), and sends each chat's
messages in order, one at a time, at Telegram's pace: 30 messages a second in all (the bot's
rate limiter, ``bot.pacing``: a message answering a change before the others waiting) and 20
a minute in a group, counted from the group's last sends as the database has them
(``Pace``), so that a restart does not start the count afresh.

Exactly once, but for one unavoidable window: each message is marked sent in a unit of work
of its own, first in line, as soon as Telegram took it, and the chat's next one is sent only
then; a crash before that mark commits (the message in flight) has the message sent again by
whichever process takes the chat over, as nothing tells a message Telegram took from one it
never saw. At most one a chat.

A message Telegram refuses for good (the bot was removed from the group, a reply to a message
deleted meanwhile that cannot go without it) is logged and dropped: the chat's next ones must
not wait behind it. One Telegram did not take (unreachable, "retry after") is sent again, not
before the time Telegram said.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import warnings
from collections import deque
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from telegram.error import (
    BadRequest,
    ChatMigrated,
    EndPointNotFound,
    Forbidden,
    RetryAfter,
    TelegramError,
)
from telegram.warnings import PTBDeprecationWarning

from bot.botapi import TamaloBot
from bot.context import TamaloApp
from bot.leasing import LeasedChats
from bot.pacing import answering_a_change
from storage import Database, models
from storage.outbox import OutboxStore, Queued

log = logging.getLogger(__name__)

#: Chats sent to side by side by one process (Telegram takes 30 messages a second in all).
MOST_CHATS = 64
#: Seconds between looks at a chat's outbox while waiting for it to empty (besides a look
#: each time this process sent a message).
DRAIN_LOOK = 0.5
#: Telegram's limit in a group: this many messages in any ``PACE_WINDOW``.
PACE_MESSAGES, PACE_WINDOW = 20, timedelta(minutes=1)
#: How long messages sent are kept, for the next process's pace (then ``forget_sent``).
KEPT_SENT = 2 * PACE_WINDOW


class Pace:
    """A group's last sends, as the database has them: the next waits until fewer than
    ``PACE_MESSAGES`` were sent in the last ``PACE_WINDOW``, whichever process sent them."""

    def __init__(self, sends: Sequence[datetime] = (), *, paced: bool = True) -> None:
        self.paced = paced
        self.sends = deque(sends[-PACE_MESSAGES:], maxlen=PACE_MESSAGES)

    def wait(self, now: datetime) -> float:
        """Seconds the next message waits, from ``now``."""
        if not self.paced or len(self.sends) < PACE_MESSAGES:
            return 0.0
        return max(0.0, (self.sends[0] + PACE_WINDOW - now).total_seconds())

    def sent(self, at: datetime) -> None:
        self.sends.append(at)


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
        pace: Pace | None = None
        failures = 0
        while True:
            try:
                if pace is None:
                    pace = await self._pace(chat_id)
                message = await self.store.next(chat_id, self.holder)
            except Exception as error:
                failures += 1
                await self.pause(f"read chat {chat_id}'s outbox", error, failures)
                continue
            if message is None or self.stopping:
                self.served(chat_id)
                return
            await asyncio.sleep(pace.wait(models.utcnow()))
            try:
                with answering_a_change(message.answers_change):  # first at Telegram's pace
                    await self._send(chat_id, message)
            except RetryAfter as slow_down:  # not taken: sent again once Telegram said
                after = max(_seconds(slow_down), 1.0)
                log.warning("Telegram asked to wait %.0f s before chat %s's next message",
                            after, chat_id)  # fmt: skip
                await asyncio.sleep(after)
                continue
            except TelegramError as error:  # not taken: sent again
                failures += 1
                await self.pause(f"send chat {chat_id} a message", error, failures)
                continue
            failures = 0
            pace.sent(await self._mark_sent(chat_id, message))

    async def _pace(self, chat_id: int) -> Pace:
        """The chat's pace, from its last sends (a group's: private chats are not paced, nor
        any chat where the bot is not, in tests)."""
        if chat_id > 0 or not self.app.bot_data.paced:
            return Pace(paced=False)
        since = models.utcnow() - PACE_WINDOW
        return Pace(await self.store.sends_since(chat_id, since))

    async def _mark_sent(self, chat_id: int, message: Queued) -> datetime:
        """Mark the message Telegram took as sent, before anything else (tried again until
        the database takes it; not given up at shutdown): the chat's next one goes only
        then, so a crash sends again at most this one. When it was taken."""
        at = models.utcnow()
        failures = 0
        while True:
            marking = asyncio.ensure_future(self.store.sent(message.id, at))
            try:
                await asyncio.shield(marking)
            except asyncio.CancelledError:  # stopping: the mark is written all the same
                with contextlib.suppress(Exception):
                    await marking
                raise
            except Exception as error:
                failures += 1
                await self.pause(f"mark a message to chat {chat_id} sent", error, failures)
                continue
            self._progress.set()
            self._progress = asyncio.Event()
            return at

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


def _seconds(slow_down: RetryAfter) -> float:
    """The seconds Telegram said to wait (python-telegram-bot warns that ``retry_after``
    will be a ``timedelta``: either is read)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        after = slow_down.retry_after
    return after.total_seconds() if isinstance(after, timedelta) else float(after)


def _without_reply(parameters: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in parameters.items() if key != "reply_parameters"}
