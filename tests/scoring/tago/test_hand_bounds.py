"""A hand's rules at their boundaries (found by make mutate): eight at a hand, the chips a
re-buy adds when a player puts in too much, the order of play from any dealer, play-offs of
one player or of who folded, and a play-off deciding only the pots its players were tied
for. Amounts in cents."""

import pytest

from scoring.tago import (
    Entry,
    Hand,
    Night,
    NoTieToPlayOff,
    OverChips,
    PlayerCount,
    Playoff,
    Stakes,
    Table,
    parse_cards,
    settle_hand,
)
from scoring.tago.seats import from_the_left

NO_SHARE = Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=250, jackpot_percent=0)
FOUR = ("Anna", "Bruno", "Carlo", "Dario")
NINE = tuple(f"P{n}" for n in range(9))


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text, expected=3)


def everyone_folds_to(players: tuple[str, ...]) -> Hand:
    return Hand(
        (Entry(players[0], 500), *(Entry(p, 250, folded=True) for p in players[1:])),
    )


def test_eight_play_a_hand_and_nine_do_not() -> None:
    result = settle_hand(everyone_folds_to(NINE[:8]), NO_SHARE, dict.fromkeys(NINE, 30000), NINE)
    assert result.winnings["P0"] == 500 + 7 * 250
    with pytest.raises(PlayerCount):
        settle_hand(everyone_folds_to(NINE), NO_SHARE, dict.fromkeys(NINE, 30000), NINE)


def test_too_much_put_in_is_told_against_the_stack_and_the_rebuy() -> None:
    night = Night.open(NO_SHARE, {"Anna": None, "Bruno": None})
    greedy = Hand((Entry("Anna", 45000, rebuy=10000, folded=True), Entry("Bruno", 500)))

    with pytest.raises(OverChips) as refused:
        night.with_hand(greedy)

    assert (refused.value.paid, refused.value.chips) == (45000, 40000)


def test_a_night_opens_and_replays_with_no_jackpot_unless_given() -> None:
    opened = Night.open(NO_SHARE, {"Anna": None, "Bruno": None})
    assert opened.jackpot == 0
    assert Night.replay(NO_SHARE, opened.opening, ()).jackpot == 0


def test_play_goes_from_the_dealers_left_clockwise_the_dealer_last() -> None:
    assert from_the_left(FOUR, FOUR, "Bruno") == ("Carlo", "Dario", "Anna", "Bruno")
    assert from_the_left(FOUR, ("Anna", "Carlo"), "Dario") == ("Anna", "Carlo")


def test_a_play_off_needs_two_players_still_in() -> None:
    tied = (Entry("Anna", 1000, c("1,3,0")), Entry("Bruno", 1000, c("2,3,0")))
    folded = Entry("Carlo", 250, folded=True)
    cards = {"Anna": c("2,4,6"), "Bruno": c("8,8,2")}
    for players in (("Anna",), ("Anna", "Carlo"), ("Anna", "Bruno", "Carlo")):
        shown = {p: cards[p] for p in players if p in cards}
        hand = Hand((*tied, folded), punto=c("4,½,0"), playoffs=(Playoff(players, shown),))
        with pytest.raises(NoTieToPlayOff):
            settle_hand(hand, NO_SHARE, dict.fromkeys(FOUR, 30000), FOUR[:3])


def test_a_play_off_decides_only_the_pots_all_its_tied_players_play_for() -> None:
    # Anna, Bruno and Carlo tie; Carlo is all in for the main pot, so Anna and Bruno also
    # share a side pot, and play it off: Anna wins the side pot, the main pot stays split.
    hand = Hand(
        (
            Entry("Anna", 1000, c("1,3,½")),
            Entry("Bruno", 1000, c("1,3,½")),
            Entry("Carlo", 500, c("1,3,½")),
        ),
        punto=c("4,5,0"),
        playoffs=(Playoff(("Anna", "Bruno"), {"Anna": c("2,4,6"), "Bruno": c("8,8,2")}),),
    )
    stacks = {"Anna": 30000, "Bruno": 30000, "Carlo": 500}

    result = settle_hand(hand, NO_SHARE, stacks, ("Anna", "Bruno", "Carlo"))

    assert [(r.pot.amount, r.winners) for r in result.pots] == [
        (1500, ("Anna", "Bruno", "Carlo")),
        (1000, ("Anna",)),
    ]
    assert result.winnings == {"Anna": 1500, "Bruno": 500, "Carlo": 500}
