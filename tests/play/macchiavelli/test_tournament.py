"""A Macchiavelli tournament stored and rebuilt, with no Telegram: the seating drawn once and
the same after a rebuild, deals recorded, fixed and undone until the next round starts, a
withdrawal."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from play.errors import TournamentInProgress
from play.macchiavelli import tournament
from play.macchiavelli.tournament import Running
from play.macchiavelli.tournament_export import export_rows
from scoring.macchiavelli import Deal, RoundClosed, TournamentRules, parse_cards
from tests.play.conftest import CHAT, Acting

NINE = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gino", "Ida", "Luca")
NOW = datetime(2026, 11, 26, 21, tzinfo=UTC)


def closing(players: tuple[str, ...], *rest: int) -> Deal:
    """The first player closes; the others are left with ``rest``."""
    return Deal.of(dict(zip(players, (0, *rest), strict=False)))


async def _running(acting: Acting) -> Running:
    async with acting() as work:
        found = await tournament.running(work, CHAT)
    assert found is not None
    return found


async def _play_round(acting: Acting) -> Running:
    at = await _running(acting)
    t = at.tournament
    round_ = t.current_round
    for table in range(1, t.table_count + 1):
        players = t.seating(round_).players_at(table)
        for _ in range(t.rules.deals - len(t.deals_at(round_, table))):
            async with acting() as work:
                now = await tournament.running(work, CHAT)
                assert now is not None
                await tournament.record(work, now, table, closing(players, 10, 20), now=NOW)
    async with acting() as work:
        last = await tournament.latest(work, CHAT)
    assert last is not None
    return last


async def test_stored_rebuilt_fixed_until_the_next_round(acting: Acting) -> None:
    rules = TournamentRules(rounds=3, deals=3)
    async with acting() as work:
        started = await tournament.start(
            work, CHAT, NINE, rules, started_by=None, draw=random.Random(7)
        )
    with pytest.raises(TournamentInProgress):
        async with acting() as work:
            await tournament.start(work, CHAT, NINE, rules, started_by=None)
    again = await _running(acting)
    assert again.tournament.seating(1) == started.tournament.seating(1)

    table_1 = started.tournament.seating(1).players_at(1)
    async with acting() as work:
        done = await tournament.record(
            work,
            again,
            1,
            Deal.of(
                {table_1[0]: 0, table_1[1]: parse_cards("K,A,7", jokers=False), table_1[2]: 12}
            ),
            now=NOW,
        )
    assert done.tournament.match_points(1, 1)[table_1[1]] == 28
    assert (await _running(acting)).tournament.deals_at(1, 1)[0].reports[1].cards is not None

    after_round_1 = await _play_round(acting)
    assert after_round_1.tournament.current_round == 2
    # Round 1 may still be fixed: round 2 has not started.
    async with acting() as work:
        fixed = await tournament.fix(
            work, after_round_1, 1, 1, 1, Deal.of({table_1[0]: 0, table_1[1]: 5, table_1[2]: 12})
        )
    assert fixed.match_points(1, 1)[table_1[1]] == 5 + 10 + 10
    assert (await _running(acting)).tournament.match_points(1, 1)[table_1[1]] == 25

    seated = after_round_1.tournament.seating(2).players_at(2)
    at = await _running(acting)
    async with acting() as work:
        await tournament.record(work, at, 2, closing(seated, 3, 4), now=NOW)
    at = await _running(acting)
    with pytest.raises(RoundClosed):
        async with acting() as work:
            await tournament.fix(work, at, 1, 1, 1, closing(table_1, 1, 1))
    async with acting() as work:
        _, undone = await tournament.undo(work, at, now=NOW)
    assert (undone.round, undone.table) == (2, 2)
    assert not (await _running(acting)).tournament.is_started(2)

    at = await _running(acting)
    async with acting() as work:
        gone = await tournament.withdraw(work, at, "Anna")
    assert gone.withdrawn == {"Anna": 2}
    rebuilt = await _running(acting)
    assert "Anna" not in rebuilt.tournament.seating(2).players
    assert [r.player for r in rebuilt.tournament.standings() if r.withdrawn] == ["Anna"]

    await _play_round(acting)
    last = await _play_round(acting)
    assert last.tournament.is_over()
    async with acting() as work:
        assert await tournament.running(work, CHAT) is None
        finished = await tournament.latest(work, CHAT)
    assert finished is not None
    assert finished.tournament.is_over()
    rows = export_rows(finished.tournament)
    assert len(rows) == 9 * 3 + 8 * 3 * 2
