"""A Macchiavelli tournament's final places on the Macchiavelli ladder, with no Telegram:
none while it runs, everyone ranked by the final standings when it ends (who withdrew too, by
the VP they kept), and kept once however often they are kept again."""

from __future__ import annotations

import random

from play.macchiavelli import tournament, tournament_places
from scoring.macchiavelli import TournamentRules
from storage import LeaderboardLine
from storage.macchiavelli import MACCHIAVELLI
from tests.play.conftest import CHAT, Acting
from tests.play.macchiavelli.test_tournament import NINE, _play_round, _running


async def _ladder(acting: Acting) -> list[LeaderboardLine]:
    async with acting() as work:
        return await work.results.leaderboard(CHAT, MACCHIAVELLI)


async def test_the_final_standings_ranked_once_when_it_ends(acting: Acting) -> None:
    async with acting() as work:
        await tournament.start(
            work, CHAT, NINE, TournamentRules(rounds=3, deals=3), started_by=None,
            draw=random.Random(3),
        )  # fmt: skip
    await _play_round(acting)
    at = await _running(acting)
    async with acting() as work:
        await tournament.withdraw(work, at, "Anna")
    await _play_round(acting)
    assert await _ladder(acting) == []  # running: no places

    last = await _play_round(acting)
    assert last.tournament.is_over()
    ranked = last.tournament.standings()
    lines = await _ladder(acting)
    assert {line.player: line.rank_sum for line in lines} == {r.player: r.rank for r in ranked}
    assert {line.player: (line.games, line.wins) for line in lines} == {
        r.player: (1, int(r.rank == 1)) for r in ranked
    }
    assert "Anna" in {line.player for line in lines}  # withdrawn, placed by her VP

    async with acting() as work:  # kept again: the same ladder, nothing counted twice
        await tournament_places.keep_places(work, last.stored.game_id, last.tournament)
    assert await _ladder(acting) == lines
