"""A hand of chips (RULES-tago.md, "Chips: the night, the hands, the pots"): the pots of the
worked example, what a hand may not do with the chips, play-offs. Amounts in cents."""

import pytest

from scoring.tago import (
    AlreadyAtTable,
    BelowAnte,
    CardsNeeded,
    Category,
    Entry,
    Hand,
    NobodyIn,
    NoTieToPlayOff,
    NotSeated,
    OverChips,
    OverTableMaximum,
    PlayerCount,
    Playoff,
    RebuyTooLarge,
    Stakes,
    Table,
    parse_cards,
    settle_hand,
)

LIGHT = Table(Stakes.LIGHT, min_bet=500, stack=30000, ante=250, jackpot_percent=10)
NO_SHARE = Table(Stakes.LIGHT, min_bet=500, stack=30000, ante=250, jackpot_percent=0)
HEAVY = Table(Stakes.HEAVY, min_bet=500, stack=30000, ante=250, jackpot_percent=10)
FOUR = ("Anna", "Bruno", "Carlo", "Dario")
RICH = dict.fromkeys(FOUR, 1_000_000)


def c(text: str) -> tuple[int, ...]:
    return parse_cards(text, expected=3)


def worked_example() -> Hand:
    """``/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia``."""
    return Hand(
        (
            Entry("Anna", 20000, c("4,4,2")),
            Entry("Bruno", 15000, c("3,1,½")),
            Entry("Carlo", 20000, c("5,6,½")),
            Entry("Dario", 4000, folded=True),
        ),
        punto=c("4,½,0"),
    )


def test_worked_example_bruno_takes_the_main_pot_and_anna_the_side_pot() -> None:
    result = settle_hand(worked_example(), NO_SHARE, RICH, FOUR)

    assert [(r.pot.amount, r.pot.contestants, r.winners) for r in result.pots] == [
        (49000, ("Anna", "Bruno", "Carlo"), ("Bruno",)),
        (10000, ("Anna", "Carlo"), ("Anna",)),
    ]
    assert result.winnings == {"Anna": 10000, "Bruno": 49000, "Carlo": 0, "Dario": 0}
    assert result.showdown is not None
    assert result.showdown.category is Category.VALORE
    assert result.jackpot_in == 0


def test_the_jackpot_share_comes_off_each_ante_before_the_pots() -> None:
    result = settle_hand(worked_example(), LIGHT, RICH, FOUR)  # 10% of a 2,5 ante: 25 cents

    assert result.jackpot_in == 100
    assert [r.pot.amount for r in result.pots] == [48900, 10000]


def tie(paid: int = 1001) -> Hand:
    """Worked example: 4,½,0; Anna 1,3,0 (4) and Bruno 2,3,0 (5) tie at ½ off."""
    return Hand(
        (
            Entry("Anna", paid, c("1,3,0")),
            Entry("Bruno", paid, c("2,3,0")),
            Entry("Carlo", 250, folded=True),
        ),
        punto=c("4,½,0"),
    )


def test_worked_example_a_tie_splits_the_pot_odd_cent_from_the_dealers_left() -> None:
    result = settle_hand(tie(), NO_SHARE, RICH, ("Carlo", "Bruno", "Anna"))

    (pot,) = result.pots
    assert (pot.pot.amount, pot.winners, pot.odd_cents) == (2252, ("Anna", "Bruno"), 0)
    odd = settle_hand(tie(1000), NO_SHARE, RICH, ("Carlo", "Bruno", "Anna"))
    assert odd.pots[0].shares == {"Bruno": 1125, "Anna": 1125}
    odd = settle_hand(tie(1000), LIGHT, RICH, ("Carlo", "Bruno", "Anna"))  # 2175 left
    assert odd.pots[0].shares == {"Bruno": 1088, "Anna": 1087}
    assert odd.pots[0].odd_cents == 1


