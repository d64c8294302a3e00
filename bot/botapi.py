"""The bot as it talks to Telegram: patient at start-up, and within Telegram's limits."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from telegram import InputFile
from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram._utils.types import JSONDict, ODVInput
from telegram.error import BadRequest, NetworkError, RetryAfter
from telegram.ext import ExtBot

from bot.limits import CAPTION_LIMIT, MESSAGE_LIMIT, fits_a_photo, length, pieces, shortened

log = logging.getLogger("bot")

#: Seconds between tries to reach Telegram at start-up: doubling from the first to the longest.
FIRST_WAIT = 1.0
LONGEST_WAIT = 30.0


class TamaloBot(ExtBot[Any]):
    """python-telegram-bot's bot, with two habits every part of TamaloBot gets from it."""

    async def initialize(self) -> None:
        """Ask Telegram who the bot is (``getMe``) until it answers: started without a
        network, the bot waits, one line per try and each wait longer, instead of stopping on
        a page of traceback; it starts serving at the first answer. A rejected token stops it
        at once (``InvalidToken``)."""
        wait = FIRST_WAIT
        while True:
            try:
                await super().initialize()
                return
            except RetryAfter as slow_down:
                after = slow_down.retry_after
                wait = max(wait, after.total_seconds() if isinstance(after, timedelta) else after)
                reason = "asked to slow down"
            except NetworkError as error:
                if isinstance(error, BadRequest):  # Telegram answered: no use asking again
                    raise
                reason = str(error) or type(error).__name__
            log.warning("Cannot reach Telegram (%s), retrying in %d s", reason, wait)
            await asyncio.sleep(wait)
            wait = min(2 * wait, LONGEST_WAIT)

    async def send_kept(self, method: str, parameters: JSONDict) -> Any:
        """Send what was kept to send (``bot.outbox``): a Bot API ``method`` and its
        parameters as JSON, within Telegram's limits as every call."""
        return await self._post(method, dict(parameters))

    async def _do_post(
        self,
        endpoint: str,
        data: JSONDict,
        *,
        read_timeout: ODVInput[float] = DEFAULT_NONE,
        write_timeout: ODVInput[float] = DEFAULT_NONE,
        connect_timeout: ODVInput[float] = DEFAULT_NONE,
        pool_timeout: ODVInput[float] = DEFAULT_NONE,
    ) -> bool | JSONDict | list[JSONDict]:
        """Every Bot API call passes here with its parameters (``ExtBot`` adds its rate limiter
        here too), so no message gets past Telegram's limits (``bot.limits``)."""
        timeouts = {
            "read_timeout": read_timeout,
            "write_timeout": write_timeout,
            "connect_timeout": connect_timeout,
            "pool_timeout": pool_timeout,
        }
        text, caption = data.get("text"), data.get("caption")
        if endpoint == "sendMessage" and isinstance(text, str) and length(text) > MESSAGE_LIMIT:
            *first, last = pieces(text, MESSAGE_LIMIT)
            before = {key: value for key, value in data.items() if key != "reply_markup"}
            for piece in first:  # the first piece answers the message, the others follow it
                await super()._do_post(endpoint, before | {"text": piece}, **timeouts)
                before.pop("reply_parameters", None)
            data = {k: v for k, v in data.items() if k != "reply_parameters"} | {"text": last}
        elif isinstance(text, str) and length(text) > MESSAGE_LIMIT:  # an edit: one message, cut
            data = data | {"text": shortened(text, MESSAGE_LIMIT)}
        if isinstance(caption, str) and length(caption) > CAPTION_LIMIT:
            data = data | {"caption": shortened(caption, CAPTION_LIMIT)}
        photo = data.get("photo")
        if endpoint == "sendPhoto" and isinstance(photo, InputFile) and not _fits(photo):
            endpoint = "sendDocument"  # as a file: the chat opens it whole
            data = {("document" if k == "photo" else k): v for k, v in data.items()}
        return await super()._do_post(endpoint, data, **timeouts)


def _fits(photo: InputFile) -> bool:
    content = photo.input_file_content
    return not isinstance(content, bytes) or fits_a_photo(content)
