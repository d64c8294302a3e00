"""Telegram's pace for the whole bot, answers to a change first.

Telegram takes about 30 messages a second from a bot in all, and 20 a minute in a group. When
more are waiting than that, python-telegram-bot's ``AIORateLimiter`` sends them first come,
first served: twenty groups flooding ``/quote`` fill the second, and a hand typed in another
group waits behind their answers (issue 35: 5 to 7 times as long). Here the messages waiting
for the overall pace take their turns answers to a change first (a command that claimed its
message: a hand recorded, a game begun, see ``bot.answers``), then the others, each kind in
the order it came. Nothing is skipped or lost, and a chat's messages keep their order (each
chat sends one at a time: ``bot.outbox``); an answer to a read-only command only waits
longer while changes are being answered, which people type far slower than 30 a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Coroutine, Iterator
from contextvars import ContextVar
from datetime import timedelta
from typing import Any

from telegram.constants import FloodLimit
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

JSONDict = dict[str, Any]

#: Set while the calls made answer a change (``answering_a_change``).
_ANSWERS_CHANGE: ContextVar[bool] = ContextVar("answers_change", default=False)
#: Groups whose pace is kept; beyond it, those with nothing recent are forgotten.
KEPT_GROUPS = 512


@contextlib.contextmanager
def answering_a_change(answers: bool = True) -> Iterator[None]:
    """The Bot API calls made inside answer a change (``answers``): they go first."""
    token = _ANSWERS_CHANGE.set(answers)
    try:
        yield
    finally:
        _ANSWERS_CHANGE.reset(token)


def answers_change() -> bool:
    """Whether the calls made now answer a change."""
    return _ANSWERS_CHANGE.get()


class Turns:
    """At most ``most`` calls in any ``period`` seconds, in bursts of up to ``most`` (a leaky
    bucket, as ``aiolimiter``'s); the calls waiting go answers to a change first, then the
    others, each in the order it came."""

    def __init__(self, most: int, period: float) -> None:
        self.most, self.per_second = most, most / period
        self.level, self.checked = 0.0, 0.0
        #: The calls waiting: those answering a change, then the others.
        self.waiting: tuple[deque[asyncio.Future[None]], ...] = (deque(), deque())
        self._timer: asyncio.TimerHandle | None = None

    async def take(self, first: bool) -> None:
        """Return when it is this call's turn (``first``: it answers a change)."""
        turn = asyncio.get_running_loop().create_future()
        queue = self.waiting[0 if first else 1]
        queue.append(turn)
        self._serve()
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.level -= 1  # its turn came, unused: the next call has it
            with contextlib.suppress(ValueError):
                queue.remove(turn)
            self._serve()
            raise

    def idle(self) -> bool:
        """Nothing waits, and its last calls count no more."""
        self._leak()
        return self.level == 0 and not any(self.waiting)

    def _leak(self) -> None:
        now = asyncio.get_running_loop().time()
        self.level = max(0.0, self.level - (now - self.checked) * self.per_second)
        self.checked = now

    def _serve(self) -> None:
        """Give their turns to the calls waiting while there is room; then wake up when
        there is some again."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._leak()
        for queue in self.waiting:
            while queue:
                if queue[0].done():  # cancelled while waiting
                    queue.popleft()
                    continue
                if self.level + 1 > self.most:
                    later = (self.level + 1 - self.most) / self.per_second
                    self._timer = asyncio.get_running_loop().call_later(later, self._serve)
                    return
                self.level += 1
                queue.popleft().set_result(None)


class ChangesFirst(BaseRateLimiter[int]):
    """Every Bot API call to a chat within Telegram's limits (30 a second in all, 20 a minute
    in a group), the calls answering a change first at the overall pace; a "retry after"
    holds every call for the time Telegram said, and the call is tried again up to
    ``max_retries`` times (``rate_limit_args``: another number), as ``AIORateLimiter``."""

    def __init__(self, max_retries: int = 0) -> None:
        self.max_retries = max_retries
        self.overall = Turns(FloodLimit.MESSAGES_PER_SECOND, 1.0)
        self.groups: dict[int | str, Turns] = {}
        self._clear = asyncio.Event()  # clear while Telegram asked to wait
        self._clear.set()

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | JSONDict | list[JSONDict]:
        tries = (rate_limit_args or self.max_retries) + 1
        chat = data.get("chat_id")
        first = answers_change()
        for tried in range(1, tries + 1):
            try:
                if chat is None:  # not a message to a chat: Telegram counts no pace
                    return await self._when_clear(callback, args, kwargs)
                group = self._group(chat)
                if group is not None:
                    await group.take(first)
                await self.overall.take(first)
                return await self._when_clear(callback, args, kwargs)
            except RetryAfter as slow_down:
                if tried == tries:
                    raise
                pause = _seconds(slow_down) + 0.1
                log.info("Telegram asked to wait: every message waits %.1f s", pause)
                self._clear.clear()
                try:
                    await asyncio.sleep(pause)
                finally:
                    self._clear.set()
        raise AssertionError("unreachable")  # pragma: no cover

    async def _when_clear(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]],
        args: Any,
        kwargs: dict[str, Any],
    ) -> bool | JSONDict | list[JSONDict]:
        await self._clear.wait()
        return await callback(*args, **kwargs)

    def _group(self, chat: object) -> Turns | None:
        """The group's pace (``None``: a private chat, not paced per chat)."""
        with contextlib.suppress(TypeError, ValueError):
            chat = int(chat)  # type: ignore[call-overload]
        if not isinstance(chat, str) and not (isinstance(chat, int) and chat < 0):
            return None
        if chat not in self.groups and len(self.groups) >= KEPT_GROUPS:
            for key, turns in list(self.groups.items()):
                if turns.idle():
                    del self.groups[key]
        group = self.groups.get(chat)
        if group is None:
            group = self.groups[chat] = Turns(FloodLimit.MESSAGES_PER_MINUTE_PER_GROUP, 60.0)
        return group


def _seconds(slow_down: RetryAfter) -> float:
    """The seconds Telegram said to wait (python-telegram-bot warns ``retry_after`` will be
    a ``timedelta``: either is read)."""
    after = slow_down._retry_after  # both forms' source, without the deprecation warning
    return after.total_seconds() if isinstance(after, timedelta) else float(after)
