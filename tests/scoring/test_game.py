"""RULES.md, "End of the game" and "Late joiners"."""

import pytest

from scoring import Game, Hand, Report, Rules, Standing, entry_total


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


def play(game: Game, *hands: Hand) -> Game:
    for h in hands:
        game = game.with_hand(h)
    return game


def test_totals_are_summed_hand_after_hand() -> None:
    game = play(
        Game(("Anna", "Bruno")),
        hand("Anna", Anna=3, Bruno=12),
        hand("Bruno", Anna=9, Bruno=7),
    )
    assert game.totals() == {"Anna": 9, "Bruno": 34}
    assert game.running_totals() == ({"Anna": 0, "Bruno": 12}, {"Anna": 9, "Bruno": 34})


def test_game_ends_at_exactly_the_target_and_lowest_wins() -> None:
    game = play(Game(("Anna", "Bruno"), Rules(target=20)), hand(Anna=19, Bruno=6))
    assert not game.is_over()
    game = game.with_hand(hand(Anna=1, Bruno=0))
    assert game.totals() == {"Anna": 19, "Bruno": 6}
    assert not game.is_over()
    game = game.with_hand(hand(Anna=5, Bruno=5))
    assert game.is_over()  # Anna 24 ≥ 20
    assert game.winners() == ("Bruno",)


def test_equal_lowest_totals_are_joint_winners() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=30, Bruno=120, Carlo=30))
    assert game.is_over()
    assert game.winners() == ("Anna", "Carlo")
    assert game.standings() == (
        Standing(1, "Anna", 30),
        Standing(1, "Carlo", 30),
        Standing(3, "Bruno", 120),
    )


def test_no_hands_no_winner_and_not_over() -> None:
    game = Game(("Anna", "Bruno"))
    assert game.winners() == ()
    assert not game.is_over()
    assert game.totals() == {"Anna": 0, "Bruno": 0}


def test_late_joiner_example_from_rules() -> None:
    # Standings Anna 40, Bruno 72, Carlo 55; Dario joins → Dario 72.
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=40, Bruno=72, Carlo=55))
    game = game.with_player("Dario")
    assert game.totals()["Dario"] == 72
    game = game.with_hand(hand(Anna=0, Bruno=0, Carlo=0, Dario=10))
    assert game.totals() == {"Anna": 0 + 40, "Bruno": 72, "Carlo": 55, "Dario": 82}


def test_joining_before_the_first_hand_starts_at_zero() -> None:
    game = Game(("Anna", "Bruno")).with_player("Carlo")
    assert game.totals() == {"Anna": 0, "Bruno": 0, "Carlo": 0}


def test_a_hand_undone_before_a_join_is_retyped_without_the_joiner() -> None:
    # Hand 2 was mistyped, Carlo joined after it, then hand 2 is undone and typed again:
    # Carlo still joined after hand 2, so he is not in it and starts from its corrected totals.
    game = play(Game(("Anna", "Bruno")), hand(Anna=10, Bruno=20), hand(Anna=90, Bruno=5))
    game = game.with_player("Carlo")
    assert game.totals()["Carlo"] == 100
    game = game.without_last_hand()
    assert game.next_players == ("Anna", "Bruno")
    assert game.waiting() == ("Carlo",)
    game = game.with_hand(hand(Anna=30, Bruno=5))
    assert game.totals() == {"Anna": 40, "Bruno": 25, "Carlo": 40}
    assert game.next_players == ("Anna", "Bruno", "Carlo")
    assert game.waiting() == ()


def test_a_hand_must_report_every_seat() -> None:
    with pytest.raises(ValueError, match="seated"):
        Game(("Anna", "Bruno")).with_hand(hand(Anna=3))


def test_entry_total_is_the_highest_or_zero() -> None:
    assert entry_total([40, 72, 55]) == 72
    assert entry_total([]) == 0


def test_the_deal_rotates_clockwise_from_the_first_dealer() -> None:
    game = Game(("Anna", "Bruno", "Carlo"), first_dealer=1)
    assert game.next_dealer == "Bruno"
    game = play(game, hand(Anna=1, Bruno=2, Carlo=3), hand(Anna=1, Bruno=2, Carlo=3))
    assert [game.dealer_of(n) for n in (1, 2, 3, 4)] == ["Bruno", "Carlo", "Anna", "Bruno"]
    assert game.next_dealer == "Anna"


def test_the_deal_skips_who_left_and_reaches_late_joiners() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=1, Bruno=2, Carlo=3))  # Anna dealt
    game = game.without_player("Bruno").with_player("Dario")
    game = play(game, hand(Anna=1, Carlo=3, Dario=4), hand(Anna=1, Carlo=3, Dario=4))
    assert [game.dealer_of(n) for n in (1, 2, 3, 4)] == ["Anna", "Carlo", "Dario", "Anna"]


def test_who_leaves_keeps_their_history_and_is_not_ranked() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=10, Bruno=3, Carlo=20))
    game = game.without_player("Bruno")
    assert game.next_players == ("Anna", "Carlo")
    game = game.with_hand(hand(Anna=10, Carlo=20))
    assert game.totals() == {"Anna": 20, "Bruno": 0, "Carlo": 40}
    assert [s.player for s in game.standings()] == ["Anna", "Carlo"]
    assert game.winners() == ("Anna",)
    with pytest.raises(ValueError, match="two players"):
        game.without_player("Anna")


def test_a_late_joiner_enters_at_the_highest_total_of_who_played_the_last_hand() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=10, Bruno=90, Carlo=20))
    # Bruno leaving at the same break counts, whether he leaves before or after Dario joins.
    before = game.without_player("Bruno").with_player("Dario")
    after = game.with_player("Dario").without_player("Bruno")
    assert before.totals()["Dario"] == after.totals()["Dario"] == 90
    before = before.with_hand(hand(Anna=0, Carlo=0, Dario=0))
    assert before.totals() == {"Anna": 10, "Bruno": 90, "Carlo": 20, "Dario": 90}
    # Once Bruno has sat out a hand, the next joiner enters at the highest of who played it.
    assert before.with_player("Elena").totals()["Elena"] == 90  # Dario's
    game = play(game.without_player("Bruno"), hand(Anna=0, Carlo=0))
    assert game.with_player("Elena").totals()["Elena"] == 20


def test_a_corrected_hand_is_scored_again_and_can_reopen_the_game() -> None:
    game = play(Game(("Anna", "Bruno")), hand(Anna=40, Bruno=10), hand("Anna", Anna=3, Bruno=70))
    assert game.totals() == {"Anna": 40, "Bruno": 80}
    assert not game.is_over()
    game = game.with_hand_replaced(1, hand(Anna=40, Bruno=40))
    assert game.totals() == {"Anna": 40, "Bruno": 110}
    assert game.is_over()
    game = game.with_hand_replaced(2, hand("Anna", Anna=3, Bruno=7))
    assert game.totals() == {"Anna": 40, "Bruno": 47}
    assert not game.is_over()
    with pytest.raises(ValueError, match="no hand 3"):
        game.with_hand_replaced(3, hand(Anna=1, Bruno=1))


def test_a_correction_before_a_join_moves_the_joiners_entry() -> None:
    game = play(Game(("Anna", "Bruno")), hand(Anna=10, Bruno=50))
    game = game.with_player("Carlo").with_hand(hand(Anna=0, Bruno=0, Carlo=0))
    assert game.totals()["Carlo"] == 50
    game = game.with_hand_replaced(1, hand(Anna=10, Bruno=30))
    assert game.totals() == {"Anna": 10, "Bruno": 30, "Carlo": 30}
