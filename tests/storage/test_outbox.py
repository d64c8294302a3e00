"""The outbox: each chat's messages in order, a message marked sent never sent again, its time
kept for the chat's pace until it is forgotten; whether it answers a change goes with it."""

from datetime import timedelta

from storage import Database, models
from storage.outbox import OutboxStore, Outgoing, queue

LEASE = timedelta(seconds=10)
GROUP, OTHER = -1, -2


async def test_a_message_marked_sent_is_not_sent_again_and_paces_the_chat_until_forgotten(
    db: Database,
) -> None:
    store = OutboxStore(db)
    async with db.transaction() as session:
        await queue(session, [Outgoing(GROUP, "sendMessage", {"text": "a"})])
        await queue(session, [Outgoing(GROUP, "sendMessage", {"text": "b"}, answers_change=True)])
        await queue(session, [Outgoing(OTHER, "sendMessage", {"text": "c"})])
    assert sorted(await store.leases.take("me", 10, LEASE)) == [OTHER, GROUP]

    first = await store.next(GROUP, "me")
    assert first is not None
    assert (first.parameters, first.answers_change) == ({"text": "a"}, False)
    assert await store.next(GROUP, "me") == first  # not sent yet: the same again
    an_hour_ago = models.utcnow() - timedelta(hours=1)
    await store.sent(first.id, an_hour_ago)
    second = await store.next(GROUP, "me")
    assert second is not None
    assert (second.parameters, second.answers_change) == ({"text": "b"}, True)
    now = models.utcnow()
    await store.sent(second.id, now)
    assert await store.next(GROUP, "me") is None  # nothing left: let go
    assert not await store.unsent(GROUP)
    assert await store.unsent(OTHER)

    assert await store.sends_since(GROUP, an_hour_ago) == [an_hour_ago, now]
    assert await store.sends_since(GROUP, now - timedelta(minutes=1)) == [now]
    await store.forget_sent(now - timedelta(minutes=2))
    assert await store.sends_since(GROUP, an_hour_ago) == [now]
    assert await store.unsent(OTHER)  # a message not sent is never forgotten
