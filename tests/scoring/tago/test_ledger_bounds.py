"""The ledger's rules at their boundaries (found by make mutate): a curioso with exactly one
ante left, a re-buy of one chip, the jackpot a curioso leaves in the hand's summary, and a hand
with no ZERO winning no jackpot. In cents."""

import pytest

from scoring.tago import Curioso, Entry, Hand, Night, NotPositive, OverChips, Stakes, Table

TABLE = Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=500, jackpot_percent=40)


def two_play() -> Night:
    return Night.open(TABLE, {"Anna": None, "Bruno": None}, jackpot=5000)


def anna_folds(paid: int) -> Hand:
    """Anna puts in ``paid`` and folds; Bruno takes the pot."""
    return Hand((Entry("Anna", paid, folded=True), Entry("Bruno", 600)), punto=None)


def test_a_curioso_with_exactly_one_ante_left_may_look() -> None:
    played = two_play().with_hand(anna_folds(29500))

    looked = played.with_curioso("Anna")

    assert looked.totals()["Anna"] == 0
    assert looked.jackpot == played.jackpot + 500
    with pytest.raises(OverChips):
        two_play().with_hand(anna_folds(29501)).with_curioso("Anna")


def test_a_rebuy_of_one_chip_is_taken_and_none_is_refused() -> None:
    topped = two_play().with_rebuy("Anna", 1)

    assert topped.totals()["Anna"] == 30001
    assert topped.results()["Anna"] == 0
    with pytest.raises(NotPositive):
        two_play().with_rebuy("Anna", 0)


def test_a_curioso_grows_the_jackpot_the_last_hand_shows_and_keeps_the_hands() -> None:
    first = two_play().with_hand(anna_folds(25000))  # Anna keeps 5000
    played = first.with_hand(anna_folds(4000))
    before = played.deals[-1].jackpot

    looked = played.with_curioso("Anna")

    assert [deal.number for deal in looked.deals] == [1, 2]
    assert looked.deals[0] == first.deals[0]
    assert looked.deals[-1].jackpot == before + 500 == looked.jackpot
    assert looked.deals[-1].curious == ("Anna",)
    assert isinstance(looked.events[-1], Curioso)


def test_a_hand_without_a_zero_wins_no_jackpot() -> None:
    played = two_play().with_hand(anna_folds(29500))

    assert played.deals[-1].jackpot_won == 0
    assert played.jackpot > 5000
