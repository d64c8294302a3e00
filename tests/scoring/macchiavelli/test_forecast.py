"""Chi vince? for a Macchiavelli home game: chances that add up, a leader far ahead nearly
sure, players alike close, the same seed the same numbers, and a certainty only where the
rules give one (RULES-macchiavelli.md, "Home game": the deals, the target, lowest wins)."""

import math
from collections.abc import Sequence

import numpy as np
import pytest

from scoring.macchiavelli import Deal, HomeRules, Match, deck_points
from scoring.macchiavelli.forecast import DealHistory, PlayerDeals, contenders, forecast, has_end
from scoring.macchiavelli.forecast.model import deal_model
from scoring.macchiavelli.forecast.simulate import simulate

FOUR = ("Anna", "Bruno", "Carlo", "Dario")


def played(rules: HomeRules, rows: Sequence[Sequence[int]], players: Sequence[str] = FOUR) -> Match:
    """A match after deals given as points in seat order."""
    match = Match(tuple(players), rules)
    for row in rows:
        match = match.with_deal(Deal.of(dict(zip(players, row, strict=True))))
    return match


def history(closes: dict[str, int]) -> DealHistory:
    """A group's past deals of four: each player closed ``closes[p]`` of them, and was left
    with 40 points otherwise."""
    return DealHistory.from_deals(
        Deal.of({p: 0 if p == closer else 40 for p in FOUR})
        for closer, times in closes.items()
        for _ in range(times)
    )


@pytest.mark.parametrize(
    "rules",
    [
        HomeRules(deals=6),
        HomeRules(target=200),
        HomeRules(deals=8, target=150, jokers=True),
        HomeRules(single=True),
    ],
)
def test_the_chances_add_up_to_one_before_and_during_a_game(rules: HomeRules) -> None:
    match = Match(FOUR, rules)
    chances = forecast(match).win
    assert math.isclose(sum(chances.values()), 1.0)
    assert set(chances) == set(FOUR)
    if not rules.single:
        match = match.with_deal(Deal.of({"Anna": 0, "Bruno": 30, "Carlo": 45, "Dario": 12}))
        chances = forecast(match, seed=4).win
        assert math.isclose(sum(chances.values()), 1.0)
        assert list(chances) == ["Anna", "Dario", "Bruno", "Carlo"]  # the standings' order
        assert all(0 < chance < 1 for chance in chances.values())


def test_a_player_far_ahead_is_above_90_percent() -> None:
    match = played(HomeRules(deals=6), [(0, 90, 80, 70), (0, 60, 75, 95), (0, 50, 40, 60)])
    chances = forecast(match).win
    assert chances["Anna"] > 0.9
    assert chances["Anna"] < 1


def test_players_alike_are_close_before_the_first_deal() -> None:
    chances = forecast(Match(FOUR, HomeRules(deals=6))).win
    assert all(abs(chance - 0.25) < 0.03 for chance in chances.values())


def test_a_group_s_frequent_closer_is_the_favourite() -> None:
    group = history({"Anna": 25, "Bruno": 5, "Carlo": 5, "Dario": 5})
    chances = forecast(Match(FOUR, HomeRules(deals=6)), group).win
    assert max(chances, key=chances.__getitem__) == "Anna"
    assert chances["Anna"] > 0.4
    assert chances["Anna"] < 0.9  # 40 deals make a strong player, not a sure winner


def test_the_same_seed_gives_the_same_numbers() -> None:
    match = played(HomeRules(target=150), [(0, 30, 45, 12), (20, 0, 33, 41)])
    group = history({"Anna": 10, "Bruno": 10, "Carlo": 10, "Dario": 10})
    assert forecast(match, group, seed=7) == forecast(match, group, seed=7)
    assert forecast(match, group, seed=7).win != forecast(match, group, seed=8).win


def test_a_history_counts_each_player_s_deals() -> None:
    deals = [
        Deal.of({"Anna": 0, "Bruno": 28, "Carlo": 12}),
        Deal.of({"Anna": 12, "Bruno": 0}),
        Deal.of({"Anna": 5, "Bruno": 7, "Carlo": 9}),  # nobody closed
    ]
    counted = DealHistory.from_deals(deals)
    assert (counted.deals, counted.closed) == (3, 2)
    assert counted.of("Anna") == PlayerDeals({0: 1, 12: 1, 5: 1}, 1 / 3 + 1 / 2 + 1 / 3)
    assert (counted.of("Bruno").closed, counted.of("Bruno").deals) == (1, 3)
    assert counted.of("Zoe") == PlayerDeals()


# --- certain only when the rules make it certain ---


def test_a_target_reached_ends_the_game_and_its_winner_is_certain() -> None:
    match = played(HomeRules(target=100), [(0, 60, 40, 30), (10, 40, 0, 30)])
    assert match.is_over()  # Bruno reached 100 exactly
    result = forecast(match)
    assert result.win == {"Anna": 1.0, "Carlo": 0.0, "Dario": 0.0, "Bruno": 0.0}
    assert (result.ends_next, result.deals_left, result.runs) == (0.0, 0.0, 0)


