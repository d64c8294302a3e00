"""A Macchiavelli home game as stored and rebuilt: its rules as JSON options, each deal's
points in the shared lines and its card lists in ``hands.detail``, the places on its own
ladder, and the same match rebuilt from the database."""

from __future__ import annotations

import json

from sqlalchemy import select

from play import macchiavelli
from play.macchiavelli.records import _REBUILT
from scoring.macchiavelli import Deal, HomeRules, parse_cards
from storage import models
from storage.macchiavelli import CLOSED
from tests.play.conftest import CHAT, Acting

RULES = HomeRules(deals=3, jokers=True)


def deal(**counts: int | str) -> Deal:
    return Deal.of(
        {p: parse_cards(c, jokers=True) if isinstance(c, str) else c for p, c in counts.items()}
    )


async def test_a_game_is_stored_as_its_options_lines_and_detail(acting: Acting) -> None:
    async with acting() as work:
        record = await macchiavelli.start(work, CHAT, ("Anna", "Bruno", "Carlo"), RULES)
        await macchiavelli.record_deal(work, record, deal(Anna=0, Bruno="K,A,7", Carlo=12))
    async with acting() as work:
        row = (await work.session.execute(select(models.Game))).scalar_one()
        hand = (await work.session.execute(select(models.HandRow))).scalar_one()
        lines = (await work.session.execute(select(models.HandResult))).scalars().all()
    assert row.kind == "macchiavelli"
    assert json.loads(row.options or "") == {
        "single": False, "deals": 3, "target": None, "jokers": True, "cards_dealt": None
    }  # fmt: skip
    assert json.loads(hand.detail or "") == {
        "points": {"Anna": 0, "Bruno": 28, "Carlo": 12}, "cards": {"Bruno": "K,A,7"}
    }  # fmt: skip
    assert sorted((line.points, line.flags == CLOSED) for line in lines) == [
        (0, True),
        (12, False),
        (28, False),
    ]


async def test_the_worked_example_rebuilt_from_the_database_places_its_players(
    acting: Acting,
) -> None:
    async with acting() as work:
        record = await macchiavelli.start(work, CHAT, ("Anna", "Bruno", "Carlo"), RULES)
        for played in (
            deal(Anna=0, Bruno="K,A,7", Carlo=12),
            deal(Carlo=0, Anna="JK,2", Bruno=40),
        ):
            await macchiavelli.record_deal(work, record, played)
            record = await macchiavelli.running(work, CHAT) or record  # as stored now
    _REBUILT.clear()  # as after a restart
    async with acting() as work:
        rebuilt = await macchiavelli.running(work, CHAT)
        assert rebuilt is not None
        assert rebuilt.match.totals() == {"Anna": 27, "Bruno": 68, "Carlo": 12}
        ended = await macchiavelli.record_deal(work, rebuilt, deal(Anna=5, Bruno=0, Carlo="A,A"))
    assert ended.ended
    async with acting() as work:
        board = await work.results.leaderboard(CHAT, "macchiavelli")
        tamalo = await work.results.leaderboard(CHAT, "tamalo")
    assert [(line.player, line.wins) for line in board] == [("Anna", 1), ("Carlo", 0), ("Bruno", 0)]
    assert tamalo == []


async def test_undo_reopens_and_forgets_the_places(acting: Acting) -> None:
    async with acting() as work:
        record = await macchiavelli.start(work, CHAT, ("Anna", "Bruno"), HomeRules(deals=1))
        await macchiavelli.record_deal(work, record, deal(Anna=0, Bruno=9))
    async with acting() as work:
        undone = await macchiavelli.undo(work, await macchiavelli.correctable(work, CHAT))
        assert undone.reopened
        assert await work.results.leaderboard(CHAT, "macchiavelli") == []
        running = await macchiavelli.running(work, CHAT)
    assert running is not None
    assert running.match.deals == ()
