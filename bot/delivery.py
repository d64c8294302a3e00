"""Nothing Telegram delivered is lost, and nothing the bot says overtakes its change.

Every update goes into the database's inbox (``storage.journal``) before Telegram is told it
arrived: by polling, the batch is kept before the next ``getUpdates`` confirms it; as a
webhook, before the 200 (``bot.webhook``). The inbox is then handled by ``bot.inbox``, and
what the bot answers goes through ``AnswerFirst`` (see ``bot.answers``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.error import InvalidToken, NetworkError
from telegram.ext import BaseRateLimiter
from telegram.request import BaseRequest, RequestData
from telegram.request._requestparameter import RequestParameter  # as PTB itself sends them

from bot.answers import ANSWER, Answer, is_sent_now, said_to_entry
from bot.context import TamaloApp
from bot.outage import DATABASE, is_outage
from bot.pacing import answering_a_change, answers_change
from storage import UpdateJournal

log = logging.getLogger(__name__)

JSONDict = dict[str, Any]

#: Seconds Telegram holds a poll open when it has nothing to hand out.
POLL_TIMEOUT = 10
#: The longest pause between polls that failed, in seconds (1, 2, 4, … up to this).
MOST_PAUSE = 30.0


def chat_of(data: dict[str, Any]) -> int:
    """The chat an update belongs to (0: none, such as a button under an inaccessible
    message)."""
    update = Update.de_json(data, None)
    chat = update.effective_chat if update is not None else None
    return chat.id if chat is not None else 0


class AnswerFirst(BaseRateLimiter[Any]):
    """Every Bot API call passes here first. Handled from the inbox, a message the update
    says goes to its outbox instead, with its change (``bot.answers``); before any other
    call, the change waiting for its answer is committed, and before a message sent at once,
    the chat's outbox is emptied. Without the inbox, the change waiting is committed with
    the first thing said (and before waiting its turn at Telegram's pace). A call answering
    a change goes first at that pace (``bot.pacing``)."""

    def __init__(self, inner: BaseRateLimiter[Any] | None) -> None:
        self.inner = inner

    async def initialize(self) -> None:
        if self.inner is not None:
            await self.inner.initialize()

    async def shutdown(self) -> None:
        if self.inner is not None:
            await self.inner.shutdown()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Any,
    ) -> bool | JSONDict | list[JSONDict]:
        answer = ANSWER.get()
        chat = data.get("chat_id")
        chat = chat if isinstance(chat, int) else None
        if endpoint == "sendMessage" and answers_an_entry(data):
            del data["reply_parameters"]  # not one of Telegram's messages: nothing to quote
            said_to_entry(answer, data.get("text"))
        if answer is not None and answer.outbox is not None:
            if endpoint == "sendMessage" and chat is not None and not is_sent_now():
                return answer.queue(chat, endpoint, _as_json(data))
            if endpoint == "sendMessage" and chat is not None:
                answer.noted(chat, data.get("text"))
            new = chat is not None and endpoint in NEW_MESSAGES
            await answer.commit(queued=new)
            if new and chat is not None:
                await answer.outbox.drained(chat)
        elif answer is not None:
            await answer.say(_text_to_claim(answer, endpoint, data))
        if self.inner is None:
            return await callback(*args, **kwargs)
        change = answer is not None and answer.claim is not None  # (the outbox says its own)
        with answering_a_change(answers_change() or change):
            return await self.inner.process_request(
                callback, args, kwargs, endpoint, data, rate_limit_args
            )


def answers_an_entry(data: dict[str, Any]) -> bool:
    """A message that answers one sent from the table's screen (``storage.boards``: its
    number is below zero)."""
    replied = data.get("reply_parameters")
    message_id = (
        replied.get("message_id")
        if isinstance(replied, dict)
        else getattr(replied, "message_id", None)
    )
    return isinstance(message_id, int) and message_id < 0


#: The calls that add a message to a chat: the chat's outbox goes first. (An edit changes a
#: message already there; an action, a button's answer, a question say nothing in order.)
NEW_MESSAGES = frozenset(
    {"sendMessage", "sendPhoto", "sendDocument", "sendMediaGroup", "sendAnimation",
     "sendAudio", "sendVideo", "sendVoice", "sendSticker", "sendPoll", "sendLocation",
     "copyMessage", "forwardMessage"}
)  # fmt: skip


def _as_json(data: dict[str, Any]) -> dict[str, Any]:
    """A call's parameters as JSON values (objects as their dicts), as they are sent."""
    parameters = [RequestParameter.from_input(key, value) for key, value in data.items()]
    return dict(RequestData(parameters).parameters)


def _text_to_claim(answer: Answer, endpoint: str, data: dict[str, Any]) -> str | None:
    """The text of a message sent to the claimed message's chat."""
    if answer.claim is None or endpoint != "sendMessage":
        return None
    text = data.get("text")
    if str(data.get("chat_id")) != str(answer.claim[0]) or not isinstance(text, str):
        return None
    return text


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
                batch, readable = _readable(answer["result"])
                # Raising here (the database is down) makes the poll fail: nothing is
                # confirmed to Telegram, and the batch comes again with the next poll. Shielded:
                # polling stopped at shutdown must not abandon the write half-way, holding
                # SQLite's write lock until the process ends.
                if batch:
                    await asyncio.shield(self.journal.keep(batch))
                if len(readable) != len(answer["result"]) or len(batch) != len(readable):
                    payload = json.dumps(answer | {"result": readable}).encode()
        return code, payload


def _readable(updates: list[Any]) -> tuple[list[tuple[int, dict[str, Any]]], list[Any]]:
    """The updates of a poll that can be read, each with its chat, to keep; and the poll's
    result as python-telegram-bot is to read it: one that cannot be read (a message without
    its date…) is logged once and passed over as its bare ``update_id``, so that the next
    poll confirms it instead of failing on it for ever."""
    batch: list[tuple[int, dict[str, Any]]] = []
    readable: list[Any] = []
    for update in updates:
        try:
            batch.append((chat_of(update), update))
            readable.append(update)
        except Exception as error:
            number = update.get("update_id") if isinstance(update, dict) else None
            log.warning("Update %s cannot be read (%r): skipped", number, error)
            if isinstance(number, int):
                readable.append({"update_id": number})
    return batch, readable


async def poll(app: TamaloApp, allowed_updates: list[str], wake: asyncio.Event) -> None:
    """Long polling into the inbox, until cancelled. Each poll confirms the batch before it,
    which the inbox has; the offset always moves past every update kept, whether it was new
    or delivered again, so a batch Telegram still has is never asked for in a loop."""
    await app.bot.delete_webhook(drop_pending_updates=False)
    offset = await UpdateJournal(app.bot_data.db).next_offset()
    pause = 0.0
    while True:
        try:
            batch = await app.bot.get_updates(
                offset=offset, timeout=POLL_TIMEOUT, allowed_updates=allowed_updates
            )
        except InvalidToken:
            raise
        except Exception as error:  # Telegram or the database: the batch comes again
            pause = min(max(1.0, 2 * pause), MOST_PAUSE)
            # The journal's failure reaches here through python-telegram-bot's request,
            # as the cause of a NetworkError.
            cause = error.__cause__ if isinstance(error, NetworkError) else error
            if cause is not None and is_outage(cause):
                DATABASE.failed("keep the updates polled", cause)
            else:
                log.warning("Polling failed (%r); trying again in %.0f s", error, pause)
            await asyncio.sleep(pause)
            continue
        pause = 0.0
        if batch:
            offset = batch[-1].update_id + 1
            wake.set()
