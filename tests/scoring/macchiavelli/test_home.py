"""RULES-macchiavelli.md, "Home game": the worked example, the end, the deal's rotation."""

from collections.abc import Mapping, Sequence
from typing import Protocol

import pytest

from scoring.macchiavelli import (
    Deal,
    DealNotSeated,
    HomeRules,
    Match,
    MatchOver,
    NoJokers,
    NoSuchDeal,
    OptionOutOfRange,
    PlayerCount,
    SingleHasOneDeal,
    Standing,
    TooManyPoints,
    read_report,
)

THREE = ("Anna", "Bruno", "Carlo")


def typed(jokers: bool = True, **counts: str) -> Deal:
    """A deal as typed at ``/mano``: each count a total or a card list."""
    return Deal(tuple(read_report(p, text, jokers=jokers) for p, text in counts.items()))


def worked_example() -> list[Deal]:
    return [
        typed(Anna="0", Bruno="K,A,7", Carlo="12"),
        typed(Carlo="0", Anna="JK,2", Bruno="40"),
        typed(Bruno="0", Anna="5", Carlo="A,A"),
    ]


def played(match: Match, deals: Sequence[Deal]) -> Match:
    for deal in deals:
        match = match.with_deal(deal)
    return match


def test_the_worked_example() -> None:
    match = Match(THREE, HomeRules(deals=3, jokers=True))
    deals = worked_example()
    assert [d.closer for d in deals] == ["Anna", "Carlo", "Bruno"]
    assert [r.cards.text for d in deals for r in d.reports if r.cards] == ["K,A,7", "JK,2", "A,A"]
    assert [r.points for d in deals for r in d.reports if r.cards] == [28, 27, 22]
    totals = []
    for deal in deals:
        assert not match.is_over()
        match = match.with_deal(deal)
        totals.append(tuple(match.totals().values()))

    assert totals == [(0, 28, 12), (27, 68, 12), (32, 68, 34)]
    assert match.is_over()
    assert match.standings() == (
        Standing(1, "Anna", 32),
        Standing(2, "Carlo", 34),
        Standing(3, "Bruno", 68),
    )
    assert match.winners() == ("Anna",)
    assert match.running_totals()[-1] == match.totals()


def test_after_the_last_deal_no_more_are_taken() -> None:
    match = played(Match(THREE, HomeRules(deals=3, jokers=True)), worked_example())
    with pytest.raises(MatchOver) as caught:
        match.with_deal(typed(Anna="0", Bruno="1", Carlo="2"))
    assert caught.value.played == 3


def deal(*points: int, players: Sequence[str] = THREE) -> Deal:
    return Deal.of(dict(zip(players, points, strict=True)))


@pytest.mark.parametrize(("hundred", "over"), [(99, False), (100, True)])
def test_the_game_ends_when_someone_reaches_the_target(hundred: int, over: bool) -> None:
    match = Match(THREE, HomeRules(target=100)).with_deal(deal(0, 60, 10))
    assert not match.is_over()
    assert match.with_deal(deal(0, hundred - 60, 5)).is_over() is over


def test_whichever_end_comes_first() -> None:
    rules = HomeRules(deals=5, target=50)
    assert played(Match(THREE, rules), [deal(0, 30, 1), deal(0, 20, 1)]).is_over()
    rules = HomeRules(deals=2, target=500)
    assert not Match(THREE, rules).with_deal(deal(0, 1, 1)).is_over()
    assert played(Match(THREE, rules), [deal(0, 1, 1)] * 2).is_over()


def test_with_no_end_the_game_runs_until_closed_by_hand() -> None:
    match = played(Match(THREE), [deal(0, 300, 300)] * 10)
    assert not match.is_over()
    assert match.winners() == ("Anna",)


def test_equal_lowest_totals_win_together() -> None:
    match = played(
        Match(("Anna", "Bruno", "Carlo", "Dario"), HomeRules(deals=2)),
        [
            deal(0, 10, 20, 6, players=("Anna", "Bruno", "Carlo", "Dario")),
            deal(10, 0, 25, 5, players=("Anna", "Bruno", "Carlo", "Dario")),
        ],
    )
    assert [(s.rank, s.player) for s in match.standings()] == [
        (1, "Anna"),
        (1, "Bruno"),
        (3, "Dario"),
        (4, "Carlo"),
    ]
    assert match.winners() == ("Anna", "Bruno")


def test_no_deal_no_winner() -> None:
    assert Match(THREE).winners() == ()
    assert Match(THREE).totals() == {"Anna": 0, "Bruno": 0, "Carlo": 0}


def test_a_single_game_is_one_deal_won_by_the_closer() -> None:
    single = Match(THREE, HomeRules(single=True))
    assert not single.is_over()
    match = single.with_deal(deal(35, 0, 2))
    assert match.is_over()
    assert match.winners() == ("Bruno",)
    with pytest.raises(MatchOver):
        match.with_deal(deal(0, 1, 2))


def test_a_single_game_with_no_closer_goes_to_the_lowest_points() -> None:
    assert Match(THREE, HomeRules(single=True)).with_deal(deal(35, 7, 9)).winners() == ("Bruno",)
    tie = Match(THREE, HomeRules(single=True)).with_deal(deal(7, 7, 9))
    assert tie.winners() == ("Anna", "Bruno")


