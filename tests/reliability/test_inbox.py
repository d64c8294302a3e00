"""The inbox in one process, driving the real Application: a chat's updates are handled in
update_id order whatever order they arrived in, an update handled again gets the answer it got
the first time, and an update the database failed is tried again instead of being lost."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from telegram import Update

from bot import inbox as inbox_module
from bot.delivery import chat_of
from bot.games.tamalo import texts as tamalo_texts
from bot.inbox import Inbox
from scoring.tamalo import Game, Hand, Report
from storage import GameStore, UpdateJournal
from tests.bot.conftest import Table

#: Seconds an update gets to be answered.
WAIT = 10.0


def played(*hands: tuple[int, int]) -> Game:
    game = Game(("Anna", "Bruno"))
    for anna, bruno in hands:
        game = game.with_hand(Hand((Report("Anna", anna), Report("Bruno", bruno))))
    return game


@asynccontextmanager
async def inbox_of(table: Table) -> AsyncIterator[Inbox]:
    """The table's bot taking its updates from the inbox, as ``python -m bot`` does."""
    inbox = Inbox(table.app, UpdateJournal(table.app.bot_data.db))
    running = asyncio.create_task(inbox.run())
    try:
        yield inbox
    finally:
        await inbox.stop(running)


async def keep(inbox: Inbox, updates: Sequence[Update]) -> None:
    """Telegram delivers the updates, in this order."""
    data: list[dict[str, Any]] = [u.to_dict() for u in updates]
    await inbox.journal.keep([(chat_of(d), d) for d in data])
    inbox.woken.set()


async def sent_after(table: Table, before: int, count: int) -> list[str]:
    """The first ``count`` texts the bot sends after the ``before``-th."""
    deadline = time.monotonic() + WAIT
    while len(table.request.sent_texts()) < before + count:
        assert time.monotonic() < deadline, table.request.sent_texts()[before:]
        await asyncio.sleep(0.02)
    return table.request.sent_texts()[before:]


async def test_a_chats_updates_are_handled_in_update_order_whatever_their_arrival(
    table: Table,
) -> None:
    start, first, second = (
        table.update(t) for t in ("/nuova Anna Bruno", "/mano Anna 3 Bruno 12", "/mano 20 5")
    )
    async with inbox_of(table) as inbox:
        await keep(inbox, [second, start, first])  # kept out of order
        replies = await sent_after(table, 0, 3)

    assert replies[1:] == [
        tamalo_texts.hands.hand_recorded(played((3, 12))),
        tamalo_texts.hands.hand_recorded(played((3, 12), (20, 5))),
    ]


async def test_an_update_handled_again_gets_the_answer_it_got(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    hand = table.update("/mano Anna 3 Bruno 12")
    answer = await table.deliver(hand)
    assert answer == [tamalo_texts.hands.hand_recorded(played((3, 12)))]

    # The process died after answering, before marking the update handled: the next one
    # handles it again from the inbox. Nothing changes, and the chat reads the same answer.
    before = await table.dump()
    sent = len(table.request.sent_texts())
    async with inbox_of(table) as inbox:
        await keep(inbox, [hand])
        assert await sent_after(table, sent, 1) == answer
    assert await table.dump() == before


async def test_an_update_the_database_failed_is_tried_again_not_lost(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.send("/nuova Anna Bruno")
    add_hand = GameStore.add_hand
    failures = [OperationalError("INSERT INTO hands", {}, Exception("database is locked"))]

    async def failing_once(self: GameStore, *args: Any, **kwargs: Any) -> str:
        if failures:
            raise failures.pop()
        return await add_hand(self, *args, **kwargs)

    monkeypatch.setattr(GameStore, "add_hand", failing_once)
    monkeypatch.setattr(inbox_module, "MOST_PAUSE", 0.1)
    sent = len(table.request.sent_texts())
    async with inbox_of(table) as inbox:
        await keep(inbox, [table.update("/mano Anna 3 Bruno 12")])
        replies = await sent_after(table, sent, 1)
        await asyncio.sleep(0.2)  # nothing more is said

    assert not failures  # it did fail once
    assert (
        table.request.sent_texts()[sent:]
        == replies
        == [tamalo_texts.hands.hand_recorded(played((3, 12)))]
    )
    assert await table.totals() == {"Anna": 0, "Bruno": 12}


async def test_the_chats_language_comes_with_its_update_from_the_inbox(table: Table) -> None:
    from sqlalchemy import event

    statements: list[str] = []
    engine = table.app.bot_data.db.engine.sync_engine
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    updates = [table.update(t) for t in ("/nuova Anna", "/lingua en", "/nuova Anna", "/aiuto")]
    async with inbox_of(table) as inbox:
        await keep(inbox, updates)
        replies = await sent_after(table, 0, 4)

    assert replies[0].startswith("Servono almeno due giocatori")
    assert replies[2].startswith("You need at least two players")  # the very next update
    assert replies[3].startswith("🃏 TamaloBot keeps score")
    # No statement of its own: the language is read with the update taken from the inbox.
    assert not [s for s in statements if s.lstrip().startswith("SELECT chats.language")]
