"""A night of Tagò: stacks hand by hand, the jackpot carried in and grown, re-buys, curiosi,
corrections, the standings and the settle-up, rebuilt from the stored events. In cents."""

import pytest

from scoring.tago import (
    JACKPOT,
    AlreadyAtTable,
    Curioso,
    Entry,
    Hand,
    Join,
    Night,
    NightClosed,
    NoSuchDeal,
    NotCurious,
    NotPositive,
    NotSeated,
    OverChips,
    Payment,
    PlayerCount,
    Rebuy,
    StackTooSmall,
    Stakes,
    Table,
    parse_cards,
)

TABLE = Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=500, jackpot_percent=40)  # 2 an ante
FOUR = ("Anna", "Bruno", "Carlo", "Dario")


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text, expected=3)


def night(**buy_ins: int | None) -> Night:
    return Night.open(TABLE, buy_ins or dict.fromkeys(FOUR), jackpot=5000)


def bruno_busts() -> Hand:
    """Anna and Bruno all in; Anna's 2 beats Bruno's 7 against a PUNTO of 4½."""
    return Hand(
        (
            Entry("Anna", 30000, c("4,4,2")),
            Entry("Bruno", 30000, c("3,5,0")),
            Entry("Carlo", 500, folded=True),
            Entry("Dario", 500, folded=True),
        ),
        punto=c("4,½,0"),
    )


def test_each_player_buys_in_the_tables_stack_or_more() -> None:
    opened = night(Anna=50000, Bruno=None)

    assert opened.totals() == {"Anna": 50000, "Bruno": 30000}
    assert opened.players == ("Anna", "Bruno")
    assert (opened.jackpot, opened.jackpot_grown, opened.deals) == (5000, 0, ())
    with pytest.raises(StackTooSmall) as refused:
        night(Anna=29999, Bruno=None)
    assert (refused.value.player, refused.value.minimum) == ("Anna", 30000)


@pytest.mark.parametrize("count", [1, 9])
def test_a_night_seats_two_to_eight(count: int) -> None:
    with pytest.raises(PlayerCount):
        Night.open(TABLE, {f"P{n}": None for n in range(count)})


def test_a_hand_moves_the_chips_and_feeds_the_jackpot() -> None:
    played = night().with_hand(bruno_busts())

    assert played.totals() == {"Anna": 60200, "Bruno": 0, "Carlo": 29500, "Dario": 29500}
    assert (played.jackpot, played.jackpot_grown) == (5800, 800)
    deal = played.deals[0]
    assert (deal.number, deal.dealer, deal.first_player) == (1, "Anna", "Bruno")
    assert deal.stacks == played.totals()
    assert played.results() == {"Anna": 30200, "Bruno": -30000, "Carlo": -500, "Dario": -500}
    assert sum(played.results().values()) == -played.jackpot_grown


def test_the_deal_passes_clockwise_among_who_plays_and_odd_cents_follow_it() -> None:
    opened = night()
    tied = Hand(
        (
            Entry("Carlo", 1002, c("1,3,0")),
            Entry("Anna", 1001, c("2,3,0")),
            Entry("Dario", 501, folded=True),
        ),
        punto=c("4,½,0"),
    )
    first = opened.with_hand(bruno_busts())
    second = first.with_hand(tied)  # Bruno sits out: the deal goes from Anna to Carlo

    assert second.deals[1].dealer == "Carlo"
    assert second.deals[1].first_player == "Dario"
    (pot, side) = second.deals[1].result.pots
    # 801 + 801 + 301 = 1903: Anna is first from Carlo's left among the tied, the odd cent hers
    assert pot.shares == {"Anna": 952, "Carlo": 951}
    assert side.shares == {"Carlo": 1}


def test_a_zero_takes_the_pot_and_the_whole_jackpot() -> None:
    zero = Hand(
        (
            Entry("Anna", 1000, c("1,1,2")),
            Entry("Bruno", 1000, c("0,0,0")),
            Entry("Carlo", 500, folded=True),
            Entry("Dario", 500, folded=True),
        ),
        punto=c("6,6,2"),
        choice=4,
    )
    played = night().with_hand(zero)

    deal = played.deals[0]
    assert (deal.result.jackpot_winner, deal.jackpot_won) == ("Bruno", 5800)
    assert played.jackpot == 0
    assert played.totals()["Bruno"] == 30000 - 1000 + (800 + 800 + 300 + 300) + 5800
    assert played.jackpot_grown == -5000
    assert sum(played.results().values()) == 5000


def test_a_rebuy_between_hands_adds_to_the_stack_and_to_what_was_bought_in() -> None:
    topped = night().with_hand(bruno_busts()).with_rebuy("Bruno", 30000)

    assert topped.totals()["Bruno"] == 30000
    assert topped.results()["Bruno"] == -30000
    with pytest.raises(NotPositive):
        topped.with_rebuy("Bruno", 0)
    with pytest.raises(NotSeated):
        topped.with_rebuy("Zeno", 100)


