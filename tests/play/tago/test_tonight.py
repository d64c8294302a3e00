"""A night's Tagò for /serata at its boundaries (found by make mutate, which saw no test of
it below the chat): the chat's nights of Tagò only, a closed one only if a hand was played
in it, and the one still running even before its first hand."""

from __future__ import annotations

from datetime import UTC, datetime

from play.tago import night as play
from play.tago.tonight import nights_between
from play.tamalo import records, results
from scoring.tago import Entry, Hand, Stakes, Table
from scoring.tamalo import Rules
from storage import GameState
from tests.play.conftest import CHAT, Acting

TABLE = Table(Stakes.LIGHT, 500, 30000, 500, 0)
NOW = datetime(2026, 11, 26, 23, 0, tzinfo=UTC)
EVER = (datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC))
SEATS: dict[str, int | None] = {"Anna": None, "Bruno": None}


def folds() -> Hand:
    return Hand((Entry("Anna", 500, folded=True), Entry("Bruno", 500)))


async def test_the_nights_tago_is_its_nights_played_and_the_one_running(acting: Acting) -> None:
    async with acting() as work:
        played = await play.open_night(work, CHAT, TABLE, SEATS)
        played = await play.record_event(work, played, [folds()], message_id=1, user_id=None)
        await play.close_night(work, played, NOW)
        empty = await play.open_night(work, CHAT, TABLE, SEATS)
        await play.close_night(work, empty, NOW)
        tamalo = await records.start(work, CHAT, ("Anna", "Bruno"), Rules())
        await results.set_state(work, tamalo, GameState.FINISHED, NOW)
        running = await play.open_night(work, CHAT, TABLE, SEATS)

    async with acting() as work:
        nights = await nights_between(work, CHAT, *EVER)

    assert [(n.id, len(n.night.deals), n.running) for n in nights] == [
        (played.id, 1, False),
        (running.id, 0, True),
    ]
