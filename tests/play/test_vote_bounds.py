"""The vote's rules at their boundaries (found by make mutate): a member linked to a player of
the chat who does not play this game is not at its table, and a button of a vote that is gone
changes nothing."""

from datetime import UTC, datetime

import pytest

from play import vote
from play.errors import NotAtTheTable
from play.tamalo import game, results
from play.tamalo.vote import VOTING
from play.vote import Stale
from storage import Database, GameState, upgrade_schema
from tests.play.chat import CHAT, hand, start, unit

OPENER, ZENO = 42, 99


def voting_of(kind: str) -> vote.Voting | None:
    return VOTING if kind == "tamalo" else None


FOUR = ("Anna", "Bruno", "Carlo", "Dario")


async def test_who_is_linked_to_a_name_not_in_the_game_is_not_at_its_table(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        earlier = await start(work, ("Anna", "Zeno"), hand(Anna=3, Zeno=12))
        await results.set_state(work, earlier, GameState.FINISHED, datetime.now(UTC))
        assert await work.people.link(CHAT, "Tamalo", ZENO, "Zeno") == "Zeno"
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
    async with unit(db) as work:
        running = (await game.running_games(work, CHAT))[0]
        with pytest.raises(NotAtTheTable):
            await vote.open_vote(work, VOTING, running.stored, ZENO, admin=False)


async def test_a_button_of_a_vote_that_does_not_exist_is_stale(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, FOUR, hand(Anna=3, Bruno=12, Carlo=7, Dario=25), started_by=OPENER)
    async with unit(db) as work:
        assert await vote.press(work, CHAT, OPENER, 12345, None, voting_of) == Stale()
