"""The game's rules at their boundaries (found by make mutate): the last seat as first dealer,
undoing hand 1, and a late joiner's entry total as /stats shows it (RULES.md, "Late joiners")."""

import pytest

from scoring.tamalo import Game, Hand, Report


def hand(**totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()))


THREE = ("Anna", "Bruno", "Carlo")


def test_the_last_seat_may_deal_first_and_no_seat_after_it() -> None:
    game = Game(THREE, first_dealer=2)

    assert game.next_dealer == "Carlo"
    assert game.with_hand(hand(Anna=1, Bruno=2, Carlo=3)).next_dealer == "Anna"
    with pytest.raises(ValueError, match="no seat 3"):
        Game(THREE, first_dealer=3)


def test_undoing_hand_1_leaves_nobody_waiting_to_play() -> None:
    played = Game(THREE).with_hand(hand(Anna=1, Bruno=2, Carlo=3))

    undone = played.without_last_hand()

    assert undone.waiting() == ()
    assert undone.next_players == THREE
    assert Game(THREE).waiting() == ()


def test_a_late_joiner_enters_at_the_totals_after_the_hand_before_they_sat_down() -> None:
    game = Game(("Anna", "Bruno")).with_hand(hand(Anna=10, Bruno=20))
    game = game.with_player("Carlo")  # after hand 1: Bruno's 20
    game = game.with_hand(hand(Anna=30, Bruno=5, Carlo=7))  # Anna 40, Bruno 25, Carlo 27
    game = game.with_player("Dario")  # after hand 2: Anna's 40
    assert game.totals()["Dario"] == 40
    game = game.with_hand(hand(Anna=2, Bruno=3, Carlo=4, Dario=5))

    assert game.late_entries() == {"Carlo": (1, 20), "Dario": (2, 40)}
