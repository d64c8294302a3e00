"""Taking a deal back at its boundaries (found by make mutate): one deal goes, however many
were played; with none played the chat says there is none yet (``played`` 0); a match
rebuilt without a first dealer is dealt from the first seat."""

import pytest

from scoring.macchiavelli import (
    Deal,
    HomeRules,
    Match,
    NoSuchDeal,
    Tournament,
    TournamentRules,
    nava_plan,
)
from tests.scoring.macchiavelli.test_tournament import FOURTEEN, counted, play_round

THREE = ("Anna", "Bruno", "Carlo")


def deal(anna: int, bruno: int, carlo: int) -> Deal:
    return Deal.of({"Anna": anna, "Bruno": bruno, "Carlo": carlo})


def test_a_match_takes_back_its_last_deal_only_and_none_before_the_first() -> None:
    match = Match(THREE).with_deal(deal(0, 10, 20)).with_deal(deal(5, 0, 7))

    assert match.without_last_deal().deals == match.deals[:1]
    with pytest.raises(NoSuchDeal) as refused:
        Match(THREE).without_last_deal()
    assert refused.value.played == 0


def test_a_match_rebuilt_without_a_first_dealer_is_dealt_from_the_first_seat() -> None:
    rebuilt = Match.rebuilt(THREE, HomeRules(), [deal(0, 10, 20)])

    assert rebuilt.dealer_of(1) == "Anna"
    assert rebuilt == Match(THREE).with_deal(deal(0, 10, 20))


def test_a_table_takes_back_its_last_deal_only_and_none_before_the_first() -> None:
    rules = TournamentRules(rounds=3)
    tournament = Tournament(rules, nava_plan(FOURTEEN, rules.moved_rounds))
    played = play_round(tournament)
    deals = played.deals_at(1, 1)

    assert len(deals) >= 2
    assert played.without_last_deal(1, 1).deals_at(1, 1) == deals[:-1]
    started = tournament.with_deal(1, counted(FOURTEEN.players_at(1), 1, 1))
    with pytest.raises(NoSuchDeal) as refused:
        started.without_last_deal(1, 2)  # table 2 has played none
    assert refused.value.played == 0