def test_the_deal_passes_clockwise_from_the_first_dealer() -> None:
    match = Match(THREE, first_dealer=1)
    assert [match.dealer_of(n) for n in range(1, 6)] == ["Bruno", "Carlo", "Anna", "Bruno", "Carlo"]
    assert match.next_dealer == "Bruno"
    assert match.with_deal(deal(0, 1, 1)).next_dealer == "Carlo"
    assert Match(THREE, first_dealer=2).next_dealer == "Carlo"
    with pytest.raises(ValueError, match="no seat 3"):
        Match(THREE, first_dealer=3)


@pytest.mark.parametrize(
    ("options", "option", "value"),
    [
        ({"deals": 0}, "deals", 0),
        ({"deals": 51}, "deals", 51),
        ({"target": 0}, "target", 0),
        ({"cards_dealt": 9}, "cards", 9),
        ({"cards_dealt": 14}, "cards", 14),
    ],
)
def test_options_out_of_range_are_refused(
    options: Mapping[str, int], option: str, value: int
) -> None:
    with pytest.raises(OptionOutOfRange) as caught:
        HomeRules(**options)  # type: ignore[arg-type]
    assert (caught.value.option, caught.value.value) == (option, value)


def test_options_at_their_bounds_are_taken() -> None:
    for rules in (
        HomeRules(deals=1),
        HomeRules(deals=50),
        HomeRules(target=1),
        HomeRules(cards_dealt=10),
        HomeRules(cards_dealt=13),
    ):
        assert not Match(THREE, rules).is_over()


def test_a_single_game_takes_no_end() -> None:
    with pytest.raises(SingleHasOneDeal):
        HomeRules(single=True, deals=3)
    with pytest.raises(SingleHasOneDeal):
        HomeRules(single=True, target=100)


@pytest.mark.parametrize(("count", "allowed"), [(1, False), (2, True), (8, True), (9, False)])
def test_a_table_seats_two_to_eight(count: int, allowed: bool) -> None:
    players = tuple(f"P{n}" for n in range(count))
    if allowed:
        assert Match(players).players == players
    else:
        with pytest.raises(PlayerCount):
            Match(players)


def test_a_deal_counts_everyone_and_nobody_else() -> None:
    match = Match(THREE)
    with pytest.raises(DealNotSeated) as missing:
        match.with_deal(Deal.of({"Anna": 0, "Bruno": 5}))
    assert missing.value.missing == ("Carlo",)
    with pytest.raises(DealNotSeated) as stranger:
        match.with_deal(Deal.of({"Anna": 0, "Bruno": 5, "Carlo": 1, "Dario": 3}))
    assert stranger.value.strangers == ("Dario",)


def test_the_game_deck_is_checked() -> None:
    with pytest.raises(NoJokers):
        Match(THREE).with_deal(typed(Anna="0", Bruno="JK", Carlo="3"))
    with pytest.raises(TooManyPoints):
        Match(THREE).with_deal(deal(0, 761, 3))
    assert Match(THREE, HomeRules(jokers=True)).with_deal(deal(0, 761, 3)).totals()["Bruno"] == 761


def test_a_deal_is_counted_again_or_taken_back() -> None:
    match = played(Match(THREE, HomeRules(deals=3, jokers=True)), worked_example())
    fixed = match.with_deal_replaced(2, typed(Carlo="0", Anna="JK", Bruno="40"))
    assert fixed.totals() == {"Anna": 30, "Bruno": 68, "Carlo": 34}
    last = match.with_deal_replaced(3, typed(Bruno="0", Anna="6", Carlo="A,A"))
    assert last.totals() == {"Anna": 33, "Bruno": 68, "Carlo": 34}
    assert match.without_last_deal().totals() == {"Anna": 27, "Bruno": 68, "Carlo": 12}
    assert not match.without_last_deal().is_over()
    with pytest.raises(NoSuchDeal):
        match.with_deal_replaced(4, deal(0, 1, 1))
    with pytest.raises(NoSuchDeal):
        Match(THREE).without_last_deal()


def test_a_correction_that_would_end_the_game_earlier_is_refused() -> None:
    match = played(Match(THREE, HomeRules(target=100)), [deal(0, 50, 1), deal(0, 40, 1)])
    with pytest.raises(MatchOver) as caught:
        match.with_deal_replaced(1, deal(0, 100, 1))
    assert caught.value.played == 1


def test_a_match_is_rebuilt_from_its_stored_deals() -> None:
    rules = HomeRules(deals=3, jokers=True)
    match = played(Match(THREE, rules, first_dealer=2), worked_example())
    assert Match.rebuilt(THREE, rules, match.deals, first_dealer=2) == match
    with pytest.raises(NoJokers):
        Match.rebuilt(THREE, HomeRules(deals=3), match.deals)


class GameMatch(Protocol):
    """What issue 24's seam asks of every game's match (checked by mypy, here)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def deals(self) -> Sequence[object]: ...
    def is_over(self) -> bool: ...
    def standings(self) -> Sequence[object]: ...
    def totals(self) -> Mapping[str, int]: ...


def test_a_match_offers_what_every_game_offers() -> None:
    match: GameMatch = played(Match(THREE, HomeRules(deals=3, jokers=True)), worked_example())
    assert (len(match.deals), match.is_over(), len(match.standings())) == (3, True, 3)
