"""Turns at the database: as many at once as there are slots, in the order asked, the
webhook's intake (``first``) ahead of the chats waiting, and a slot never lost to a
cancelled waiter."""

from __future__ import annotations

import asyncio

from storage.slots import Slots


async def _holding(slots: Slots, name: str, order: list[str], release: asyncio.Event,
                   *, first: bool = False) -> None:  # fmt: skip
    give_back = await slots.take(first=first)
    order.append(name)
    await release.wait()
    give_back()


async def test_turns_come_in_the_order_asked_with_the_first_ones_ahead() -> None:
    slots = Slots(1, "turn")
    order: list[str] = []
    release = asyncio.Event()
    holder = asyncio.create_task(_holding(slots, "holder", order, release))
    await asyncio.sleep(0)
    waiting = [
        asyncio.create_task(_holding(slots, name, order, release, first=name == "intake"))
        for name in ("chat 1", "chat 2", "intake", "chat 3")
    ]
    await asyncio.sleep(0)
    assert order == ["holder"]
    release.set()
    await asyncio.gather(holder, *waiting)
    assert order == ["holder", "intake", "chat 1", "chat 2", "chat 3"]
    assert slots.taken == 0


async def test_two_slots_are_held_at_once_and_a_third_waits() -> None:
    slots = Slots(2, "turn")
    order: list[str] = []
    release = asyncio.Event()
    tasks = [asyncio.create_task(_holding(slots, n, order, release)) for n in "abc"]
    await asyncio.sleep(0)
    assert order == ["a", "b"]
    assert slots.taken == 2
    release.set()
    await asyncio.gather(*tasks)
    assert order == ["a", "b", "c"]
    assert slots.taken == 0


async def test_a_cancelled_waiter_loses_no_slot() -> None:
    slots = Slots(1, "turn")
    held = await slots.take()
    cancelled = asyncio.create_task(slots.take())
    later = asyncio.create_task(slots.take())
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.sleep(0)
    held()
    give_back = await asyncio.wait_for(later, 1)
    give_back()
    assert slots.taken == 0
    again = await asyncio.wait_for(slots.take(), 1)
    again()


async def test_a_waiter_cancelled_as_a_slot_is_given_back_is_cancelled_and_loses_no_slot() -> None:
    # At shutdown the updates still waiting for their turn are cancelled while others give
    # theirs back: the cancellation must come out as one (an update cancelled is handled again
    # at the next start), never as another error (the update is then handled as failed: its
    # hand lost, its chat told that something went wrong).
    slots = Slots(1, "turn")
    held = await slots.take()
    cancelled = asyncio.create_task(slots.take())
    later = asyncio.create_task(slots.take())
    await asyncio.sleep(0)
    cancelled.cancel()
    held()  # before the cancelled waiter has run again
    await asyncio.wait({cancelled})
    assert cancelled.cancelled()
    give_back = await asyncio.wait_for(later, 1)
    give_back()
    assert slots.taken == 0
    again = await asyncio.wait_for(slots.take(), 1)
    again()
