"""A night of Tagò kept in the database: what is stored is what the night replays to, the
engine runs once per event, and the jackpot passes from one night to the next."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from play.errors import GameRunning
from play.tago import night as play
from scoring.tago import Curioso, Entry, Hand, Night, OverChips, Rebuy, Stakes, Table
from tests.play.conftest import CHAT, Acting

TABLE = Table(Stakes.LIGHT, 500, 30000, 500, 0)
NOW = datetime(2026, 11, 26, 23, 0, tzinfo=UTC)


def side_pot() -> Hand:
    """RULES-tago.md, "Pots and side pots" (cards in halves)."""
    return Hand(
        (
            Entry("Anna", 20000, (8, 8, 4)),
            Entry("Bruno", 15000, (6, 2, 1)),
            Entry("Carlo", 20000, (10, 12, 1)),
            Entry("Dario", 4000, folded=True),
        ),
        punto=(8, 1, 0),
    )


async def opened(acting: Acting) -> play.NightRecord:
    async with acting() as work:
        return await play.open_night(
            work, CHAT, TABLE, {"Anna": None, "Bruno": None, "Carlo": None, "Dario": None}
        )


async def test_each_event_is_a_hands_row_with_its_detail(acting: Acting) -> None:
    record = await opened(acting)
    async with acting() as work:
        record = await play.record_event(
            work, record, [side_pot(), Curioso("Dario")], message_id=7, user_id=None
        )
        await play.record_event(work, record, [Rebuy("Carlo", 10000)], message_id=8, user_id=None)
    async with acting() as work:
        options = await work.session.scalar(text("SELECT options FROM games"))
        rows = (await work.session.execute(text("SELECT number, detail FROM hands"))).all()
    assert json.loads(options) == {
        "stakes": "light",
        "min_bet": 500,
        "stack": 30000,
        "ante": 500,
        "jackpot_percent": 0,
        "buy_ins": [30000, 30000, 30000, 30000],
        "jackpot_in": 0,
    }
    assert [(n, json.loads(d)["type"]) for n, d in rows] == [
        (1, "hand"),
        (2, "curioso"),
        (3, "rebuy"),
    ]


async def test_the_night_replayed_from_storage_is_the_night_played(acting: Acting) -> None:
    record = await opened(acting)
    async with acting() as work:
        played = await play.record_event(
            work, record, [side_pot(), Rebuy("Carlo", 10000)], message_id=1, user_id=None
        )
    play._NIGHTS.clear()  # another process: replayed
    async with acting() as work:
        replayed = await play.running_night(work, await work.games.front(CHAT))
    assert replayed.night.totals() == played.night.totals()
    assert replayed.night.totals() == {
        "Anna": 20000,
        "Bruno": 64000,
        "Carlo": 20000,
        "Dario": 26000,
    }
    assert replayed.night.ledger.bought_in["Carlo"] == 40000


async def test_a_refused_event_stores_nothing(acting: Acting) -> None:
    record = await opened(acting)
    too_much = Hand((Entry("Anna", 40000, folded=True), Entry("Bruno", 500, (2, 2, 2))))
    with pytest.raises(OverChips):
        async with acting() as work:
            await play.record_event(work, record, [too_much], message_id=1, user_id=None)
    async with acting() as work:
        assert (await play.running_night(work, await work.games.front(CHAT))).events == ()


async def test_undo_and_fix_work_on_the_stored_events(acting: Acting) -> None:
    record = await opened(acting)
    async with acting() as work:
        record = await play.record_event(
            work, record, [side_pot(), Rebuy("Anna", 5000)], message_id=1, user_id=None
        )
        record, undone = await play.undo_last(work, record)
    assert undone == Rebuy("Anna", 5000)
    fixed = Hand(tuple(e if e.player != "Dario" else Entry("Dario", 500, folded=True)
                       for e in side_pot().entries), punto=(8, 1, 0))  # fmt: skip
    async with acting() as work:
        record = await play.fix_hand(work, record, 1, fixed)
    play._NIGHTS.clear()
    async with acting() as work:
        again = await play.running_night(work, await work.games.front(CHAT))
    assert again.night.totals() == {"Anna": 20000, "Bruno": 60500, "Carlo": 10000, "Dario": 29500}


async def test_the_jackpot_carries_over_to_the_next_night(acting: Acting) -> None:
    record = await opened(acting)
    async with acting() as work:
        record = await play.record_event(
            work, record, [side_pot(), Curioso("Dario")], message_id=1, user_id=None
        )
        with pytest.raises(GameRunning):
            await play.open_night(work, CHAT, TABLE, {"Anna": None, "Bruno": None})
    async with acting() as work:
        closed = await play.close_night(work, record, NOW)
        assert await play.chat_jackpot(work, CHAT) == (500, None)
    assert closed.night.is_over()
    async with acting() as work:
        second = await play.open_night(work, CHAT, TABLE, {"Anna": None, "Bruno": None})
    assert second.night.jackpot == 500
    assert isinstance(second.night, Night)


async def test_the_next_command_finds_the_night_the_last_one_left(
    acting: Acting, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await opened(acting)
    async with acting() as work:
        await play.record_event(work, record, [side_pot()], message_id=1, user_id=None)

    def replayed(*args: object) -> Night:
        raise AssertionError("the night was replayed")

    monkeypatch.setattr(play, "replayed", replayed)
    async with acting() as work:
        found = await play.running_night(work, await work.games.front(CHAT))
    assert found.night.totals()["Bruno"] == 64000
