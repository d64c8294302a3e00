"""The odds (issue 26, "the odds"): each player's expected share of the showdown, against a
brute-force enumerator over the physical cards on small cases, sampling against the exact
count, and the reading of a PUNTO pair whose choice is not known yet."""

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tago import (
    DECK,
    NotAnOption,
    NotSeated,
    PlayerCount,
    TooManyOfValue,
    WrongNumberOfCards,
    judge,
    parse_cards,
    punto_options,
)
from scoring.tago.odds import ChoiceRule, odds
from scoring.tago.strength import punto_values, shares


def brute_force(
    punto: tuple[int, ...], shown: dict[str, tuple[int, ...]], rule: ChoiceRule, first: str
) -> dict[str, Fraction]:
    """Every ordering of the physical cards left, judged one by one by ``judge``."""
    left = list(
        (Counter(DECK) - Counter([*punto, *(c for s in shown.values() for c in s)])).elements()
    )
    missing = 3 - len(punto)
    by_punto: dict[tuple[int, ...], list[dict[int, dict[str, Fraction]]]] = defaultdict(list)
    for drawn in permutations(range(len(left)), missing + len(shown)):
        values = [left[i] for i in drawn]
        full = (*punto, *values[:missing])
        hands = {p: (*s, values[missing + n]) for n, (p, s) in enumerate(shown.items())}
        outcome = {}
        for value in punto_options(full):
            winners = judge(full, hands, choice=value).winners
            outcome[value] = {p: Fraction(p in winners, len(winners)) for p in shown}
        by_punto[full].append(outcome)
    total = sum(len(rows) for rows in by_punto.values())
    chances = dict.fromkeys(shown, Fraction(0))
    for full, rows in by_punto.items():
        options = punto_options(full)
        if len(options) == 1 or rule is ChoiceRule.EVEN:
            picked = list(options)
        else:
            mine = [sum(row[v][first] for row in rows) for v in options]
            picked = [options[0] if mine[0] >= mine[1] else options[1]]
        for row in rows:
            for p in shown:
                chances[p] += sum((row[v][p] for v in picked), Fraction(0)) / (len(picked) * total)
    return chances


def two(text: str) -> tuple[int, ...]:
    return parse_cards(text, expected=2)


CASES = [
    ("4,½,0", {"Anna": "4,4", "Bruno": "3,1"}),
    ("6,6,2", {"Anna": "1,1", "Bruno": "0,0"}),
    ("4,½", {"Anna": "4,4", "Bruno": "3,1"}),
    ("6,6", {"Anna": "1,2", "Bruno": "7,7"}),
    ("0,0", {"Anna": "0,5", "Bruno": "8,8"}),
    ("1,7,3", {"Anna": "1,7", "Bruno": "3,3", "Carlo": "6,5"}),
]


@pytest.mark.parametrize(("punto", "shown"), CASES)
@pytest.mark.parametrize("rule", list(ChoiceRule))
def test_the_exact_odds_are_the_brute_force_counts(
    punto: str, shown: dict[str, str], rule: ChoiceRule
) -> None:
    known = parse_cards(punto, expected=(2, 3))
    hands = {p: two(s) for p, s in shown.items()}

    got = odds(known, hands, rule=rule)
    expected = brute_force(known, hands, rule, "Anna")

    assert got.exact
    for player in hands:
        assert got.chances[player] == pytest.approx(float(expected[player]), abs=1e-12)
        assert got.standard_errors[player] == 0
    assert sum(got.chances.values()) == pytest.approx(1)


@settings(max_examples=15, deadline=None)
@given(st.permutations(DECK), st.integers(2, 3), st.sampled_from(list(ChoiceRule)))
def test_random_small_tables_against_the_brute_force(cards, known, rule) -> None:
    punto = tuple(cards[:known])
    hands = {"Anna": tuple(cards[3:5]), "Bruno": tuple(cards[5:7])}

    got = odds(punto, hands, rule=rule, first="Bruno")
    expected = brute_force(punto, hands, rule, "Bruno")

    for player in hands:
        assert got.chances[player] == pytest.approx(float(expected[player]), abs=1e-12)


def test_the_first_player_picks_the_value_that_favours_them() -> None:
    # 6,6 shown: whatever comes third, the PUNTO is 12 + it, or it alone.
    hands = {"Anna": two("1,2"), "Bruno": two("7,7")}
    for first in hands:
        favoured = odds(two("6,6"), hands, first=first).chances[first]
        even = odds(two("6,6"), hands, rule=ChoiceRule.EVEN).chances[first]
        assert favoured > even


