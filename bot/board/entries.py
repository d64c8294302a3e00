"""A hand sent from the table's screen: checked, kept once, and handled as the message its
sender would have typed in the chat, so that it goes through the same parsing, rules,
replies and refusals as a typed one, and its reply goes to the chat through the outbox.

The form's own random key (``nonce``) keeps it once: a double tap, a form sent again after a
lost answer, or the same request replayed finds the entry kept and records nothing more.
Only who is in the chat records (Telegram is asked); a form built before the game changed
is refused and shown again. The page waits a few seconds for the chat's answer and shows
it; nothing about a page is kept in the process."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from telegram import Bot, Update
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot import games
from bot.answers import ENTRY_SAID
from bot.board.forms import command_of, form_fragment
from bot.board.initdata import InitData
from bot.forms import Form
from bot.refusals import UserError, mistake
from bot.texts import board as texts
from play.errors import Refused
from scoring.errors import RuleBroken
from storage import Database, Front, UnitOfWork
from storage.boards import Board, BoardStore, Entry, entry_message_id, entry_update_id

log = logging.getLogger(__name__)

#: Seconds the page waits for the chat's answer to a hand it sent (then: "sent").
WAIT = 8.0
#: Seconds between two looks at whether the inbox handled it.
LOOK_EVERY = 0.1
#: Who may record: the chat's members (a restricted member still is one).
MEMBERS = frozenset(
    {ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.MEMBER}
)

#: Hands an update to the bot (``again``: the entry was kept before, by an earlier post);
#: returns what the bot said to it if it was handled before returning, ``None`` if it went
#: to the inbox (handled by whichever process holds the chat).
Deliver = Callable[[int, dict[str, Any], bool], Awaitable[list[str] | None]]


@dataclass(frozen=True)
class Sent:
    """What the page is told about a hand it sent: ``status`` (``taken``: the chat's game
    changed something, a hand recorded or a question kept, and ``said`` is its reply;
    ``refused``: it changed nothing, and ``said`` is why; ``sent``: no answer yet;
    ``stale``: the form is old, here is the new one; ``invalid``: fix the form), what to
    show, the HTTP status."""

    status: str
    said: str
    http: int = 200


class Entries:
    """The forms of every chat's game, and the hands they send, for one bot."""

    def __init__(self, db: Database, bot: Bot, deliver: Deliver, wait: float = WAIT) -> None:
        self.db, self.bot, self.deliver, self.wait = db, bot, deliver, wait

    async def form(self, board: Board) -> str:
        """The form of the chat's next hand (a ``UserError`` says why there is none)."""
        async with self.db.reading() as session:
            work = UnitOfWork(session)
            form = await _form_of(work, board, await work.games.front(board.chat_id))
        return form_fragment(form, board.token)

    async def preview(self, board: Board, stamp: str, tapped: Mapping[str, object]) -> Sent:
        """What the hand tapped would do (``taken``), or why it would be refused, recording
        nothing."""
        async with self.db.reading() as session:
            work = UnitOfWork(session)
            front = await work.games.front(board.chat_id)
            try:
                form = await _form_of(work, board, front)
                if stamp != form.stamp:
                    return Sent("stale", texts.form_changed(), 409)
                command = command_of(form, tapped)
                if form.preview is None:
                    return Sent("invalid", texts.no_preview(), 404)
                return Sent("taken", await form.preview(work, front, command))
            except UserError as error:
                return Sent("refused", error.message)
            except (RuleBroken, Refused) as error:
                return Sent("refused", mistake(error).message)

    async def send(
        self, board: Board, sender: InitData, nonce: str, stamp: str, tapped: Mapping[str, object]
    ) -> Sent:
        """The hand tapped on ``board``'s form, sent by ``sender`` (checked already)."""
        async with self.db.reading() as session:
            work = UnitOfWork(session)
            kept = await work.store(BoardStore).kept(nonce)
            try:
                form = (
                    None
                    if kept
                    else await _form_of(work, board, await work.games.front(board.chat_id))
                )
            except UserError as error:
                return Sent("invalid", error.message, 409)
        if kept is not None:
            return await self._again(kept, board, sender)
        assert form is not None
        if stamp != form.stamp:
            return Sent("stale", texts.form_changed(), 409)
        try:
            command = command_of(form, tapped)
        except UserError as error:
            return Sent("invalid", error.message, 400)
        if sender.user_id is None or not await self._member(board.chat_id, sender.user_id):
            log.info("Mini App refused: user %s is not in the board's chat", sender.user_id)
            return Sent("refused", texts.not_a_member(), 403)
        async with self.db.transaction() as session:
            entry = await BoardStore(session).enter(
                nonce, board.chat_id, sender.user_id, command, datetime.now(UTC)
            )
        if not entry.new:  # two posts of the same hand at the same moment
            return await self._again(entry, board, sender)
        said = await self.deliver(board.chat_id, _update(entry, sender), False)
        return await self._outcome(entry, said)

    async def _again(self, entry: Entry, board: Board, sender: InitData) -> Sent:
        """A hand sent before (a double tap, an answer lost on the way): what it came to,
        recording nothing more; the same key from another chat or person is refused."""
        if (entry.chat_id, entry.user_id) != (board.chat_id, sender.user_id):
            log.info("Mini App refused: a form's key sent again from another chat or person")
            return Sent("refused", texts.form_refused(), 403)
        said = await self.deliver(board.chat_id, _update(entry, sender), True)
        return await self._outcome(entry, said)

    async def _member(self, chat_id: int, user_id: int) -> bool:
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except TelegramError as error:
            log.info("Mini App: membership in chat %s not known (%r)", chat_id, error)
            return False
        return member.status in MEMBERS or getattr(member, "is_member", False)

    async def _outcome(self, entry: Entry, said: list[str] | None) -> Sent:
        """The chat's answer to ``entry``: at once if it was handled here, else once the
        inbox handled it (up to ``wait`` seconds)."""
        deadline = time.monotonic() + self.wait
        while True:
            async with self.db.reading() as session:
                boards = BoardStore(session)
                handled = said is not None or await boards.handled(entry)
                if handled:
                    claimed, kept = await boards.outcome(entry)
                    answer = kept or (said[0] if said else None)
                    if claimed:
                        return Sent("taken", answer or texts.hand_sent())
                    return Sent("refused", answer or texts.hand_not_recorded())
            if time.monotonic() >= deadline:
                return Sent("sent", texts.hand_sent())
            await asyncio.sleep(LOOK_EVERY)


