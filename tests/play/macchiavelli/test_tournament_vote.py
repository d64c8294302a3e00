"""A Macchiavelli tournament put to its players' vote, with no Telegram: who votes (everyone
still in it, at every table), and the tournament discarded when the vote passes."""

from __future__ import annotations

import random
from dataclasses import replace

from play.macchiavelli import tournament, tournament_vote
from scoring.macchiavelli import TournamentRules
from storage import GameState, StoredGame
from storage.macchiavelli import MACCHIAVELLI
from tests.play.conftest import CHAT, Acting
from tests.play.macchiavelli.test_tournament import NINE, _play_round, _running


async def _started(acting: Acting) -> StoredGame:
    async with acting() as work:
        await tournament.start(
            work, CHAT, NINE, TournamentRules(rounds=3, deals=3), started_by=None,
            draw=random.Random(3),
        )  # fmt: skip
    await _play_round(acting)
    at = await _running(acting)
    async with acting() as work:
        await tournament.withdraw(work, at, "Anna")
        game = await work.games.get(at.stored.game_id)
    assert game is not None
    return game


async def test_everyone_still_in_the_tournament_votes_on_all_of_it(acting: Acting) -> None:
    game = await _started(acting)
    async with acting() as work:
        voters = await tournament_vote.electorate(work, game)
    assert voters is not None
    assert set(voters.players) == set(NINE) - {"Anna"}  # she withdrew
    assert voters.whole  # a vote at any table is about the whole tournament
    assert voters.games == (game.id,)


async def test_no_vote_on_a_tournament_over_or_a_game_that_is_not_one(acting: Acting) -> None:
    game = await _started(acting)
    async with acting() as work:
        assert (
            await tournament_vote.electorate(work, replace(game, state=GameState.FINISHED)) is None
        )
        assert await tournament_vote.electorate(work, replace(game, tournament_id=None)) is None


async def test_a_vote_passed_discards_the_tournament(acting: Acting) -> None:
    game = await _started(acting)
    async with acting() as work:
        await tournament_vote.discard(work, game)
    async with acting() as work:
        assert await tournament.running(work, CHAT) is None
        stored = await work.games.get(game.id)
        assert stored is not None
        assert stored.state is GameState.ANNULLED
        assert await work.results.leaderboard(CHAT, MACCHIAVELLI) == []  # no places kept
