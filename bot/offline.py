"""A Bot API answered in this process, without a network: for the console, the tests and the
benchmarks, which run the real Application against it."""

from __future__ import annotations

import json
from typing import Any

from telegram.request import BaseRequest, RequestData

#: Methods that send (or edit) a message, answered with the message.
SENDING = frozenset({"sendMessage", "editMessageText", "sendPhoto", "sendDocument"})


class Refused(Exception):
    """What ``OfflineBotApi.answer`` raises for Telegram refusing a call (a Bad Request)."""

    def __init__(self, description: str, code: int = 400) -> None:
        super().__init__(description)
        self.description, self.code = description, code


class OfflineBotApi(BaseRequest):
    """Each call is answered by ``answer``, given the method's name and its parameters."""

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    @property
    def read_timeout(self) -> float:
        return 1.0

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        """The call's result (``True`` for most methods); ``Refused`` to refuse it."""
        raise NotImplementedError

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: object = None,
        write_timeout: object = None,
        connect_timeout: object = None,
        pool_timeout: object = None,
    ) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        parameters: dict[str, Any] = dict(request_data.parameters) if request_data else {}
        try:
            result = self.answer(name, parameters, request_data)
        except Refused as refused:
            error = {"ok": False, "error_code": refused.code, "description": refused.description}
            return refused.code, json.dumps(error).encode()
        return 200, json.dumps({"ok": True, "result": result}).encode()
