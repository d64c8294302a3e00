"""A tournament from the draw to its winner, with no Telegram."""

from __future__ import annotations

import random

import pytest

from play.errors import GameRunning, TournamentInProgress
from play.tamalo import game as play
from play.tamalo import hands, records, tournament
from play.tamalo.records import GameRecord
from play.tamalo.tournament import FinalStarted, FinalUnderWay, TableOver, TournamentWon
from scoring.tamalo import Hand, Report, Rules
from storage import GameState
from tests.play.conftest import CHAT, Acting

SIX = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco")


def ending(record: GameRecord, *, loser: str) -> Hand:
    """A hand in which ``loser`` passes the target and the others rank in seat order."""
    totals = {p: 30 if p == loser else 7 * i for i, p in enumerate(record.game.next_players)}
    return Hand(tuple(Report(p, t) for p, t in totals.items()))


async def _tables(acting: Acting) -> list[GameRecord]:
    async with acting() as work:
        return await play.running_games(work, CHAT)


async def test_from_the_draw_to_the_winner(acting: Acting) -> None:
    async with acting() as work:
        started = await tournament.start_tournament(
            work, CHAT, SIX, Rules(target=20), started_by=None, draw=random.Random(1)
        )
    first, second = started.tables
    assert sorted((*first.game.players, *second.game.players)) == sorted(SIX)
    with pytest.raises(TournamentInProgress):
        async with acting() as work:
            await tournament.start_tournament(work, CHAT, SIX, Rules(), started_by=None)
    with pytest.raises(TournamentInProgress):
        async with acting() as work:
            await play.start_game(work, CHAT, ("Anna", "Bruno"), Rules())
    with pytest.raises(play.NoJoiningTournaments):
        async with acting() as work:
            await play.joinable_game(work, CHAT)

    async with acting() as work:
        over = await hands.record_hand(
            work, first, ending(first, loser=first.game.players[-1]), message_id=1, user_id=None
        )
    assert over.ended
    assert over.progress == TableOver(first.game.players[:2])
    async with acting() as work:
        # The first table's players who are out, and who wait for the final.
        waiting = await tournament.elsewhere(work, second)
    assert waiting == {p: p in first.game.players[:2] for p in first.game.players}

    async with acting() as work:
        over = await hands.record_hand(
            work, second, ending(second, loser=second.game.players[-1]), message_id=2, user_id=None
        )
    assert isinstance(over.progress, FinalStarted)
    finalists = (*first.game.players[:2], *second.game.players[:2])
    assert over.progress.final.players == finalists
    [final] = await _tables(acting)
    assert final.is_final

    async with acting() as work:
        won = await hands.record_hand(
            work, final, ending(final, loser=final.game.players[-1]), message_id=3, user_id=None
        )
    assert isinstance(won.progress, TournamentWon)
    assert won.progress.final.winners() == (finalists[0],)
    async with acting() as work:
        assert await work.tournaments.running(CHAT) is None


async def test_no_tournament_beside_a_game(acting: Acting) -> None:
    async with acting() as work:
        await play.start_game(work, CHAT, ("Anna", "Bruno"), Rules())
    with pytest.raises(GameRunning) as refused:
        async with acting() as work:
            await tournament.start_tournament(work, CHAT, SIX, Rules(), started_by=None)
    assert refused.value.players == ("Anna", "Bruno")


async def test_a_table_changes_only_while_the_final_has_no_hand(acting: Acting) -> None:
    async with acting() as work:
        first, second = (
            await tournament.start_tournament(
                work, CHAT, SIX, Rules(target=20), started_by=None, draw=random.Random(2)
            )
        ).tables
    for number, table in enumerate((first, second), start=1):
        async with acting() as work:
            await hands.record_hand(
                work,
                table,
                ending(table, loser=table.game.players[0]),
                message_id=number,
                user_id=None,
            )
    async with acting() as work:
        tables = await hands.correctable(work, CHAT)
    assert [r.id for r in tables][:2] == [first.id, second.id]  # the final has no hand yet
    finished = next(r for r in tables if r.id == first.id)
    async with acting() as work:
        fixed = await hands.fix_hand(
            work, finished, 1, ending(finished, loser=first.game.players[1])
        )
    assert isinstance(fixed.progress, FinalStarted)  # the final started again, as now decided
    assert first.game.players[0] in fixed.progress.final.players
    [final] = await _tables(acting)
    async with acting() as work:
        await hands.record_hand(
            work,
            final,
            Hand(tuple(Report(p, 1) for p in final.game.players)),
            message_id=9,
            user_id=None,
        )
        finished = next(
            r
            for r in await records.tournament_games(work, first.tournament_id or 0)
            if r.id == first.id
        )
        assert finished.state is GameState.FINISHED
        with pytest.raises(FinalUnderWay):
            await hands.fix_hand(work, finished, 1, ending(finished, loser=first.game.players[0]))
