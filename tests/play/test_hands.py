"""Recording, fixing and undoing hands, with no Telegram: what is stored, and what the
outcome says happened."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from play.tamalo import game as play
from play.tamalo import hands, records
from play.tamalo.hands import HandRecorded, HandUndone, JoinUndone, SameHandAnswer, SameHandAsked
from play.tamalo.records import GameRecord
from scoring.tamalo import Rules
from storage import GameState
from tests.play.conftest import CHAT, Acting, hand

TRIO = ("Anna", "Bruno", "Carlo")


async def _start(acting: Acting, target: int = 20) -> GameRecord:
    async with acting() as work:
        return (await play.start_game(work, CHAT, TRIO, Rules(target=target))).record


async def _running(acting: Acting) -> GameRecord:
    async with acting() as work:
        return (await play.running_games(work, CHAT))[0]


async def test_the_hand_that_reaches_the_target_ends_the_game(acting: Acting) -> None:
    record = await _start(acting)
    async with acting() as work:
        first = await hands.record_hand(
            work, record, hand(Anna=3, Bruno=12, Carlo=7), message_id=10, user_id=5
        )
    assert not first.ended
    assert first.game.totals() == {"Anna": 0, "Bruno": 12, "Carlo": 7}  # the lowest scores 0
    record = await _running(acting)
    async with acting() as work:
        last = await hands.record_hand(
            work, record, hand(Anna=2, Bruno=9, Carlo=1), message_id=11, user_id=5
        )
    assert last.ended
    assert last.game.winners() == ("Anna",)
    assert last.progress is None  # no tournament to move on
    async with acting() as work:
        latest = await records.latest(work, CHAT)
    assert latest is not None
    assert latest.state is GameState.FINISHED
    assert latest.game.totals() == {"Anna": 0, "Bruno": 21, "Carlo": 7}


async def test_the_same_hand_again_at_once_is_asked_about(acting: Acting) -> None:
    record = await _start(acting, target=100)
    same = hand(Anna=3, Bruno=12, Carlo=7)
    async with acting() as work:
        await hands.record_hand(work, record, same, message_id=10, user_id=5)
    record = await _running(acting)
    async with acting() as work:
        asked = await hands.record_typed_hand(
            work, record, same, "Anna 3 Bruno 12 Carlo 7", message_id=11, user_id=5
        )
    assert isinstance(asked, SameHandAsked)
    assert (asked.number, asked.previous) == (2, same)
    async with acting() as work:
        other = await hands.record_typed_hand(
            work, record, hand(Anna=1, Bruno=1, Carlo=1), "1 1 1", message_id=12, user_id=5
        )
    assert isinstance(other, HandRecorded)  # a different hand is recorded at once
    async with acting() as work:
        answer = await hands.answer_same_hand(work, CHAT, asked.pending_id, yes=True)
    assert answer is SameHandAnswer.STALE  # hand 2 was recorded meanwhile
    async with acting() as work:
        again = await hands.answer_same_hand(work, CHAT, asked.pending_id, yes=True)
    assert again is SameHandAnswer.ANSWERED


async def test_a_confirmed_repeat_is_recorded(acting: Acting) -> None:
    record = await _start(acting, target=100)
    same = hand(Anna=3, Bruno=12, Carlo=7)
    async with acting() as work:
        await hands.record_hand(work, record, same, message_id=10, user_id=5)
    record = await _running(acting)
    async with acting() as work:
        asked = await hands.record_typed_hand(
            work, record, same, "3 12 7", message_id=11, user_id=5
        )
    assert isinstance(asked, SameHandAsked)
    async with acting() as work:
        answer = await hands.answer_same_hand(work, CHAT, asked.pending_id, yes=True)
        assert isinstance(answer, hands.SameHandConfirmed)
        assert (answer.message_id, answer.text) == (11, "3 12 7")
        recorded = await hands.record_hand(
            work, answer.record, same, message_id=answer.message_id, user_id=6
        )
    assert recorded.game.totals() == {"Anna": 0, "Bruno": 24, "Carlo": 14}


async def test_fixing_the_last_hand_reopens_the_game_it_ended(acting: Acting) -> None:
    record = await _start(acting)
    async with acting() as work:
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=25, Carlo=7), message_id=10, user_id=None
        )
        [finished] = await hands.correctable(work, CHAT)
    assert finished.state is GameState.FINISHED
    async with acting() as work:
        fixed = await hands.fix_hand(work, finished, 1, hand(Anna=3, Bruno=15, Carlo=7))
    assert fixed.reopened
    assert not fixed.ended
    assert (await _running(acting)).game.totals() == {"Anna": 0, "Bruno": 15, "Carlo": 7}


async def test_an_edited_hand_is_found_once_per_edit(acting: Acting) -> None:
    record = await _start(acting, target=100)
    async with acting() as work:
        await work.claim(CHAT, 10)
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=12, Carlo=7), message_id=10, user_id=None
        )
    async with acting() as work:
        found = await hands.edited_hand(work, CHAT, 10, update_id=500)
        assert await hands.edited_hand(work, CHAT, 99, update_id=501) is None  # recorded nothing
    assert found is not None
    assert (found[0].id, found[1]) == (record.id, 1)
    async with acting() as work:
        with pytest.raises(hands.MessageHandled):
            await hands.edited_hand(work, CHAT, 10, update_id=500)


async def test_undo_takes_back_the_join_then_the_hand(acting: Acting) -> None:
    record = await _start(acting, target=100)
    now = datetime.now(UTC)
    async with acting() as work:
        with pytest.raises(hands.NoHandToUndo):
            await hands.undo(work, CHAT, message_id=1, sent_at=now, user_id=5)
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=12, Carlo=7), message_id=2, user_id=5
        )
    async with acting() as work:
        await play.join(work, await play.joinable_game(work, CHAT), "Dario")
    async with acting() as work:
        undone = await hands.undo(work, CHAT, message_id=3, sent_at=now, user_id=5)
    assert isinstance(undone, JoinUndone)
    assert undone.name == "Dario"
    assert undone.record.game.players == TRIO
    async with acting() as work:
        await hands.undo_answered(work, CHAT, undone, reply_id=4)
        undone = await hands.undo(work, CHAT, message_id=5, sent_at=now, user_id=5)
    assert isinstance(undone, HandUndone)
    assert (undone.number, undone.removed, undone.game.hands) == (
        1,
        hand(Anna=3, Bruno=12, Carlo=7),
        (),
    )
    async with acting() as work:
        # Someone else's undo, sent before the reply to this one was seen: the same hand.
        with pytest.raises(hands.UndoneJustNow) as refused:
            await hands.undo(work, CHAT, message_id=6, sent_at=now, user_id=8)
    assert (refused.value.number, refused.value.hands) == (1, 0)


async def test_undoing_the_hand_that_ended_a_game_reopens_it(acting: Acting) -> None:
    record = await _start(acting)
    async with acting() as work:
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=25, Carlo=7), message_id=2, user_id=5
        )
    async with acting() as work:
        undone = await hands.undo(
            work, CHAT, message_id=3, sent_at=datetime.now(UTC) - timedelta(hours=1), user_id=5
        )
    assert isinstance(undone, HandUndone)
    assert undone.reopened
    assert (await _running(acting)).id == record.id


async def test_a_game_closed_before_its_end_keeps_its_hands(acting: Acting) -> None:
    record = await _start(acting, target=100)
    async with acting() as work:
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=12, Carlo=7), message_id=2, user_id=5
        )
    async with acting() as work:
        await play.close(work, (await play.running_games(work, CHAT))[0])
        with pytest.raises(hands.FixClosedGame):
            await hands.correctable(work, CHAT)
        with pytest.raises(hands.UndoClosedGame):
            await hands.undo(work, CHAT, message_id=3, sent_at=datetime.now(UTC), user_id=5)
