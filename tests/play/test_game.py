"""Starting, joining, leaving, ending and reopening a game, with no Telegram."""

from __future__ import annotations

import pytest

from play.errors import GameRunning, NoRunningGame
from play.tamalo import game as play
from play.tamalo import hands
from play.tamalo.game import EndAsked, GameClosed
from scoring.tamalo import AlreadySeated, Mode, Rules
from storage import GameState
from tests.play.conftest import CHAT, Acting, hand

TRIO = ("Anna", "Bruno", "Carlo")


async def test_one_game_at_a_time(acting: Acting) -> None:
    async with acting() as work:
        started = await play.start_game(work, CHAT, TRIO, Rules(target=20), started_by=7)
    assert started.record.running
    assert started.record.game.players == TRIO
    with pytest.raises(GameRunning) as refused:
        async with acting() as work:
            await play.start_game(work, CHAT, ("Dario", "Elena"), Rules())
    assert refused.value.players == TRIO
    async with acting() as work:
        assert [r.id for r in await play.running_games(work, CHAT)] == [started.record.id]


async def test_no_running_game_is_refused(acting: Acting) -> None:
    async with acting() as work:
        with pytest.raises(NoRunningGame):
            await play.running_games(work, CHAT)
        with pytest.raises(NoRunningGame):
            await play.joinable_game(work, CHAT)


async def test_a_late_joiner_sits_down_and_a_player_leaves(acting: Acting) -> None:
    async with acting() as work:
        record = (await play.start_game(work, CHAT, TRIO, Rules(target=50))).record
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=12, Carlo=7), message_id=1, user_id=None
        )
    async with acting() as work:
        record = await play.joinable_game(work, CHAT)
        joined = await play.join(work, record, "Dario")
    assert joined.record.game.players == (*TRIO, "Dario")
    assert joined.record.game.totals()["Dario"] == 12  # level with the last
    async with acting() as work:
        with pytest.raises(AlreadySeated):
            await play.join(work, await play.joinable_game(work, CHAT), "Anna")
    async with acting() as work:
        record = (await play.running_games(work, CHAT))[0]
        left = await play.leave(work, record, "Bruno")
    assert left.name == "Bruno"
    assert left.game.next_players == ("Anna", "Carlo", "Dario")
    async with acting() as work:
        stored = (await play.running_games(work, CHAT))[0]
    assert stored.game.next_players == ("Anna", "Carlo", "Dario")


async def test_end_asks_first_once_hands_are_played_then_reopen(acting: Acting) -> None:
    async with acting() as work:
        record = (await play.start_game(work, CHAT, TRIO, Rules(target=50))).record
        closed = await play.end_game(work, record)
    assert isinstance(closed, GameClosed)
    assert closed.closed.state is GameState.FINISHED
    async with acting() as work:
        assert await play.reopen(work, CHAT) == record.game
        with pytest.raises(play.AlreadyRunning):
            await play.reopen(work, CHAT)
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=12, Carlo=7), message_id=1, user_id=None
        )
    async with acting() as work:
        record = (await play.running_games(work, CHAT))[0]
        assert isinstance(await play.end_game(work, record), EndAsked)
        assert await play.end_asked(work, CHAT, record.id) == record
        assert await play.end_asked(work, CHAT + 1, record.id) is None  # another chat's button
        closed = await play.close(work, record)
    assert closed.progress is None
    assert closed.record.game.winners() == ("Anna",)
    async with acting() as work:
        assert await play.end_asked(work, CHAT, record.id) is None
        with pytest.raises(play.NewerGameStarted):
            await play.reopen(work, CHAT, record.id + 1)
        assert (await play.reopen(work, CHAT, record.id)).hands == record.game.hands


async def test_a_game_over_by_its_totals_is_not_reopened(acting: Acting) -> None:
    async with acting() as work:
        with pytest.raises(play.NothingToReopen):
            await play.reopen(work, CHAT)
        record = (await play.start_game(work, CHAT, TRIO, Rules(target=20))).record
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=25, Carlo=7), message_id=1, user_id=None
        )
    async with acting() as work:
        with pytest.raises(play.ReopenReachedTarget):
            await play.reopen(work, CHAT)


async def test_a_rematch_seats_who_stayed_and_passes_the_deal_on(acting: Acting) -> None:
    async with acting() as work:
        with pytest.raises(play.NoGameToRematch):
            await play.rematch(work, CHAT, started_by=None)
        record = (await play.start_game(work, CHAT, (*TRIO, "Dario"), Rules(target=20))).record
        await hands.record_hand(
            work, record, hand(Anna=3, Bruno=2, Carlo=7, Dario=1), message_id=1, user_id=None
        )
    async with acting() as work:
        record = (await play.running_games(work, CHAT))[0]
        await play.leave(work, record, "Bruno")
    async with acting() as work:
        record = (await play.running_games(work, CHAT))[0]
        await play.close(work, record)
        rematch = await play.rematch(work, CHAT, started_by=None)
    assert rematch.record.game.players == ("Anna", "Carlo", "Dario")
    assert rematch.record.game.first_dealer == 1  # Bruno, next after Anna, has left: Carlo
    assert rematch.record.game.rules == Rules(target=20)


async def test_the_lower_target_only_before_the_first_hand(acting: Acting) -> None:
    contro = Rules(mode=Mode.CONTRO, target=100)
    async with acting() as work:
        classic = (await play.start_game(work, CHAT, TRIO, Rules())).record
        assert await play.lower_target(work, CHAT, classic.id, 30) is None
        await play.close(work, classic)
        record = (await play.start_game(work, CHAT, TRIO, contro)).record
        assert await play.lower_target(work, CHAT + 1, record.id, 30) is None
        lowered = await play.lower_target(work, CHAT, record.id, 30)
    assert lowered is not None
    assert lowered.game.rules.target == 30
    async with acting() as work:
        stored = (await play.running_games(work, CHAT))[0]
        assert stored.game.rules.target == 30
        assert await play.lower_target(work, CHAT, record.id, 20) is not None
        await hands.record_hand(
            work, stored, hand(Anna=3, Bruno=12, Carlo=7), message_id=1, user_id=None
        )
    async with acting() as work:
        assert await play.lower_target(work, CHAT, record.id, 10) is None
