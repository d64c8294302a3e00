"""RULES.md, "End of the game" and "Late joiners"."""

from dataclasses import replace

import pytest

from scoring.tamalo import Game, Hand, Report, Rules, Standing, entry_total


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


def test_a_late_joiner_enters_at_the_highest_total_of_who_is_still_in() -> None:
    # RULES.md: standings Anna 40, Bruno 72, Carlo 55 (Dario 0 in the game).
    game = Game(("Anna", "Bruno", "Carlo", "Dario"))
    game = game.with_hand(hand(Anna=40, Bruno=72, Carlo=55, Dario=0))
    # Bruno leaves, then Elena joins: Bruno no longer counts.
    left_first = game.without_player("Bruno").with_player("Elena")
    assert left_first.totals()["Elena"] == 55
    # Elena joins while Bruno is still in, then he leaves: his 72 counts.
    joined_first = game.with_player("Elena").without_player("Bruno")
    assert joined_first.totals()["Elena"] == 72
    # The order is kept once hands are played on.
    left_first = left_first.with_hand(hand(Anna=0, Carlo=0, Dario=0, Elena=0))
    assert left_first.totals()["Elena"] == 55
    joined_first = joined_first.with_hand(hand(Anna=0, Carlo=0, Dario=0, Elena=0))
    assert joined_first.totals()["Elena"] == 72


def test_a_joiner_counts_who_joined_before_them_at_the_same_break() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=40, Bruno=72, Carlo=55))
    # Dario enters at 72; Bruno leaves; Elena's last in the standings is now Dario.
    game = game.with_player("Dario").without_player("Bruno").with_player("Elena")
    assert game.totals() == {"Anna": 40, "Bruno": 72, "Carlo": 55, "Dario": 72, "Elena": 72}


def test_who_left_at_an_earlier_break_never_counts() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=10, Bruno=90, Carlo=20))
    game = play(game.without_player("Bruno"), hand(Anna=0, Carlo=0))
    assert game.with_player("Elena").totals()["Elena"] == 20


def test_a_leave_of_unknown_order_counts_as_after_the_join() -> None:
    # Games stored before the order was kept are scored as they were.
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=10, Bruno=90, Carlo=20))
    game = game.without_player("Bruno").with_player("Dario")
    game = replace(game, left_before_seat={})
    assert game.totals()["Dario"] == 90


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