def test_worked_example_tris_against_tris_splits() -> None:
    hand = Hand(
        (
            Entry("Anna", 500, c("4,4,4")),
            Entry("Bruno", 500, c("6,6,6")),
            Entry("Carlo", 500, c("7,½,0")),
        ),
        punto=c("2,½,5"),
    )
    result = settle_hand(hand, NO_SHARE, RICH, ("Anna", "Bruno", "Carlo"))

    assert result.winnings == {"Anna": 750, "Bruno": 750, "Carlo": 0}


def test_a_play_off_decides_the_pot_the_tied_players_shared() -> None:
    playoff = Playoff(("Anna", "Bruno"), {"Anna": c("1,3,½"), "Bruno": c("2,3,1")})
    hand = Hand(tie(1500).entries, punto=c("4,½,0"), playoffs=(playoff,))

    result = settle_hand(hand, NO_SHARE, RICH, ("Carlo", "Anna", "Bruno"))

    assert result.winnings == {"Anna": 3250, "Bruno": 0, "Carlo": 0}
    assert result.playoffs[0].lines["Anna"].category is Category.VALORE


def test_who_folds_in_the_play_off_loses_the_pot() -> None:
    playoff = Playoff(("Anna", "Bruno"), {"Bruno": c("8,8,8")})
    hand = Hand(tie(1500).entries, punto=c("4,½,0"), playoffs=(playoff,))

    assert settle_hand(hand, NO_SHARE, RICH, FOUR[:3]).winnings["Bruno"] == 3250


def test_a_play_off_of_players_tied_for_no_pot_is_refused() -> None:
    hand = Hand(
        worked_example().entries,
        punto=c("4,½,0"),
        playoffs=(Playoff(("Anna", "Carlo"), {"Anna": c("1,3,0"), "Carlo": c("2,3,0")}),),
    )
    with pytest.raises(NoTieToPlayOff):
        settle_hand(hand, NO_SHARE, RICH, FOUR)


def test_the_last_player_in_takes_everything_without_a_showdown() -> None:
    hand = Hand((Entry("Anna", 1000), Entry("Bruno", 250, folded=True)))

    result = settle_hand(hand, NO_SHARE, RICH, ("Anna", "Bruno"))

    assert result.showdown is None
    assert result.winnings == {"Anna": 1250, "Bruno": 0}
    assert result.jackpot_winner is None


def test_a_zero_shown_wins_the_jackpot_even_uncontested() -> None:
    hand = Hand((Entry("Anna", 1000, c("0,0,0")), Entry("Bruno", 250, folded=True)))

    assert settle_hand(hand, NO_SHARE, RICH, ("Anna", "Bruno")).jackpot_winner == "Anna"


def test_worked_example_a_zero_takes_the_pot_and_names_the_jackpot_winner() -> None:
    hand = Hand(
        (Entry("Anna", 1000, c("1,1,2")), Entry("Bruno", 1000, c("0,0,0"))),
        punto=c("6,6,2"),
        choice=4,
    )
    result = settle_hand(hand, LIGHT, RICH, ("Anna", "Bruno"))

    assert (result.jackpot_winner, result.winnings["Bruno"]) == ("Bruno", 1950)


def test_everyone_folding_is_refused() -> None:
    hand = Hand((Entry("Anna", 250, folded=True), Entry("Bruno", 250, folded=True)))
    with pytest.raises(NobodyIn):
        settle_hand(hand, LIGHT, RICH, ("Anna", "Bruno"))


def test_a_showdown_needs_every_live_players_cards_and_the_punto() -> None:
    entries = (Entry("Anna", 250, c("1,3,0")), Entry("Bruno", 250))
    with pytest.raises(CardsNeeded) as refused:
        settle_hand(Hand(entries, punto=c("4,½,0")), LIGHT, RICH, ("Anna", "Bruno"))
    assert refused.value.player == "Bruno"
    with pytest.raises(CardsNeeded) as refused:
        settle_hand(
            Hand((*entries[:1], Entry("Bruno", 250, c("2,3,0")))), LIGHT, RICH, ("Anna", "Bruno")
        )
    assert refused.value.player == "PUNTO"


