"""Withdrawals before a Danese at their boundaries (found by make mutate): the Danese keeps the
sizes of the round before it, not of round 1; the table left alone is named as the chat will
seat it; a withdrawal before anything is played is taken."""

import pytest

from scoring.macchiavelli import Seating, TableLeftAlone, Tournament, TournamentRules, nava_plan
from tests.scoring.macchiavelli.test_tournament import FOURTEEN, play_round

#: Round 2 (NAVA) seats Gino, Elena and Franco together: none of them met in round 1.
NINE = Seating(
    (
        ("Bruno", "Anna", "Dario", None),
        ("Carlo", "Elena", "Franco", None),
        ("Gino", "Ivo", "Lia", None),
    )
)


def with_danese() -> Tournament:
    return Tournament(TournamentRules(danese=True), nava_plan(NINE, 2))


def test_the_danese_keeps_the_sizes_of_the_round_before_it() -> None:
    tournament = play_round(play_round(with_danese())).with_withdrawal("Gino")
    assert tournament.seating(2).players_at(1) == ("Gino", "Elena", "Franco")

    # Round 1 would leave tables of 3, 2 and 2; round 2's leaves Franco alone.
    with pytest.raises(TableLeftAlone) as alone:
        tournament.with_withdrawal("Elena")
    assert (alone.value.round, alone.value.table) == (3, 3)  # the Danese seats the smallest last


def test_a_withdrawal_before_the_first_deal_of_a_tournament_with_a_danese_is_taken() -> None:
    gone = with_danese().with_withdrawal("Anna")

    assert gone.withdrawn == {"Anna": 1}
    assert "Anna" not in gone.seating(1).players


def test_the_danese_seats_the_tables_of_the_round_before_it_less_who_withdrew() -> None:
    rules = TournamentRules(rounds=3, danese=True)
    tournament = Tournament(rules, nava_plan(FOURTEEN, rules.moved_rounds))
    played = play_round(play_round(tournament))
    # T1N sat at a table of four in round 1 and of three in round 2.
    assert (played.seating(1).sizes, played.seating(2).sizes) == ((4, 4, 3, 3), (3, 3, 4, 4))

    gone = played.with_withdrawal("T1N")

    assert gone.seating(3).sizes == (4, 4, 3, 2)
