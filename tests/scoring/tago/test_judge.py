"""The showdown's judge: every worked example of RULES-tago.md, "Who wins", and each rule at
its boundary. Values are in halves: 9 is 4½."""

import itertools

import pytest

from scoring.tago import (
    PUNTO,
    Category,
    ChoiceNeeded,
    NotAnOption,
    PlayerCount,
    TooManyOfValue,
    WrongNumberOfCards,
    judge,
    parse_cards,
    punto_options,
    read_punto,
)
from scoring.tago.cards import Cards


def cards(text: str) -> Cards:
    return parse_cards(text, expected=3)


def hands(**typed: str) -> dict[str, Cards]:
    return {player: cards(text) for player, text in typed.items()}


def test_worked_example_valore_beats_a_pair_taken_off() -> None:
    shown = judge(cards("4,½,0"), hands(Anna="4,4,2", Bruno="3,1,½", Carlo="5,6,½"))

    assert shown.punto.value == 9
    assert (shown.winners, shown.category) == (("Bruno",), Category.VALORE)
    anna = shown.line("Anna")  # 10 or 2 → 2, a coppia di 4 tolta, 2½ off
    assert (anna.score, anna.pair_removed, anna.distance) == (4, 8, 5)
    assert (shown.line("Bruno").score, shown.line("Bruno").pair_removed) == (9, None)
    carlo = shown.line("Carlo")
    assert (carlo.score, carlo.distance, carlo.category) == (23, 14, Category.PUNTEGGIO)


def test_worked_example_copia_beats_valore() -> None:
    shown = judge(cards("1,7,3"), hands(Anna="1,7,3", Bruno="5,6,0"))

    assert (shown.winners, shown.category) == (("Anna",), Category.COPIA)
    assert shown.line("Bruno").category is Category.VALORE


def test_worked_example_the_pair_rule_on_both_sides() -> None:
    shown = judge(cards("2,½,0"), hands(Anna="6,6,2", Bruno="1,1,½"))

    assert shown.punto.value == 5
    assert (shown.line("Anna").score, shown.line("Anna").distance) == (4, 1)  # 14 or 2 → 2
    assert (shown.line("Bruno").score, shown.line("Bruno").pair_removed) == (5, None)  # 2½
    assert (shown.winners, shown.category) == (("Bruno",), Category.VALORE)


def test_worked_example_zero_beats_a_valore_on_a_chosen_punto() -> None:
    shown = judge(cards("6,6,2"), hands(Anna="1,1,2", Bruno="0,0,0"), choice=4)

    assert (shown.punto.value, shown.punto.pair_removed) == (4, 12)
    assert shown.line("Anna").category is Category.VALORE  # 4 or 2 → 2
    assert (shown.winners, shown.category) == (("Bruno",), Category.ZERO)


def test_a_punto_with_a_pair_taken_at_its_total_removes_no_pair() -> None:
    """The first player chooses the PUNTO's value: its total keeps every card (only the
    third card's value takes the pair away)."""
    whole = read_punto(cards("4,4,2"), choice=20)
    assert (whole.value, whole.pair_removed) == (20, None)
    third = read_punto(cards("4,4,2"), choice=4)
    assert (third.value, third.pair_removed) == (4, 8)  # the pair of 4s


def test_worked_example_tris_against_tris_is_a_tie() -> None:
    shown = judge(cards("2,½,5"), hands(Anna="4,4,4", Bruno="6,6,6", Carlo="7,½,0"))

    assert shown.line("Carlo").category is Category.VALORE
    assert (shown.winners, shown.category, shown.tie) == (("Anna", "Bruno"), Category.TRIS, True)


def test_worked_example_one_above_and_one_below_at_the_same_distance_tie() -> None:
    shown = judge(cards("4,½,0"), hands(Anna="1,3,0", Bruno="2,3,0"))

    assert shown.winners == ("Anna", "Bruno")
    assert shown.category is Category.PUNTEGGIO
    assert shown.line("Anna").distance == shown.line("Bruno").distance == 1


def test_the_closer_score_wins_by_half_a_point() -> None:
    shown = judge(cards("4,½,0"), hands(Anna="1,3,0", Bruno="2,3,½"))  # 4 against 5½

    assert shown.winners == ("Anna",)


def test_the_pair_rule_keeps_the_total_when_the_third_card_is_no_closer() -> None:
    # PUNTO 6: 5,5,2 is 12 (6 off) or 2 (4 off) → 2; 3,3,2 is 8 (2 off) or 2 (4 off) → 8.
    shown = judge(cards("1,2,3"), hands(Anna="5,5,2", Bruno="3,3,2", Carlo="4,4,0"))

    assert (shown.line("Anna").score, shown.line("Anna").pair_removed) == (4, 10)
    assert (shown.line("Bruno").score, shown.line("Bruno").pair_removed) == (16, None)
    assert (shown.line("Carlo").score, shown.line("Carlo").pair_removed) == (16, None)  # 8 or 0


