"""The rating at its boundary (found by make mutate): a game of two moves both ratings; only
a game of one leaves a rating as it was."""

from scoring.ratings import NEWCOMER, rate


def test_a_game_of_two_moves_both_ratings() -> None:
    after = rate({}, [("Anna", 1), ("Bruno", 2)])

    assert after["Anna"].mu > NEWCOMER.mu > after["Bruno"].mu
    assert rate({}, [("Anna", 1)]) == {"Anna": NEWCOMER}
