"""/sonoio without Telegram: a person links to a player of the chat, and only that person or
an admin takes it back."""

from __future__ import annotations

import pytest

from play import people
from play.errors import NobodyLinked, NotLinked, NotYourPlayer, PlayerTakenByOther, UnknownPlayer
from storage import Database, upgrade_schema
from tests.play.chat import CHAT, hand, start, unit

ANNA, BRUNO, ADMIN = 7, 8, 9


async def played(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        await start(work, ("Anna", "Bruno", "Carlo"), hand(Anna=3, Bruno=12, Carlo=7))


async def test_a_person_links_to_a_player_of_the_chat(db: Database) -> None:
    await played(db)
    async with unit(db) as work:
        assert await people.link(work, CHAT, "Tamalo", ANNA, "anna") == people.Linked("Anna")
    async with unit(db) as work:
        assert await people.who_is(work, CHAT, ANNA) == "Anna"
        assert await people.who_is(work, CHAT, BRUNO) is None
        with pytest.raises(PlayerTakenByOther) as taken:
            await people.link(work, CHAT, "Tamalo", BRUNO, "Anna")
        assert taken.value.player == "Anna"
        with pytest.raises(UnknownPlayer) as unknown:
            await people.link(work, CHAT, "Tamalo", BRUNO, "Zeno")
        assert (unknown.value.name, unknown.value.known) == ("Zeno", ("Anna", "Bruno", "Carlo"))
    async with unit(db) as work:  # another player: the first link goes
        await people.link(work, CHAT, "Tamalo", ANNA, "Carlo")
        assert await people.who_is(work, CHAT, ANNA) == "Carlo"


async def test_only_the_person_or_an_admin_takes_it_back(db: Database) -> None:
    await played(db)
    async with unit(db) as work:
        await people.link(work, CHAT, "Tamalo", ANNA, "Anna")
        with pytest.raises(NotLinked):
            await people.claim_of(work, CHAT, BRUNO, None)
        with pytest.raises(NobodyLinked):
            await people.claim_of(work, CHAT, BRUNO, "Bruno")
        with pytest.raises(UnknownPlayer):
            await people.claim_of(work, CHAT, BRUNO, "Zeno")
        claim = await people.claim_of(work, CHAT, BRUNO, "anna")
        assert claim == people.Claim("Anna", ANNA)
        assert claim == await people.claim_of(work, CHAT, ANNA, None)
        with pytest.raises(NotYourPlayer):
            await people.unlink(work, CHAT, claim, BRUNO, admin=False)
        unlinked = await people.unlink(work, CHAT, claim, ADMIN, admin=True)
        assert unlinked == people.Unlinked("Anna", mine=False)
        assert await people.who_is(work, CHAT, ANNA) is None
        with pytest.raises(NobodyLinked):  # changed since the claim was read
            await people.unlink(work, CHAT, claim, ANNA, admin=False)
        await people.link(work, CHAT, "Tamalo", ANNA, "Anna")
        mine = await people.unlink(work, CHAT, claim, ANNA, admin=False)
        assert mine == people.Unlinked("Anna", mine=True)


async def test_a_chat_where_nobody_played_knows_no_player(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        with pytest.raises(UnknownPlayer) as unknown:
            await people.link(work, CHAT, "Tamalo", ANNA, "Anna")
    assert unknown.value.known == ()
