"""A finished Macchiavelli tournament on the Macchiavelli ladder of ``/classifica generale``,
through the real Application: one result with everyone ranked by the final standings, beside
the home games'; ranked again when the last round is fixed after the end; gone when its last
deal is taken back, and back when it is played again."""

from __future__ import annotations

import re

from tests.bot.conftest import Table
from tests.bot.games.macchiavelli.test_home_in_chat import worked_example
from tests.bot.games.macchiavelli.test_tournament_chat import DEALS, NINE, deal, play_table, seated

#: A ladder's row: ``1. Anna · abilità 3,3 · 1 partita, 1 vinta (100%) · posizione media 1,0
#: (provvisorio)``.
ROW = re.compile(
    r"^\d+\. (\S+) · abilità \S+ · (\d+) partit[ae], (\d+) vint[ae] \(\d+%\) · "
    r"posizione media (\S+)(?: \(provvisorio\))?$",
    re.MULTILINE,
)
#: The home game's players (its places: Anna 1, Carlo 2, Bruno 3).
HOME = {"Anna", "Bruno", "Carlo"}


async def ladder(table: Table) -> dict[str, tuple[int, int, str]]:
    """The Macchiavelli ladder: each player's games, wins and average place."""
    board = await table.reply("/classifica generale")
    found = ROW.findall(board)
    return {p: (int(games), int(wins), place.replace(",", ".")) for p, games, wins, place in found}


async def standings(table: Table) -> dict[str, int]:
    """The tournament's final standings (``/classifica``): each player's rank."""
    found = re.findall(r"^(\d+)\. (\S+) \d+ VP", await table.reply("/classifica"), re.MULTILINE)
    return {player: int(rank) for rank, player in found}


def tournament_places(board: dict[str, tuple[int, int, str]]) -> dict[str, int]:
    """The places of the players who played only the tournament, as the ladder says."""
    return {p: int(float(place)) for p, (_, _, place) in board.items() if p not in HOME}


async def play_tournament(table: Table) -> tuple[list[str], str]:
    """Three rounds of the nine; the last table's players and the last post."""
    seating = seated(await table.reply(f"/torneo macchiavelli turni=3 smazzate=3 {NINE}"))
    post = ""
    for round_ in range(1, 4):
        for players, deals in zip(seating, DEALS, strict=True):
            post = (await play_table(table, players, deals))[-1]
        if round_ < 3:
            seating = seated(post.split("Spostamenti:")[0].split("Turno ")[-1])
    return seating[-1], post


async def test_a_finished_tournament_ranks_everyone_once_on_the_ladder(table: Table) -> None:
    await worked_example(table)
    before = await ladder(table)
    assert before == {"Anna": (1, 1, "1.0"), "Carlo": (1, 0, "2.0"), "Bruno": (1, 0, "3.0")}

    last_table, post = await play_tournament(table)
    assert "🥇" in post
    ranks = await standings(table)
    assert sorted(ranks) == sorted(NINE.split())
    after = await ladder(table)
    assert sorted(after) == sorted(NINE.split())
    # One result more each: the home game's players have two, the others one.
    assert {p: games for p, (games, _, _) in after.items()} == {
        p: 2 if p in HOME else 1 for p in NINE.split()
    }
    assert tournament_places(after) == {p: r for p, r in ranks.items() if p not in HOME}
    winners = {p for p, r in ranks.items() if r == 1}
    assert {p for p, (_, wins, _) in after.items() if wins > (p == "Anna")} == winners
    assert await ladder(table) == after  # asked again: counted once

    # The last round fixed after the end: its first player now left with 90 points.
    fixed = await table.reply(
        f"/correggi 3 {last_table[1]} 0 {last_table[0]} 90 "
        + " ".join(f"{p} 5" for p in last_table[2:])
    )
    assert "corretta" in fixed
    reranked = await standings(table)
    assert reranked != ranks
    board = await ladder(table)
    assert tournament_places(board) == {p: r for p, r in reranked.items() if p not in HOME}
    assert {p: games for p, (games, _, _) in board.items()} == {
        p: games for p, (games, _, _) in after.items()
    }

    # Its last deal taken back: the tournament runs again, and its places go.
    assert "annullata" in await table.reply("/annulla")
    assert await ladder(table) == before
    await table.send(deal(last_table, DEALS[-1][-1]))
    assert sorted(await ladder(table)) == sorted(NINE.split())