async def _form_of(work: UnitOfWork, board: Board, front: Front) -> Form:
    """The form of the game ``board`` was asked for, while it runs."""
    if not board.of(front) or not any(stored.running for stored in front):
        raise UserError(texts.form_game_over())
    game = games.GAMES.get(front[-1].kind)
    if game is None or game.form is None:
        raise UserError(texts.no_form())
    return await game.form(work, front)


def _update(entry: Entry, sender: InitData) -> dict[str, Any]:
    """The update an entry is handled as: its sender's message in its chat."""
    command = entry.text.split(maxsplit=1)[0]
    chat_type = "supergroup" if str(entry.chat_id).startswith("-100") else "group"
    if entry.chat_id > 0:
        chat_type = "private"
    return {
        "update_id": entry_update_id(entry.id),
        "message": {
            "message_id": entry_message_id(entry.id),
            "date": int(time.time()),
            "chat": {"id": entry.chat_id, "type": chat_type},
            "from": {"id": entry.user_id, "is_bot": False, "first_name": sender.user_name or "?"},
            "text": entry.text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(command)}],
        },
    }


def handled_here(process: Callable[[Update], Awaitable[object]], bot: Bot) -> Deliver:
    """Deliver an entry's update by handling it at once, in this task (the console, tests:
    a bot without the inbox); an entry kept before was handled then."""

    async def deliver(chat_id: int, update: dict[str, Any], again: bool) -> list[str] | None:
        if again:
            return []
        said: list[str] = []
        listening = ENTRY_SAID.set(said)
        try:
            parsed = Update.de_json(update, bot)
            assert parsed is not None
            await process(parsed)
        finally:
            ENTRY_SAID.reset(listening)
        return said

    return deliver