def test_a_known_punto_pair_without_a_choice_by_each_reading() -> None:
    punto, hands = parse_cards("6,6,2", expected=3), {"Anna": two("1,1"), "Bruno": two("7,0")}
    by_sum = odds(punto, hands, choice=28).chances
    by_third = odds(punto, hands, choice=4).chances

    even = odds(punto, hands, rule=ChoiceRule.EVEN)
    assert even.chances["Anna"] == pytest.approx((by_sum["Anna"] + by_third["Anna"]) / 2)
    favoured = odds(punto, hands, first="Bruno")
    assert favoured.chances["Bruno"] == pytest.approx(max(by_sum["Bruno"], by_third["Bruno"]))
    assert favoured.choices == {(12, 12, 4): 28 if by_sum["Bruno"] >= by_third["Bruno"] else 4}


def test_when_both_values_give_the_first_player_the_same_chance_the_sum_is_kept() -> None:
    # PUNTO ½,½,0: 1 or 0, and Anna's chance is the same either way.
    punto, hands = parse_cards("½,½,0", expected=3), {"Anna": two("0,0"), "Bruno": two("8,8")}
    by_sum = odds(punto, hands, choice=2).chances
    by_third = odds(punto, hands, choice=0).chances
    assert by_sum["Anna"] == pytest.approx(by_third["Anna"], abs=1e-15)

    assert odds(punto, hands, first="Anna").choices == {(1, 1, 0): 2}


def test_sampling_agrees_with_the_exact_count_within_its_error_and_repeats_with_its_seed() -> None:
    punto, hands = two("4,½"), {"Anna": two("4,4"), "Bruno": two("3,1"), "Carlo": two("5,6")}
    exact = odds(punto, hands)
    sampled = odds(punto, hands, exact_limit=0, samples=20_000, seed=7)

    assert not sampled.exact
    assert sampled.draws == 20_000
    for player in hands:
        error = sampled.standard_errors[player]
        assert 0 < error < 0.01
        assert abs(sampled.chances[player] - exact.chances[player]) < 5 * error
    assert odds(punto, hands, exact_limit=0, samples=20_000, seed=7) == sampled
    assert odds(punto, hands, exact_limit=0, samples=20_000, seed=8) != sampled


def test_eight_players_are_sampled_with_the_error_said() -> None:
    shown = ["4,4", "3,1", "5,6", "0,0", "7,7", "8,2", "½,½", "6,3"]
    hands = {f"P{n}": two(s) for n, s in enumerate(shown)}

    result = odds(two("4,½"), hands)

    assert not result.exact
    assert sum(result.chances.values()) == pytest.approx(1)
    assert all(0 < e < 0.005 for e in result.standard_errors.values())


def test_a_player_who_cannot_lose_is_certain_only_when_it_is() -> None:
    # Bruno holds 0,0 and the last 0 is his to draw or not: never certain either way.
    result = odds(
        parse_cards("8,8,8", expected=3), {"Anna": two("1,1"), "Bruno": two("0,0")}, choice=16
    )
    assert 0 < result.chances["Bruno"] < 1


def test_bad_tables_are_refused() -> None:
    hands = {"Anna": two("4,4"), "Bruno": two("3,1")}
    with pytest.raises(WrongNumberOfCards):
        odds(parse_cards("4"), hands)
    with pytest.raises(WrongNumberOfCards):
        odds(parse_cards("4,½,0,1"), hands)
    with pytest.raises(WrongNumberOfCards):
        odds(two("4,½"), {"Anna": parse_cards("4,4,2"), "Bruno": two("3,1")})
    with pytest.raises(PlayerCount):
        odds(two("4,½"), {"Anna": two("4,4")})
    with pytest.raises(TooManyOfValue):
        odds(two("4,4"), {"Anna": two("4,4"), "Bruno": two("3,1")})
    with pytest.raises(NotAnOption):
        odds(two("4,½"), hands, choice=9)
    with pytest.raises(NotSeated):
        odds(two("4,½"), hands, first="Zeno")


@settings(max_examples=50)
@given(st.permutations(DECK), st.integers(2, 8), st.data())
def test_the_counting_kernel_judges_every_row_as_the_judge_does(cards, players, data) -> None:
    shown = np.asarray(cards[: 2 * players], dtype=np.int64).reshape(players, 2)
    rest = cards[2 * players :]
    rows = data.draw(st.lists(st.permutations(rest), min_size=1, max_size=20))
    punto = np.asarray([row[:3] for row in rows], dtype=np.int64)
    hidden = np.asarray([row[3 : 3 + players] for row in rows], dtype=np.int64)
    total, third = punto_values(punto)

    for value in (total, third):
        got = shares(punto, shown, hidden, value)
        for index, row in enumerate(rows):
            hands = {f"P{n}": (*shown[n].tolist(), int(hidden[index, n])) for n in range(players)}
            winners = judge(tuple(row[:3]), hands, choice=int(value[index])).winners
            expected = [(f"P{n}" in winners) / len(winners) for n in range(players)]
            assert got[index].tolist() == expected
