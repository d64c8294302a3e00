"""An update whose handling was cancelled (the bot stopping) is never marked handled, whatever
a library turned the cancellation into: the next start handles it, once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import select

from bot.games.tamalo import texts as tamalo_texts
from storage import GameStore, models
from tests.bot.conftest import Table
from tests.reliability.test_inbox import WAIT, inbox_of, keep, played, sent_after


async def unhandled(table: Table) -> list[int]:
    """The updates kept in the inbox and not yet handled."""
    async with table.app.bot_data.db.transaction() as session:
        rows = await session.scalars(
            select(models.ReceivedUpdate.update_id).where(
                models.ReceivedUpdate.handled_at.is_(None)
            )
        )
        return list(rows)


async def test_a_handler_cancelled_mid_way_leaves_its_update_for_the_next_start(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await table.send("/nuova Anna Bruno")
    add_hand = GameStore.add_hand
    entered = asyncio.Event()
    stalls = [True]

    async def stalling_once(self: GameStore, *args: Any, **kwargs: Any) -> str:
        if stalls:
            stalls.pop()
            entered.set()
            try:
                await asyncio.sleep(3600)  # the stop's cancellation arrives here
            except asyncio.CancelledError:
                # A driver that turns the cancellation into an error of its own: the
                # Application hands it to the error handler, and returns as usual.
                raise RuntimeError("connection closed while waiting") from None
        return await add_hand(self, *args, **kwargs)

    monkeypatch.setattr(GameStore, "add_hand", stalling_once)
    hand = table.update("/mano Anna 3 Bruno 12")
    async with inbox_of(table) as inbox:
        await keep(inbox, [hand])
        await asyncio.wait_for(entered.wait(), WAIT)
    # Stopped mid-way (the grace ran out): the hand was rolled back, so the update waits.
    table.errors.clear()  # the driver's error, as the error handler saw it
    assert await unhandled(table) == [hand.update_id]

    sent = len(table.request.sent_texts())
    async with inbox_of(table) as inbox:
        inbox.woken.set()
        assert await sent_after(table, sent, 1) == [
            tamalo_texts.hands.hand_recorded(played((3, 12)))
        ]
        await asyncio.sleep(0.2)  # nothing more is said
    assert len(table.request.sent_texts()) == sent + 1
    assert await unhandled(table) == []
    assert await table.totals() == {"Anna": 0, "Bruno": 12}  # recorded once
