"""A stand-in for Telegram's Bot API over HTTP, with Telegram's delivery rule: ``getUpdates``
hands out every update until a later ``getUpdates`` confirms it with an ``offset`` above its
id; a confirmed update is never handed out again, to this process or the next."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

ME = {"id": 777, "is_bot": True, "first_name": "Tamalo", "username": "TamaloBot"}
#: How long a long poll is held when there is nothing to hand out (the bot asks for 10 s).
HOLD = 0.5


@dataclass(frozen=True)
class Reply:
    """A message the bot sent: it reached the chat, whatever became of the bot after."""

    chat_id: int
    to: int | None  # the message it replies to
    text: str


class BotApi(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        #: Held while the state below changes; notified at every change.
        self.changed = threading.Condition()
        self.updates: list[dict[str, Any]] = []
        #: The highest update id a poll has confirmed.
        self.confirmed = 0
        #: Updates handed out, by id, and how many polls were answered.
        self.fetched: set[int] = set()
        self.polls = 0
        #: Polls being answered now (a killed bot's last one is answered to nobody).
        self.polling = 0
        self.replies: list[Reply] = []
        #: While set, every poll that confirms something fails with 502 Bad Gateway before
        #: reaching Telegram, so it confirms nothing (it happens; the bot retries in 1 s).
        self.polls_fail = False
        #: How many replies had been sent when each process started (its ``getMe``).
        self.starts: list[int] = []
        #: Called with each reply, the lock held, before the bot is answered.
        self.on_reply: Callable[[Reply], None] = lambda reply: None
        #: While set, a message is taken (it reaches the chat) but the bot is not answered
        #: until it is cleared: the bot's sends are in flight. What was taken so, in order.
        self.holding = False
        self.held: list[Reply] = []
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1)
        self._sent_ids = itertools.count(100_000)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/bot"

    def type(self, chat_id: int, text: str) -> int:
        """Someone in the group sends ``text``; the message's id."""
        update = self.typed(chat_id, text)
        with self.changed:
            self.updates.append(update)
            self.changed.notify_all()
        message_id: int = update["message"]["message_id"]
        return message_id

    def typed(self, chat_id: int, text: str) -> dict[str, Any]:
        """The update of someone in the group sending ``text`` (for a webhook to post)."""
        with self.changed:
            update_id, message_id = next(self._update_ids), next(self._message_ids)
        message = {
            "message_id": message_id,
            "date": 1_700_000_000,
            "chat": {"id": chat_id, "type": "group", "title": f"Tavolo {chat_id}"},
            "from": {"id": 42, "is_bot": False, "first_name": "Anna"},
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}],
        }
        return {"update_id": update_id, "message": message}

    def wait_until(self, condition: Callable[[], bool], timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(condition, timeout)

    def called(self, method: str) -> None:
        if method == "getMe":
            with self.changed:
                self.starts.append(len(self.replies))

    def poll(self, fields: dict[str, Any]) -> tuple[int, object]:
        offset = int(fields.get("offset") or 0)
        with self.changed:
            if self.polls_fail and offset > self.confirmed + 1:
                return 502, "Bad Gateway"
            if offset > 0:
                self.confirmed = max(self.confirmed, offset - 1)
            self.polling += 1
            self.changed.wait_for(self._pending, min(float(fields.get("timeout") or 0), HOLD))
            batch = self._pending()[: int(fields.get("limit") or 100)]
            self.fetched.update(u["update_id"] for u in batch)
            self.polls += 1
            self.polling -= 1
            self.changed.notify_all()
            return 200, batch

    def _pending(self) -> list[dict[str, Any]]:
        return [u for u in self.updates if u["update_id"] > self.confirmed]

    def send(self, fields: dict[str, Any]) -> tuple[int, object]:
        quoted = fields.get("reply_parameters") or "{}"
        quoted = json.loads(quoted) if isinstance(quoted, str) else quoted
        to = quoted.get("message_id", fields.get("reply_to_message_id"))
        reply = Reply(int(fields["chat_id"]), None if to is None else int(to), fields["text"])
        with self.changed:
            self.replies.append(reply)
            self.changed.notify_all()
            self.on_reply(reply)
            if self.holding:
                self.held.append(reply)
                self.changed.wait_for(lambda: not self.holding)
        chat = {"id": reply.chat_id, "type": "group", "title": f"Tavolo {reply.chat_id}"}
        message = {"message_id": next(self._sent_ids), "date": 0, "chat": chat, "from": ME}
        return 200, {**message, "text": reply.text}

    def handle_error(self, request: object, client_address: object) -> None:
        """A killed bot leaves its connections behind: nobody reads the answer, and that is
        not a failure of the stand-in."""


class _Handler(BaseHTTPRequestHandler):
    server: BotApi

    def do_POST(self) -> None:
        method = self.path.rsplit("/", 1)[-1]
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        fields = _fields(body, self.headers.get("Content-Type", ""))
        status: int = 200
        result: object = True
        self.server.called(method)
        if method == "getUpdates":
            status, result = self.server.poll(fields)
        elif method == "sendMessage":
            status, result = self.server.send(fields)
        elif method == "getMe":
            result = ME
        if status == 200:
            answer: dict[str, object] = {"ok": True, "result": result}
        else:
            answer = {"ok": False, "error_code": status, "description": result}
        payload = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


def _fields(body: str, content_type: str) -> dict[str, Any]:
    """A request's parameters (python-telegram-bot sends a form; objects in it are JSON)."""
    if content_type.startswith("application/json"):
        loaded: dict[str, Any] = json.loads(body or "{}")
        return loaded
    return {name: value for name, (value, *_) in parse_qs(body).items()}
