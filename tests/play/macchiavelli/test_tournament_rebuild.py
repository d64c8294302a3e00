"""A tournament rebuilt from its rows is the one the engine played deal by deal: the plan kept
(the mixed movement is not planned again), every deal where it was recorded, who withdrew."""

from __future__ import annotations

import random

import pytest

from play.macchiavelli.tournament import (
    lines_of,
    options_of,
    plan_text,
    rebuild,
    withdrawn_text,
)
from scoring.macchiavelli import Deal, Movement, Tournament, TournamentRules
from storage import GameState
from storage.macchiavelli.tournament import StoredDeal, StoredTournament


@pytest.mark.parametrize("movement", list(Movement))
def test_a_rebuilt_tournament_is_the_one_played(movement: Movement) -> None:
    players = tuple(f"P{n}" for n in range(14))
    rules = TournamentRules(rounds=4, deals=3, danese=True, movement=movement)
    played = Tournament.start(players, rules, random.Random(5))
    counts = random.Random(9)
    stored: list[StoredDeal] = []
    while not played.is_over():
        round_ = played.current_round
        if round_ == 2 and "P3" not in played.withdrawn:
            played = played.with_withdrawal("P3")
        for table in played.tables_playing():
            seated = played.seating(round_).players_at(table)
            deal = Deal.of(
                {p: 0 if i == 0 else counts.randrange(1, 80) for i, p in enumerate(seated)}
            )
            played = played.with_deal(table, deal)
            stored.append(StoredDeal(len(stored) + 1, round_, table, lines_of(deal)))
    options = options_of(rules, seed=5) | {
        "plan": plan_text(played.plan),
        "withdrawn": withdrawn_text(played.withdrawn),
    }
    rows = StoredTournament(1, 1, 1, GameState.FINISHED, players, options, tuple(stored))

    rebuilt = rebuild(rows)

    assert rebuilt == played
    assert rebuilt.standings() == played.standings()
