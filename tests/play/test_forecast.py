"""The forecast at the table, with no Telegram: the chat's history is read once a game and
kept until one of its games ends; the setting turns the line off; the same game as it stands
gives the same chances."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest

from play import settings
from play.tamalo import forecast, hands
from play.tamalo import game as play
from play.tamalo.records import GameRecord
from scoring.tamalo import Game, Rules
from scoring.tamalo.forecast.history import ChatHistory
from storage import ChatSettings
from storage.tamalo.history import HistoryStore
from tests.play.conftest import CHAT, Acting, hand

TRIO = ("Anna", "Bruno", "Carlo")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The game left out of each full read of a chat's history."""
    left_out: list[int | None] = []
    read = HistoryStore.chat_history

    async def counted(self: HistoryStore, *args: Any, **options: Any) -> Any:
        left_out.append(options.get("leave_out"))
        return await read(self, *args, **options)

    monkeypatch.setattr(HistoryStore, "chat_history", counted)
    return left_out


async def _play(acting: Acting, target: int = 20, chat_id: int = CHAT) -> GameRecord:
    """A game of three with one hand played, as stored."""
    async with acting() as work:
        record = (await play.start_game(work, chat_id, TRIO, Rules(target=target))).record
        first = hand(Anna=3, Bruno=12, Carlo=7)
        await hands.record_hand(work, record, first, message_id=1, user_id=None)
        return (await play.running_games(work, chat_id))[0]


async def test_the_history_is_read_once_a_game_until_a_game_ends(
    acting: Acting, reads: list[int | None]
) -> None:
    kept = forecast.Histories()
    record = await _play(acting)
    for _ in range(3):
        async with acting() as work:
            outlook = await forecast.outlook(work, kept, record, record.game)
        assert outlook is not None
    assert reads == [record.id]
    async with acting() as work:  # the game ends: its hands now count in the next game's
        ended = await hands.record_hand(
            work, record, hand(Anna=30, Bruno=1, Carlo=2), message_id=2, user_id=None
        )
        assert ended.ended
        # The hand that ends it is answered with the game as it ended: no history to read.
        settled = await forecast.outlook(work, kept, ended.record, ended.game)
    assert reads == [record.id]
    assert settled is not None
    assert settled.chances() == {"Carlo": 1.0, "Bruno": 0.0, "Anna": 0.0}
    second = await _play(acting)
    async with acting() as work:
        outlook = await forecast.outlook(work, kept, second, second.game)
    assert reads == [record.id, second.id]
    assert outlook is not None
    assert outlook.history.hands == 2  # the first game's


async def test_the_cache_keeps_the_latest_used_only(
    acting: Acting, reads: list[int | None]
) -> None:
    kept = forecast.Histories(size=1)
    here, there = await _play(acting), await _play(acting, chat_id=CHAT + 1)
    for record in (here, there, here):
        async with acting() as work:
            await kept.of(work, record)
    assert reads == [here.id, there.id, here.id]


async def test_no_outlook_when_the_chat_turned_it_off(acting: Acting) -> None:
    record = await _play(acting)
    async with acting() as work:
        await settings.change(
            work, CHAT, ChatSettings(), ChatSettings(forecast=False), in_group=False,
            is_admin=_never,
        )  # fmt: skip
        assert await forecast.outlook(work, forecast.Histories(), record, record.game) is None


async def _never() -> bool:
    raise AssertionError("not asked")


async def test_the_same_game_gives_the_same_chances(acting: Acting) -> None:
    record = await _play(acting, target=100)
    async with acting() as work:
        outlook = await forecast.outlook(work, forecast.Histories(), record, record.game)
    assert outlook is not None
    chances = outlook.chances()
    assert chances == outlook.chances()
    assert sum(chances.values()) == pytest.approx(1)
    story = outlook.story()
    assert len(story) == 2
    assert story[-1] == chances  # the chart ends where the line is


def test_futures_are_kept_for_their_game_its_point_and_their_very_history() -> None:
    """A game's futures serve the hands until its next draw point, for the history they were
    drawn from (the same object: an equal one read again is another), and no game that no
    longer stands at that point (a hand before it fixed)."""
    history = ChatHistory.from_hands([hand(Anna=3, Bruno=12, Carlo=7)])
    game = Game(TRIO, Rules()).with_hand(hand(Anna=3, Bruno=12, Carlo=7))
    first = forecast.Outlook(game, history, to_final=False)
    _, futures = first.worked_out()
    assert futures is not None
    kept = forecast.Drawn()
    kept.keep(first, futures)
    assert kept.of(first) is futures
    third = game.with_hand(hand(Anna=5, Bruno=0, Carlo=9)).with_hand(hand(Anna=1, Bruno=1, Carlo=1))
    assert kept.of(forecast.Outlook(third, history, to_final=False)) is futures  # before hand 4
    again = ChatHistory.from_hands([hand(Anna=3, Bruno=12, Carlo=7)])
    assert again == history
    assert kept.of(forecast.Outlook(third, again, to_final=False)) is None
    fifth = third.with_hand(hand(Anna=2, Bruno=2, Carlo=2)).with_hand(
        hand(Anna=4, Bruno=4, Carlo=4)
    )
    assert kept.of(forecast.Outlook(fifth, history, to_final=False)) is None  # after hand 4's
    at_point = forecast.Outlook(fifth.without_last_hand(), history, to_final=False)
    kept.keep(at_point, at_point.ahead())  # drawn after hand 4: hands 5 to 8 play it out
    assert kept.of(forecast.Outlook(fifth, history, to_final=False)) is not None
    fixed = fifth.with_hand_replaced(2, hand(Anna=0, Bruno=9, Carlo=9))
    assert kept.of(forecast.Outlook(fixed, history, to_final=False)) is None
    assert kept.of(first) is None  # one point a game: the latest


async def test_a_game_made_again_with_the_same_id_has_its_history_read_again(
    acting: Acting, reads: list[int | None]
) -> None:
    """SQLite may give a game deleted and made again (a tournament's final undone, then
    reached again) its old id: its start tells them apart."""
    kept = forecast.Histories()
    record = await _play(acting)
    again = replace(record, started_at=record.started_at + timedelta(seconds=1))
    for each in (record, again, again):
        async with acting() as work:
            await kept.of(work, each)
    assert reads == [record.id, record.id]