def test_one_point_short_of_the_target_nothing_is_certain() -> None:
    match = played(HomeRules(target=100), [(0, 60, 40, 30), (10, 39, 0, 30)])
    assert not match.is_over()
    result = forecast(match)
    assert all(0 < chance < 1 for chance in result.win.values())
    assert result.ends_next > 0.6  # unless Bruno closes, his next count ends the game
    assert result.win["Anna"] > 0.6


def test_a_tie_at_the_end_is_shared() -> None:
    match = played(HomeRules(deals=2), [(0, 10, 20, 30), (10, 0, 20, 30)])
    assert forecast(match).win == {"Anna": 0.5, "Bruno": 0.5, "Carlo": 0.0, "Dario": 0.0}


def test_on_the_last_deal_a_lead_no_count_can_make_up_is_certain() -> None:
    most = deck_points(jokers=False)  # 760: the most a count may be
    far = played(HomeRules(deals=3), [(0, most, most, most), (0, 1, 1, 700)])
    assert contenders(far) == ("Anna",)
    assert forecast(far).win == {"Anna": 1.0, "Bruno": 0.0, "Carlo": 0.0, "Dario": 0.0}
    # A lead of exactly one count's most: the others can still draw level, a shared win.
    level = played(HomeRules(deals=3), [(0, most - 1, most - 1, most - 1), (0, 1, 1, 1)])
    assert contenders(level) == FOUR
    assert all(0 < chance < 1 for chance in forecast(level).win.values())


def test_a_lead_two_deals_can_make_up_is_not_certain() -> None:
    most = deck_points(jokers=False)
    match = played(HomeRules(deals=3), [(0, most, most, most)])
    assert contenders(match) == FOUR
    match = played(HomeRules(deals=3), [(0, most, most - 1, most - 1), (0, most, 1, 1)])
    assert contenders(match) == ("Anna", "Carlo", "Dario")  # Bruno 1520 behind, 1 deal left


def test_jokers_raise_the_most_a_count_may_be() -> None:
    rows = [(0, 760, 760, 760), (0, 40, 40, 40)]  # 800 behind, one deal left
    assert contenders(played(HomeRules(deals=3), rows)) == ("Anna",)  # at most 760 a count
    assert contenders(played(HomeRules(deals=3, jokers=True), rows)) == FOUR  # 860


def test_a_target_counts_nobody_out() -> None:
    """Far behind with a target, a player can still win: the leader may be pushed past the
    target while they close; only a number of deals puts a player out of reach."""
    match = played(HomeRules(target=2000), [(0, 760, 760, 760), (0, 760, 760, 760)])
    assert contenders(match) == FOUR
    assert all(chance > 0 for chance in forecast(match).win.values())


def test_the_single_game_is_won_by_its_closer() -> None:
    rules = HomeRules(single=True)
    chances = forecast(Match(FOUR, rules)).win
    assert math.isclose(sum(chances.values()), 1.0)
    done = played(rules, [(12, 0, 40, 7)])
    assert forecast(done).win["Bruno"] == 1.0


def test_a_game_without_an_end_has_no_forecast() -> None:
    assert not has_end(HomeRules())
    assert has_end(HomeRules(deals=1))
    assert has_end(HomeRules(target=1))
    with pytest.raises(ValueError, match="without an end"):
        forecast(Match(FOUR))


def test_the_next_deal_s_end_and_the_deals_left() -> None:
    match = played(HomeRules(deals=4), [(0, 30, 45, 12), (20, 0, 33, 41)])
    result = forecast(match)
    assert (result.ends_next, result.deals_left) == (0.0, 2.0)
    last = played(HomeRules(deals=3), [(0, 30, 45, 12), (20, 0, 33, 41)])
    assert (forecast(last).ends_next, forecast(last).deals_left) == (1.0, 1.0)


def test_the_runs_end_as_the_engine_ends_a_game() -> None:
    """Each simulated run ends after the game's deals or on the deal that takes a total to the
    target, whichever first; nobody's total goes down."""
    match = played(HomeRules(deals=6, target=250), [(0, 30, 45, 12), (20, 0, 33, 41)])
    model = deal_model(match.players, DealHistory(), match.deals, jokers=False)
    runs = simulate(match, model, 500, seed=3)
    before = np.array([[match.totals()[p]] for p in FOUR])
    assert (runs.totals >= before).all()
    reached = runs.totals.max(axis=0) >= 250
    assert ((runs.ended_after == 6) | reached).all()
    assert (reached[runs.ended_after < 6]).all()
    assert ((runs.ended_after > 2) & (runs.ended_after <= 6)).all()
    assert 0 < reached.mean() < 1  # both ends happen