def test_at_equal_distance_the_total_counts_and_no_pair_is_said_to_be_taken() -> None:
    # PUNTO 6; 4,4,2 is 10 (4 off) or 2 (4 off).
    line = judge(cards("1,2,3"), hands(Anna="4,4,2", Bruno="8,8,0")).line("Anna")

    assert (line.score, line.pair_removed, line.distance) == (20, None, 8)


def test_the_ranking_from_zero_down_to_punteggio() -> None:
    punto = cards("1,7,3")
    ladder = ["0,0,0", "1,7,3", "5,5,5", "6,4,1", "5,6,½"]  # ZERO, COPIA, TRIS, VALORE, 11½
    for stronger, weaker in itertools.pairwise(ladder):
        assert judge(punto, hands(Anna=weaker, Bruno=stronger)).winners == ("Bruno",)


def test_a_copia_against_a_copia_ties() -> None:
    shown = judge(cards("1,2,3"), hands(Anna="1,2,3", Bruno="3,2,1"))

    assert (shown.winners, shown.category) == (("Anna", "Bruno"), Category.COPIA)


def test_a_tris_is_a_tris_whatever_its_score_and_beats_a_valore() -> None:
    # PUNTO 2,2,2 chosen as 2: 3,3,3 scores 9 or 3 (1 off), still a TRIS.
    shown = judge(cards("2,2,2"), hands(Anna="3,3,3", Bruno="1,1,0"), choice=4)

    assert shown.line("Bruno").category is Category.VALORE
    assert (shown.winners, shown.category) == (("Anna",), Category.TRIS)


def test_a_punto_with_a_pair_needs_the_first_players_choice() -> None:
    assert punto_options(cards("6,6,2")) == (28, 4)
    with pytest.raises(ChoiceNeeded) as asked:
        judge(cards("6,6,2"), hands(Anna="1,1,2", Bruno="3,3,3"))
    assert asked.value.options == (28, 4)
    assert judge(cards("6,6,2"), hands(Anna="1,1,2", Bruno="7,7,0"), choice=28).winners == (
        "Bruno",
    )


def test_a_punto_whose_two_values_are_equal_needs_no_choice() -> None:
    # 0,0,5: the sum is 5 and the third card alone is 5.
    assert punto_options(cards("0,0,5")) == (10,)
    assert read_punto(cards("0,0,5")).value == 10


def test_a_choice_the_punto_does_not_offer_is_refused() -> None:
    with pytest.raises(NotAnOption) as refused:
        judge(cards("6,6,2"), hands(Anna="1,1,2", Bruno="3,3,3"), choice=6)
    assert refused.value.options == (28, 4)
    with pytest.raises(NotAnOption):
        judge(cards("4,½,0"), hands(Anna="1,1,2", Bruno="3,3,3"), choice=8)
    assert judge(cards("4,½,0"), hands(Anna="1,1,2", Bruno="3,3,3"), choice=9).punto.value == 9


@pytest.mark.parametrize("count", [1, 9])
def test_fewer_than_two_or_more_than_eight_players_are_refused(count: int) -> None:
    players = {f"P{n}": (2 * (n % 8 + 1), 0, 1) for n in range(count)}
    with pytest.raises(PlayerCount) as refused:
        judge((2, 4, 6), players)
    assert refused.value.count == count


def test_two_and_eight_players_are_judged() -> None:
    eight = {f"P{n}": (2 * n, 2 * n, 2 * (n + 1) % 16) for n in range(1, 9)}
    eight = dict(
        zip(
            eight,
            [
                (2, 2, 0),
                (4, 4, 1),
                (6, 6, 1),
                (8, 8, 2),
                (10, 10, 0),
                (12, 12, 14),
                (14, 4, 16),
                (16, 16, 6),
            ],
            strict=True,
        )
    )
    assert len(judge((0, 1, 14), eight).lines) == 8
    assert len(judge((0, 1, 14), dict(list(eight.items())[:2])).lines) == 2


@pytest.mark.parametrize(("typed", "count"), [("4,4", 2), ("4,4,2,1", 4)])
def test_a_player_with_other_than_three_cards_is_refused_and_named(typed: str, count: int) -> None:
    with pytest.raises(WrongNumberOfCards) as refused:
        judge(cards("4,½,0"), {"Anna": parse_cards(typed), "Bruno": cards("3,1,½")})
    assert (refused.value.player, refused.value.count) == ("Anna", count)


def test_a_punto_with_other_than_three_cards_is_refused() -> None:
    with pytest.raises(WrongNumberOfCards) as refused:
        judge(parse_cards("4,½"), hands(Anna="1,1,2", Bruno="3,3,3"))
    assert refused.value.player == PUNTO


def test_a_value_used_a_fourth_time_across_punto_and_hands_is_refused_naming_it() -> None:
    with pytest.raises(TooManyOfValue) as refused:
        judge(cards("4,½,0"), hands(Anna="4,4,2", Bruno="4,1,½"))
    assert (refused.value.value, refused.value.count) == (8, 4)
