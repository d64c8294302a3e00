"""The inbox: updates kept once, handled by chat in update_id order by one holder at a time,
a holder's chats taken over when its lease runs out, answers kept with their claim."""

from datetime import timedelta
from typing import Any

from sqlalchemy import update

from storage import Claims, Database, UpdateJournal, models, upgrade_schema
from storage.journal import KEPT_AFTER_HANDLED, answer_of, keep_answer

LEASE = timedelta(seconds=10)


def typed(update_id: int, chat: int = -1) -> tuple[int, dict[str, Any]]:
    message = {"message_id": update_id, "chat": {"id": chat}, "text": "/mano"}
    return chat, {"update_id": update_id, "message": message}


async def drain(journal: UpdateJournal, chat: int, holder: str = "a") -> list[int]:
    """Handle the chat's updates to the end, as the inbox does: their ids, in order."""
    seen: list[int] = []
    done = None
    while (data := await journal.advance(chat, holder, LEASE, done)) is not None:
        done = data["update_id"]
        seen.append(done)
    return seen


async def test_each_chat_is_handled_in_update_order_and_a_delivery_again_is_dropped(
    db: Database,
) -> None:
    await upgrade_schema(db)
    journal = UpdateJournal(db)

    assert await journal.keep([typed(2), typed(1), typed(3, chat=-2)]) == [
        typed(2)[1], typed(1)[1], typed(3, chat=-2)[1]
    ]  # fmt: skip
    assert sorted(await journal.take("a", 10, LEASE)) == [-2, -1]
    assert await drain(journal, -1) == [1, 2]  # in update order, not arrival order
    # Telegram delivers 1 and 2 again (its confirmation was lost), and 4 for the first time.
    assert await journal.keep([typed(1), typed(2), typed(4)]) == [typed(4)[1]]
    assert await journal.take("a", 10, LEASE) == [-1]  # -2 is still held by "a"
    assert await drain(journal, -1) == [4]
    assert await drain(journal, -2) == [3]
    assert await journal.take("a", 10, LEASE) == []  # nothing waiting
    assert await journal.next_offset() == 5
    await db.close()


async def test_a_chat_is_held_by_one_holder_until_its_lease_runs_out(db: Database) -> None:
    await upgrade_schema(db)
    journal = UpdateJournal(db)
    await journal.keep([typed(1), typed(2)])

    assert await journal.take("a", 10, LEASE) == [-1]
    assert await journal.take("b", 10, LEASE) == []  # "a" holds it
    first = await journal.advance(-1, "a", LEASE, None)
    assert first is not None
    assert first["update_id"] == 1
    # "a" dies with update 1 under way: once its lease has run out, "b" takes the chat over
    # and handles 1 again (its change, if made, is claimed: it gets the kept answer).
    assert await journal.take("b", 10, timedelta(seconds=-1)) == []
    async with db.transaction() as session:
        await session.execute(
            update(models.InboxLease).values(until=models.utcnow() - timedelta(seconds=1))
        )
    assert await journal.take("b", 10, LEASE) == [-1]
    assert await journal.advance(-1, "a", LEASE, 1) is None  # "a" is back: the chat is b's
    assert await drain(journal, -1, "b") == [2]  # 1 was marked handled by "a"
    await db.close()


async def test_freed_chats_are_taken_at_once(db: Database) -> None:
    await upgrade_schema(db)
    journal = UpdateJournal(db)
    await journal.keep([typed(1)])
    assert await journal.take("a", 10, LEASE) == [-1]
    await journal.let_go_of("a")
    assert await journal.take("b", 10, LEASE) == [-1]
    await journal.let_go_of()
    assert await journal.take("c", 10, LEASE) == [-1]
    await db.close()


async def test_updates_handled_long_ago_are_forgotten(db: Database) -> None:
    await upgrade_schema(db)
    journal = UpdateJournal(db)
    await journal.keep([typed(1), typed(2)])
    await journal.take("a", 10, LEASE)
    assert await drain(journal, -1) == [1, 2]
    async with db.transaction() as session:  # 1 was handled long ago
        long_ago = models.utcnow() - KEPT_AFTER_HANDLED - timedelta(minutes=1)
        await session.execute(
            update(models.ReceivedUpdate)
            .where(models.ReceivedUpdate.update_id == 1)
            .values(handled_at=long_ago)
        )
    await journal.let_go()
    assert await journal.keep([typed(1), typed(2)]) == [typed(1)[1]]  # forgotten: taken as new
    await db.close()


async def test_the_answer_is_kept_with_the_claim(db: Database) -> None:
    await upgrade_schema(db)
    async with db.transaction() as session:
        await Claims(session).message(-1, 7)
        assert await answer_of(session, -1, 7) == []
        await keep_answer(session, -1, 7, ["Mano 1"])
        await keep_answer(session, -1, 8, ["never claimed"])  # no claim: nowhere to keep it
    async with db.reading() as session:
        assert await answer_of(session, -1, 7) == ["Mano 1"]
        assert await answer_of(session, -1, 8) == []
    assert await UpdateJournal(db).answers()
    await db.close()