def single(paid: int, rebuy: int = 0) -> Hand:
    return Hand((Entry("Anna", paid, rebuy=rebuy), Entry("Bruno", 250, folded=True)))


def test_a_contribution_up_to_the_chips_is_taken_and_one_cent_more_is_refused() -> None:
    stacks = {"Anna": 10000, "Bruno": 10000}
    settle_hand(single(10000), LIGHT, stacks, ("Anna", "Bruno"))
    with pytest.raises(OverChips) as refused:
        settle_hand(single(10001), LIGHT, stacks, ("Anna", "Bruno"))
    assert (refused.value.player, refused.value.paid, refused.value.chips) == ("Anna", 10001, 10000)


def test_light_allows_the_ante_and_the_maximum_in_each_round_and_heavy_has_no_maximum() -> None:
    most = 250 + 3 * 30000
    settle_hand(single(most), LIGHT, RICH, ("Anna", "Bruno"))
    with pytest.raises(OverTableMaximum) as refused:
        settle_hand(single(most + 1), LIGHT, RICH, ("Anna", "Bruno"))
    assert refused.value.maximum == most
    settle_hand(single(most + 1), HEAVY, RICH, ("Anna", "Bruno"))


def test_a_play_off_is_one_more_round_for_the_table_maximum() -> None:
    most = 250 + 4 * 30000
    playoff = Playoff(("Anna", "Bruno"), {"Anna": c("1,3,½"), "Bruno": c("2,3,1")})
    hand = Hand(tie(most).entries, punto=c("4,½,0"), playoffs=(playoff,))
    settle_hand(hand, LIGHT, RICH, FOUR[:3])
    over = Hand(tie(most + 1).entries, punto=c("4,½,0"), playoffs=(playoff,))
    with pytest.raises(OverTableMaximum):
        settle_hand(over, LIGHT, RICH, FOUR[:3])


def test_every_player_pays_the_ante_at_least() -> None:
    settle_hand(single(250), LIGHT, RICH, ("Anna", "Bruno"))
    with pytest.raises(BelowAnte):
        settle_hand(single(249), LIGHT, RICH, ("Anna", "Bruno"))


def test_a_rebuy_in_the_hand_covers_the_bet_and_no_more() -> None:
    stacks = {"Anna": 10000, "Bruno": 10000}
    settle_hand(single(15000, rebuy=5000), LIGHT, stacks, ("Anna", "Bruno"))
    with pytest.raises(RebuyTooLarge) as refused:
        settle_hand(single(15000, rebuy=5001), LIGHT, stacks, ("Anna", "Bruno"))
    assert refused.value.needed == 5000
    with pytest.raises(RebuyTooLarge) as refused:
        settle_hand(single(9000, rebuy=1), LIGHT, stacks, ("Anna", "Bruno"))
    assert refused.value.needed == 0
    with pytest.raises(OverChips):
        settle_hand(single(15000, rebuy=4999), LIGHT, stacks, ("Anna", "Bruno"))


def test_a_hand_of_one_or_nine_a_stranger_or_a_name_twice_is_refused() -> None:
    with pytest.raises(PlayerCount):
        settle_hand(Hand((Entry("Anna", 250),)), LIGHT, RICH, FOUR)
    nine = tuple(Entry(f"P{n}", 250, folded=n > 0) for n in range(9))
    with pytest.raises(PlayerCount):
        settle_hand(
            Hand(nine), LIGHT, {f"P{n}": 1000 for n in range(9)}, [f"P{n}" for n in range(9)]
        )
    with pytest.raises(NotSeated):
        settle_hand(Hand((Entry("Anna", 250), Entry("Zeno", 250, folded=True))), LIGHT, RICH, FOUR)
    with pytest.raises(AlreadyAtTable):
        settle_hand(Hand((Entry("Anna", 250), Entry("Anna", 250, folded=True))), LIGHT, RICH, FOUR)