def test_a_rebuy_in_the_hand_counts_as_bought_in() -> None:
    short = Hand(
        (Entry("Anna", 40000, c("4,4,2"), rebuy=10000), Entry("Bruno", 30000, c("3,5,0"))),
        punto=c("4,½,0"),
    )
    played = night(Anna=None, Bruno=None).with_hand(short)

    assert played.totals() == {"Anna": 69600, "Bruno": 0}
    assert played.results() == {"Anna": 29600, "Bruno": -30000}


def test_a_curioso_pays_one_ante_to_the_jackpot_once() -> None:
    played = night().with_hand(bruno_busts()).with_curioso("Dario")

    assert played.totals()["Dario"] == 29000
    assert played.jackpot == 6300
    assert played.deals[-1].curious == ("Dario",)
    assert played.deals[-1].stacks["Dario"] == 29000
    with pytest.raises(NotCurious):
        played.with_curioso("Dario")
    with pytest.raises(NotCurious):
        played.with_curioso("Anna")  # did not fold
    with pytest.raises(NotCurious):
        night().with_curioso("Dario")  # no hand yet


def test_a_curioso_without_the_ante_is_refused() -> None:
    broke = Hand((Entry("Anna", 30000, folded=True), Entry("Bruno", 600)), punto=None)
    played = night(Anna=None, Bruno=None).with_hand(broke)
    with pytest.raises(OverChips):
        played.with_curioso("Anna")


def test_a_late_arrival_sits_down_with_the_tables_stack_at_least() -> None:
    joined = night(Anna=None, Bruno=None).with_player("Carlo")

    assert joined.players == ("Anna", "Bruno", "Carlo")
    assert joined.totals()["Carlo"] == 30000
    with pytest.raises(AlreadyAtTable):
        joined.with_player("Carlo")
    with pytest.raises(StackTooSmall):
        joined.with_player("Dario", 100)


def test_undoing_the_last_hand_drops_its_curiosi_and_keeps_the_rebuys() -> None:
    played = night().with_hand(bruno_busts()).with_curioso("Carlo").with_rebuy("Bruno", 30000)

    undone = played.without_last_hand()

    assert undone.totals() == {"Anna": 30000, "Bruno": 60000, "Carlo": 30000, "Dario": 30000}
    assert undone.jackpot == 5000
    assert undone.events == (Rebuy("Bruno", 30000),)
    with pytest.raises(NoSuchDeal):
        night().without_last_hand()


def test_a_correction_replays_the_night_and_refuses_what_it_makes_impossible() -> None:
    played = night().with_hand(bruno_busts()).with_rebuy("Bruno", 1000)
    second = Hand((Entry("Anna", 500, folded=True), Entry("Bruno", 1000, c("1,1,1"))))
    played = played.with_hand(second)
    kinder = Hand(
        (Entry("Anna", 500, folded=True), Entry("Bruno", 500)), punto=None
    )  # Bruno keeps his chips: Anna folds at once

    corrected = played.with_hand_replaced(1, kinder)

    assert corrected.totals()["Bruno"] == 30000 - 500 + 600 + 1000 - 1000 + 1100
    assert len(corrected.deals) == 2
    greedy = Hand((Entry("Anna", 500, folded=True), Entry("Bruno", 40000)))
    with pytest.raises(OverChips):
        played.with_hand_replaced(2, greedy)
    with pytest.raises(NoSuchDeal):
        played.with_hand_replaced(3, greedy)


def test_the_night_rebuilt_from_its_events_is_the_same_night() -> None:
    played = (
        night()
        .with_hand(bruno_busts())
        .with_curioso("Carlo")
        .with_rebuy("Bruno", 30000)
        .with_player("Elena", 40000)
    )
    rebuilt = Night.replay(TABLE, played.opening, played.events, jackpot=5000)

    assert rebuilt == played
    assert isinstance(played.events[1], Curioso)
    assert isinstance(played.events[3], Join)


def test_a_settled_night_takes_nothing_more() -> None:
    closed = night().with_hand(bruno_busts()).settled()

    assert closed.is_over()
    with pytest.raises(NightClosed):
        closed.with_hand(bruno_busts())
    with pytest.raises(NightClosed):
        closed.with_rebuy("Bruno", 100)


def test_the_standings_go_by_result_ties_sharing_a_rank() -> None:
    standings = night().with_hand(bruno_busts()).standings()

    assert [(s.rank, s.player, s.result) for s in standings] == [
        (1, "Anna", 30200),
        (2, "Carlo", -500),
        (2, "Dario", -500),
        (4, "Bruno", -30000),
    ]
    assert standings[0].stack == 60200


def test_the_settle_up_includes_the_jackpots_cashier() -> None:
    played = night().with_hand(bruno_busts())

    assert played.settle_up() == (
        Payment("Bruno", "Anna", 30000),
        Payment("Carlo", JACKPOT, 500),
        Payment("Dario", JACKPOT, 300),
        Payment("Dario", "Anna", 200),
    )
