"""Tres sex non expedit, without Telegram: who may open the vote, whose presses count, and
more than half of the players agreeing annul the game (at a tournament, all of it)."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from play import vote
from play.errors import NoRunningGame, NotAtTheTable
from play.tamalo import game
from play.tamalo.vote import VOTING
from play.vote import AlreadyMarked, Closed, HeldElsewhere, Marked, NotYours, Stale
from storage import Database, Stage, upgrade_schema
from tests.play.chat import CHAT, hand, start, unit

OPENER, ANNA, STRANGER = 42, 7, 99


def voting_of(kind: str) -> vote.Voting | None:
    """Tamalo's games are put to its vote; no other kind is played here."""
    return VOTING if kind == "tamalo" else None


FOUR = ("Anna", "Bruno", "Carlo", "Dario")


@pytest.mark.parametrize(("players", "needed"), [(2, 2), (3, 2), (4, 3), (5, 3), (8, 5)])
def test_more_than_half_is_needed(players: int, needed: int) -> None:
    assert vote.needed(players) == needed


async def opened(db: Database, user: int | None = OPENER, *, admin: bool = False) -> vote.Ballot:
    async with unit(db) as work:
        tables = await game.running_games(work, CHAT)
        return await vote.open_vote(work, VOTING, tables[0].stored, user, admin=admin)


async def pressed(
    db: Database, ballot: vote.Ballot, user: int, name: str | None, agrees: bool = True
) -> vote.Pressed:
    mark = None if name is None else (ballot.voters.players[name], agrees)
    async with unit(db) as work:
        return await vote.press(work, CHAT, user, ballot.vote.id, mark, voting_of)


async def state_of_games(db: Database) -> list[str]:
    async with db.transaction() as session:
        return list(await session.scalars(text("SELECT state FROM games ORDER BY id")))


async def test_no_running_game_no_vote(db: Database) -> None:
    await upgrade_schema(db)
    with pytest.raises(NoRunningGame):
        await opened(db)


async def test_only_someone_at_the_table_opens_it(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
    with pytest.raises(NotAtTheTable):
        await opened(db, STRANGER)
    with pytest.raises(NotAtTheTable):
        await opened(db, None)
    async with db.transaction() as session:
        assert await session.scalar(text("SELECT count(*) FROM votes")) == 0
    ballot = await opened(db, STRANGER, admin=True)  # a group admin may
    assert ballot.vote.opened_by == STRANGER
    again = await opened(db)  # who started the game: the same vote, now theirs
    assert (again.vote.id, again.vote.opened_by) == (ballot.vote.id, OPENER)
    assert list(again.voters.players) == list(FOUR)
    assert (again.needed, again.agreeing, again.voters.whole) == (3, [], False)


async def test_a_hands_sender_or_a_linked_player_is_at_the_table(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), sent_by=OPENER)
        await work.people.link(CHAT, "Tamalo", ANNA, "Anna")
    assert (await opened(db, OPENER)).vote.opened_by == OPENER
    assert (await opened(db, ANNA)).vote.opened_by == ANNA


async def test_the_opener_marks_who_agrees_and_more_than_half_annul(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
    ballot = await opened(db)

    marked = await pressed(db, ballot, OPENER, "Anna")
    assert isinstance(marked, Marked)
    assert (marked.player, marked.agrees, marked.ballot.agreeing) == ("Anna", True, ["Anna"])
    assert await pressed(db, ballot, OPENER, "Anna") == AlreadyMarked("Anna", True)
    taken_back = await pressed(db, ballot, OPENER, "Anna", agrees=False)
    assert isinstance(taken_back, Marked)
    assert taken_back.ballot.agreeing == []

    await pressed(db, ballot, OPENER, "Anna")
    half = await pressed(db, ballot, OPENER, "Carlo")
    assert isinstance(half, Marked)
    assert half.ballot.vote.outcome is None  # 2 of 4 is half: not enough
    assert await state_of_games(db) == ["running"]
    majority = await pressed(db, ballot, OPENER, "Dario")
    assert isinstance(majority, Marked)
    assert majority.ballot.vote.outcome == vote.ANNULLED
    assert majority.ballot.agreeing == ["Anna", "Carlo", "Dario"]
    assert await state_of_games(db) == ["annulled"]
    assert await pressed(db, ballot, OPENER, "Bruno") == Stale()


async def test_nobody_else_s_press_counts_but_a_player_s_own(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
        await work.people.link(CHAT, "Tamalo", ANNA, "Anna")
    ballot = await opened(db)
    assert await pressed(db, ballot, STRANGER, "Bruno") == NotYours(closing=False)
    assert await pressed(db, ballot, STRANGER, None) == NotYours(closing=True)
    assert await pressed(db, ballot, ANNA, "Bruno") == HeldElsewhere()  # only her own
    own = await pressed(db, ballot, ANNA, "Anna")
    assert isinstance(own, Marked)
    assert own.ballot.agreeing == ["Anna"]
    async with unit(db) as work:  # a button of the vote pressed in another chat
        assert await vote.press(work, CHAT - 1, OPENER, ballot.vote.id, None, voting_of) == Stale()


async def test_the_opener_closes_the_vote_and_the_game_goes_on(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
    ballot = await opened(db)
    closed = await pressed(db, ballot, OPENER, None)
    assert isinstance(closed, Closed)
    assert closed.ballot.vote.outcome == vote.REJECTED
    assert await pressed(db, ballot, OPENER, "Anna") == Stale()
    assert await state_of_games(db) == ["running"]
    assert (await opened(db)).vote.id != ballot.vote.id  # a new vote, next time


async def test_whoever_may_open_the_vote_may_close_it(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
        await work.people.link(CHAT, "Tamalo", ANNA, "Anna")
    for closer, admin in ((ANNA, False), (STRANGER, True)):  # linked; a group admin
        ballot = await opened(db)
        async with unit(db) as work:
            closed = await vote.press(
                work, CHAT, closer, ballot.vote.id, None, voting_of, admin=admin
            )
        assert isinstance(closed, Closed), closer
    assert await state_of_games(db) == ["running"]


async def test_a_vote_at_a_tournament_table_annuls_the_whole_tournament(db: Database) -> None:
    await upgrade_schema(db)
    first, second = ("Anna", "Bruno", "Carlo"), ("Dario", "Elena", "Franco")
    async with unit(db) as work:
        tournament = await work.tournaments.start(CHAT)
        for players, stage in ((first, Stage.TABLE_1), (second, Stage.TABLE_2)):
            await start(work, players, tournament_id=tournament, stage=stage, started_by=OPENER)
    ballot = await opened(db)
    assert list(ballot.voters.players) == [*first, *second]
    assert (ballot.voters.whole, ballot.needed) == (True, 4)
    for name in ("Anna", "Bruno", "Dario", "Franco"):
        last = await pressed(db, ballot, OPENER, name)
    assert isinstance(last, Marked)
    assert last.ballot.vote.outcome == vote.ANNULLED
    assert await state_of_games(db) == ["annulled", "annulled"]
    async with db.transaction() as session:
        assert await session.scalar(text("SELECT state FROM tournaments")) == "annulled"
    async with unit(db) as work:
        assert await work.games.running_games(CHAT) == []
