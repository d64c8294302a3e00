"""The journal of updates received: kept until handled, replayed if not, never twice."""

from datetime import timedelta

from sqlalchemy import update

from storage import Database, UpdateJournal, models
from storage.journal import KEPT_AFTER_HANDLED


def typed(update_id: int) -> dict[str, object]:
    return {"update_id": update_id, "message": {"message_id": update_id, "text": "/mano"}}


async def test_updates_are_kept_until_handled_and_a_delivery_again_is_dropped(
    db: Database,
) -> None:
    await db.upgrade()
    journal = UpdateJournal(db)

    assert await journal.keep([typed(1), typed(2)]) == [typed(1), typed(2)]
    await journal.handled(1)
    # Telegram delivers 1 and 2 again (its confirmation was lost), and 3 for the first time.
    assert await journal.keep([typed(1), typed(2), typed(3)]) == [typed(3)]
    assert await journal.pending() == [typed(2), typed(3)]

    await journal.handled(2)
    async with db.transaction() as session:  # 1 was handled long ago
        long_ago = models.utcnow() - KEPT_AFTER_HANDLED - timedelta(minutes=1)
        await session.execute(
            update(models.ReceivedUpdate)
            .where(models.ReceivedUpdate.update_id == 1)
            .values(handled_at=long_ago)
        )
    await journal.let_go()

    assert await journal.pending() == [typed(3)]
    assert await journal.keep([typed(1)]) == [typed(1)]  # forgotten: taken as new
    await db.close()
