"""A points game kept in the database: what is stored is what the game rebuilds to, it ends
by itself at its target (places kept) but not by a side that left, a round undone or fixed
reopens it (an undo with no round is refused first), sides join and leave, and a chat's names
for its games keep their rules."""

from __future__ import annotations

import pytest

from play.errors import (
    FixClosedGame,
    GameRunning,
    NoHandToUndo,
    ReopenReachedTarget,
    UndoClosedGame,
)
from play.punti import actions as play
from play.punti.game import Record, record_of
from play.punti.named import NameOfAGame, NameTaken, check_name, named_games, rules_of
from scoring.punti import MissingSides, PlayerTwice, Rules
from storage import GameState
from tests.play.conftest import CHAT, Acting

PAIRS = [["Anna", "Carla"], ["Bruno", "Dario"]]


async def reloaded(acting: Acting, record: Record) -> Record:
    async with acting() as work:
        stored = await work.games.get(record.stored.id)
        assert stored is not None
        return record_of(stored)


async def test_a_game_in_pairs_is_stored_and_ends_at_its_target(acting: Acting) -> None:
    async with acting() as work:
        record = await play.start(work, CHAT, PAIRS, Rules(target=11), "Scopa")
    async with acting() as work:
        record = await play.record_round(work, record, {"Anna+Carla": 6, "Bruno+Dario": 5}, 1, 9)
        record = await play.record_round(work, record, {"Anna+Carla": 4, "Bruno+Dario": 5}, 2, 9)
    again = await reloaded(acting, record)
    assert again.match == record.match
    assert again.match.side_totals() == {"Anna+Carla": 10, "Bruno+Dario": 10}
    assert again.running
    async with acting() as work:
        over = await play.record_round(work, again, {"Anna+Carla": 1, "Bruno+Dario": 0}, 3, 9)
        assert not over.running
        board = await work.results.leaderboard(CHAT, "punti")
    assert sorted((line.player, line.wins) for line in board) == [
        ("Anna", 1), ("Bruno", 0), ("Carla", 1), ("Dario", 0),
    ]  # fmt: skip
    # Ended by its rules: /riapri refuses, /annulla takes the last round back and reopens.
    async with acting() as work:
        with pytest.raises(ReopenReachedTarget):
            await play.reopen(work, over)
        back = await play.undo(work, over)
    assert back.running
    assert back.match.side_totals() == {"Anna+Carla": 10, "Bruno+Dario": 10}
    async with acting() as work:
        assert await work.results.leaderboard(CHAT, "punti") == []


async def test_a_round_fixed_ends_or_reopens_the_game(acting: Acting) -> None:
    async with acting() as work:
        record = await play.start(work, CHAT, [["Anna"], ["Bruno"]], Rules(target=11))
        with pytest.raises(NoHandToUndo):  # before the engine is asked
            await play.undo(work, record)
        record = await play.record_round(work, record, {"Anna": 6, "Bruno": 5}, 1, None)
        over = await play.fix_round(work, record, 1, {"Anna": 11, "Bruno": 5})
        assert not over.running
        back = await play.fix_round(work, over, 1, {"Anna": 10, "Bruno": 5})
        assert back.running
        with pytest.raises(MissingSides):
            await play.record_round(work, back, {"Anna": 1}, 2, None)
        closed = await play.close(work, back)
        assert closed.closed_by_hand
        with pytest.raises(FixClosedGame):
            await play.fix_round(work, closed, 1, {"Anna": 1, "Bruno": 1})
        with pytest.raises(UndoClosedGame):
            await play.undo(work, closed)
        assert (await play.reopen(work, closed)).running


async def test_sides_join_and_leave(acting: Acting) -> None:
    async with acting() as work:
        record = await play.start(work, CHAT, [["Anna"], ["Bruno"]], Rules())
        record = await play.record_round(work, record, {"Anna": 6, "Bruno": 5}, 1, None)
        record = await play.join(work, record, ["Carlo", "Elena"])
        with pytest.raises(PlayerTwice):
            await play.join(work, record, ["anna"])
        record = await play.record_round(
            work, record, {"Anna": 1, "Bruno": 1, "Carlo+Elena": 20}, 2, None
        )
        record = await play.join(work, record, ["Dario"])
        record = await play.leave(work, record, record.match.sides[3])  # no round: no trace
        record = await play.leave(work, record, record.match.sides[0])
    again = await reloaded(acting, record)
    assert [side.name for side in again.match.sides] == ["Anna", "Bruno", "Carlo+Elena"]
    assert again.match.side_totals() == {"Anna": 7, "Bruno": 6, "Carlo+Elena": 20}
    assert [s.name for s in again.match.playing(3)] == ["Bruno", "Carlo+Elena"]


async def test_a_name_keeps_its_rules_and_a_game_runs_alone(acting: Acting) -> None:
    scopa = Rules(target=11)
    async with acting() as work:
        await check_name(work, CHAT, "Scopa", scopa, taken={"tago"})
        record = await play.start(work, CHAT, PAIRS, scopa, "Scopa")
        with pytest.raises(GameRunning):
            await play.start(work, CHAT, PAIRS, scopa, "Scopa")
        await play.close(work, record)
        await check_name(work, CHAT, "SCOPA", scopa, taken={"tago"})  # the same rules: fine
        with pytest.raises(NameTaken):
            await check_name(work, CHAT, "scopa", Rules(target=21), taken={"tago"})
        with pytest.raises(NameOfAGame):
            await check_name(work, CHAT, "Tago", scopa, taken={"tago"})
        again = await play.rematch(work, record, started_by=None)
        named = await named_games(work, CHAT)
    assert again.name == "Scopa"
    assert list(named) == ["scopa"]
    assert named["scopa"].name == "Scopa"
    assert named["scopa"].played == 2
    assert rules_of(named["scopa"]) == scopa
    assert again.stored.state is GameState.RUNNING


async def test_a_side_that_left_and_is_corrected_past_the_target_ends_nothing(
    acting: Acting,
) -> None:
    async with acting() as work:
        record = await play.start(work, CHAT, [["Anna"], ["Bruno"], ["Carlo"]], Rules(target=11))
        record = await play.record_round(work, record, {"Anna": 5, "Bruno": 3, "Carlo": 9}, 1, None)
        record = await play.leave(work, record, record.match.sides[2])
        fixed = await play.fix_round(work, record, 1, {"Anna": 5, "Bruno": 3, "Carlo": 12})
    again = await reloaded(acting, fixed)
    assert again.running  # Carlo cannot win: his 12 does not end the game
    assert again.match.side_totals() == {"Anna": 5, "Bruno": 3, "Carlo": 12}
    async with acting() as work:
        over = await play.record_round(work, again, {"Anna": 6, "Bruno": 0}, 2, None)
        assert not over.running
        board = await work.results.leaderboard(CHAT, "punti")
    assert sorted((line.player, line.wins) for line in board) == [
        ("Anna", 1), ("Bruno", 0), ("Carlo", 0),
    ]  # fmt: skip
