"""Many chats at once, each chat in order, for updates handed to the Application directly (the
console, tools, tests); the bot itself takes them from the inbox, in the same way across every
process (``bot.inbox``).

python-telegram-bot handles one update at a time unless told otherwise: then a chart being
drawn for one group, or a slow export, delays every other group's reply. With updates handled
concurrently, though, a chat's "/mano" and "/annulla" sent a second apart could overtake each
other. This processor does both: updates of different chats run side by side, and the updates
of one chat run one after another, in the order Telegram delivered them. (Across several bot
processes, the database's chat lock keeps changes one at a time; see ``ChatStore.lock``.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

#: Updates in progress or waiting for their chat's turn, across all chats.
MAX_CONCURRENT_UPDATES = 256


def chat_key(update: object) -> int | None:
    """The chat an update belongs to (``None``: no chat, such as an inline query)."""
    if isinstance(update, Update) and update.effective_chat is not None:
        return update.effective_chat.id
    return None


class ChatOrderedUpdates(BaseUpdateProcessor):
    """Concurrent across chats, sequential within a chat."""

    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT_UPDATES) -> None:
        super().__init__(max_concurrent_updates)
        self._turns: dict[int | None, asyncio.Lock] = {}
        self._queued: dict[int | None, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = chat_key(update)
        turn = self._turns.setdefault(key, asyncio.Lock())  # asyncio locks are first come,
        self._queued[key] = self._queued.get(key, 0) + 1  # first served
        try:
            async with turn:
                await coroutine  # a handler's failure is reported inside: it ends normally
        finally:
            self._queued[key] -= 1
            if not self._queued[key]:  # nobody else waiting: forget the chat
                del self._queued[key], self._turns[key]

    @property
    def chats_in_progress(self) -> int:
        return len(self._turns)

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass
