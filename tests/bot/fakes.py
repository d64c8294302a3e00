"""A Bot API that records each request and answers it, without a network."""

from __future__ import annotations

import itertools
import json
from typing import Any

from telegram.request import BaseRequest, RequestData

BOT_USER = {"id": 777, "is_bot": True, "first_name": "Tamalo", "username": "TamaloBot"}


#: Methods that send a message, answered with one.
SENDING = frozenset({"sendMessage", "editMessageText", "sendPhoto", "sendDocument"})


class RecordingRequest(BaseRequest):
    """Answers ``getMe``, ``sendMessage`` and the rest, and keeps ``(method, parameters)``;
    a file sent (a photo, a document) is kept in the parameters as ``(file name, bytes)``."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        #: What each call was answered, in the same order.
        self.answers: list[object] = []
        #: Users ``getChatMember`` reports as the group's admins (its owner).
        self.admins: set[int] = set()
        #: Methods answered with a Bad Request error, with its description.
        self.refusing: dict[str, str] = {}
        self._message_ids = itertools.count(10_000)

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    @property
    def read_timeout(self) -> float:
        return 1.0

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
        if request_data is not None and request_data.multipart_data:
            for field, (filename, content, _) in request_data.multipart_data.items():
                parameters[field] = (filename, content)
        self.calls.append((name, parameters))
        if name in self.refusing:
            self.answers.append(None)
            error = {"ok": False, "error_code": 400, "description": self.refusing[name]}
            return 400, json.dumps(error).encode()
        answer = self._answer(name, parameters)
        self.answers.append(answer)
        return 200, json.dumps({"ok": True, "result": answer}).encode()

    def _answer(self, name: str, parameters: dict[str, Any]) -> object:
        if name == "getMe":
            return BOT_USER
        if name == "getChatMember":
            user = {"id": int(parameters["user_id"]), "is_bot": False, "first_name": "Utente"}
            if user["id"] in self.admins:
                return {"status": "creator", "user": user, "is_anonymous": False}
            return {"status": "member", "user": user}
        if name in SENDING:
            return {
                "message_id": next(self._message_ids),
                "date": 0,
                "chat": {"id": int(parameters["chat_id"]), "type": "group", "title": "Tavolo"},
                "from": BOT_USER,
                "text": parameters.get("text", ""),
            }
        return True

    def sent_texts(self) -> list[str]:
        return [p["text"] for name, p in self.calls if name == "sendMessage"]
