"""``/sonoio``: a person linked to their player in each group, and their own private /stats."""

from __future__ import annotations

from bot import texts
from bot.texts import mistakes as shared_mistakes
from tests.bot.conftest import Table

ANNA, BRUNO = 42, 43


async def play(table: Table, *hands: str) -> None:
    await table.send("/nuova soglia=20 Anna Bruno")
    for hand in hands:
        await table.send(f"/mano {hand}")


async def test_a_linked_players_private_stats_gather_their_groups_and_nobody_else(
    table: Table,
) -> None:
    friday, office = table, table.in_chat(-100_555)
    await play(friday, "Anna 9 Bruno 25")  # Anna wins at Friday's
    await play(office, "Anna 30 Bruno 6", "Anna 12 Bruno 8")  # and loses at the office
    await office.send("/mossa coppiona anna")

    assert await friday.send("/sonoio Anna", user=ANNA) == [
        texts.people.iam_linked("Anna", "Utente42")
    ]
    assert await office.send("/sonoio anna", user=ANNA) == [
        texts.people.iam_linked("Anna", "Utente42")
    ]
    private = table.in_chat(ANNA)
    mine = await private.send("/stats", user=ANNA)

    assert len(mine) == 2
    assert all(m.startswith(f"{texts.common.group_heading('Tavolo')}\n📊 Anna\n") for m in mine)
    assert "Partite finite: 1 · vittorie: 1 (100%)" in mine[0]
    assert "Partite finite: 1 · vittorie: 0 (0%)" in mine[1]
    assert mine[1].endswith("Albo delle mosse: Coppiona ×1")
    assert not any("📊 Bruno" in m for m in mine)
    # Bruno never said who he is: his private chat shows nothing of anyone.
    assert await table.in_chat(BRUNO).send("/stats", user=BRUNO) == [
        texts.people.private_stats_not_linked()
    ]


async def test_one_person_per_player_and_one_player_per_person(table: Table) -> None:
    await play(table, "Anna 9 Bruno 25")

    assert await table.send("/sonoio", user=ANNA) == [texts.people.iam_shown(None)]
    await table.send("/sonoio Anna", user=ANNA)
    assert await table.send("/sonoio Anna", user=BRUNO) == [texts.people.iam_taken("Anna")]
    assert await table.send("/sonoio Zeno", user=BRUNO) == [
        shared_mistakes.never_played("Zeno", ["Anna", "Bruno"])
    ]
    # Anna was Bruno all along: the link moves, and Anna is free for the real Anna.
    assert await table.send("/sonoio bruno", user=ANNA) == [
        texts.people.iam_linked("Bruno", "Utente42")
    ]
    assert await table.send("/iam", user=ANNA) == [texts.people.iam_shown("Bruno")]
    assert await table.send("/sonoio Anna", user=BRUNO) == [
        texts.people.iam_linked("Anna", "Utente43")
    ]
    assert await table.in_chat(ANNA).send("/sonoio Anna", user=ANNA) == [
        texts.people.iam_in_group()
    ]
