"""Who sits at a night of Tagò as it goes: a late arrival buys in and plays the next hands, a
ninth waits, who leaves cashes out and stays in the settle-up. In cents."""

from collections.abc import Callable

import pytest

from scoring.tago import (
    JACKPOT,
    AlreadyAtTable,
    Entry,
    Hand,
    HasLeft,
    Leave,
    Night,
    NightClosed,
    NotSeated,
    PlayerCount,
    StackTooSmall,
    TableFull,
    TooFewLeft,
)
from tests.scoring.tago.test_night import FOUR, TABLE, c, night


def elena_wins() -> Hand:
    """Elena's 4½ beats Anna's 2 against a PUNTO of 4½; Bruno folds at the ante."""
    return Hand(
        (
            Entry("Anna", 10000, c("4,4,2")),
            Entry("Bruno", 500, folded=True),
            Entry("Elena", 10000, c("3,1,½")),
        ),
        punto=c("4,½,0"),
    )


def test_a_late_arrival_plays_the_next_hand_and_counts_in_the_settle_up() -> None:
    played = night().with_player("Elena").with_hand(elena_wins())

    deal = played.deals[-1]
    assert deal.stacks["Elena"] == 30000 - 10000 + deal.result.winnings["Elena"]
    assert played.players == (*FOUR, "Elena")
    assert played.ledger.bought_in["Elena"] == 30000
    results = played.results()
    assert sum(results.values()) == -played.jackpot_grown
    assert results["Elena"] == deal.result.winnings["Elena"] - 10000 > 0
    payers = {p.payer for p in played.settle_up()}
    assert payers == {"Anna", "Bruno"}
    assert {p.payee for p in played.settle_up()} == {"Elena", JACKPOT}


def test_nobody_sits_twice_nor_below_the_stack_nor_ninth() -> None:
    full = Night.open(TABLE, dict.fromkeys(f"P{n}" for n in "abcdefgh"))
    with pytest.raises(TableFull) as refused:
        full.with_player("Elena")
    assert isinstance(refused.value, PlayerCount)
    assert refused.value.count == 9
    with pytest.raises(AlreadyAtTable):
        night().with_player("Anna")
    with pytest.raises(StackTooSmall):
        night().with_player("Elena", 29999)
    assert night().with_player("Elena", 50000).totals()["Elena"] == 50000
    # Once one of the eight leaves, a ninth sits down.
    assert full.with_leaving("Pa").with_player("Elena").ledger.seated[-1] == "Elena"
    with pytest.raises(NightClosed):
        night().settled().with_player("Elena")


def test_who_leaves_cashes_out_and_plays_no_more() -> None:
    played = night().with_player("Elena").with_hand(elena_wins()).with_leaving("Elena")
    cashed = played.totals()["Elena"]

    assert played.ledger.seated == FOUR
    assert played.players == (*FOUR, "Elena")  # still in the results
    assert played.results()["Elena"] == cashed - 30000
    assert played.events[-1] == Leave("Elena")
    refused: list[Callable[[], Night]] = [
        lambda: played.with_hand(elena_wins()),
        lambda: played.with_rebuy("Elena", 100),
        lambda: played.with_player("Elena"),
        lambda: played.with_leaving("Elena"),
    ]
    for attempt in refused:
        with pytest.raises(HasLeft) as error:
            attempt()
        assert error.value.stack == cashed
    with pytest.raises(NotSeated) as unknown:
        played.with_rebuy("Fabio", 100)
    assert unknown.value.players == FOUR  # who is at the table now


def test_two_stay_seated() -> None:
    two = night(Anna=None, Bruno=None, Carlo=None).with_leaving("Carlo")
    with pytest.raises(TooFewLeft) as refused:
        two.with_leaving("Anna")
    assert refused.value.seated == ("Anna", "Bruno")


def test_the_deal_passes_over_who_left_and_to_who_arrived() -> None:
    def antes(*players: str) -> Hand:
        return Hand(tuple(Entry(p, 500, folded=p != players[0]) for p in players), punto=None)

    played = (
        night()
        .with_hand(antes("Anna", "Bruno", "Carlo", "Dario"))  # Anna deals
        .with_leaving("Bruno")
        .with_player("Elena")
        .with_hand(antes("Anna", "Carlo", "Dario", "Elena"))  # Bruno left: Carlo
        .with_hand(antes("Anna", "Carlo", "Dario", "Elena"))
        .with_hand(antes("Anna", "Carlo", "Dario", "Elena"))  # Elena, in the last seat
    )

    assert [d.dealer for d in played.deals] == ["Anna", "Carlo", "Dario", "Elena"]
    assert played.deals[1].left == ("Bruno",)
    assert played.deals[0].left == ()


def test_the_night_rebuilt_with_arrivals_and_departures_is_the_same_night() -> None:
    played = night().with_player("Elena").with_hand(elena_wins()).with_leaving("Dario")
    rebuilt = Night.replay(TABLE, played.opening, played.events, jackpot=5000)

    assert rebuilt == played
    # A hand reported again before the departure: the departure is checked again, and kept.
    fixed = played.with_hand_replaced(1, elena_wins())
    assert fixed.ledger.left == ("Dario",)
