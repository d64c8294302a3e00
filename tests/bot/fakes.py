"""A Bot API that records each request and answers it, without a network."""

from __future__ import annotations

import itertools
from typing import Any

from telegram.request import RequestData

from bot.offline import SENDING, OfflineBotApi, Refused

BOT_USER = {"id": 777, "is_bot": True, "first_name": "Tamalo", "username": "TamaloBot"}
#: Message ids, as Telegram numbers a chat's messages: the bot's replies and what people type
#: in one sequence (a message typed after a reply has a higher id).
MESSAGE_IDS = itertools.count(1)


class RecordingRequest(OfflineBotApi):
    """Answers ``getMe``, ``sendMessage`` and the rest, and keeps ``(method, parameters)``;
    a file sent (a photo, a document) is kept in the parameters as ``(file name, bytes)``."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        #: What each call was answered, in the same order.
        self.answers: list[object] = []
        #: Users ``getChatMember`` reports as the group's admins (its owner).
        self.admins: set[int] = set()
        #: Users ``getChatMember`` reports as not in the group (they left).
        self.strangers: set[int] = set()
        #: Methods answered with a Bad Request error, with its description.
        self.refusing: dict[str, str] = {}
        self._message_ids = MESSAGE_IDS

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        if data is not None and data.multipart_data:
            for field, (filename, content, _) in data.multipart_data.items():
                parameters[field] = (filename, content)
        self.calls.append((name, parameters))
        if name in self.refusing:
            self.answers.append(None)
            raise Refused(self.refusing[name])
        answer = self._answer(name, parameters)
        self.answers.append(answer)
        return answer

    def _answer(self, name: str, parameters: dict[str, Any]) -> object:
        if name == "getMe":
            return BOT_USER
        if name == "getChatMember":
            user = {"id": int(parameters["user_id"]), "is_bot": False, "first_name": "Utente"}
            if user["id"] in self.admins:
                return {"status": "creator", "user": user, "is_anonymous": False}
            if user["id"] in self.strangers:
                return {"status": "left", "user": user}
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
