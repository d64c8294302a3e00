"""What every command shares: turning a user's mistake into one reply that changes nothing."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any

from telegram import Message, Update

from bot.context import Context
from bot.parsing import UserError

Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]


def message_of(update: Update) -> Message:
    message = update.effective_message
    assert message is not None  # command handlers only see messages
    return message


def chat_id_of(update: Update) -> int:
    return message_of(update).chat_id


def replies_to_mistakes(handler: Handler) -> Handler:
    """A ``UserError`` raised inside the handler's unit of work rolls it back and is answered."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except UserError as error:
            await message_of(update).reply_text(error.message)

    return wrapper
