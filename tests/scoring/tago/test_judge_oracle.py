"""The judge against a brute-force restatement of RULES-tago.md, "Who wins", on random deals
from the 30-card deck."""

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from scoring.tago import DECK, Category, judge, punto_options

NAMES = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Gino", "Lia")


def scores(cards: tuple[int, ...]) -> set[int]:
    """Every score a hand has: its total, and the card left when a pair is taken off."""
    found = {sum(cards)}
    for i, j in combinations(range(3), 2):
        if cards[i] == cards[j]:
            found.add(cards[3 - i - j])
    return found


def rank(cards: tuple[int, ...], punto: tuple[int, ...], value: int) -> tuple[int, int]:
    """Stated afresh: a ZERO, then a COPIA, then a TRIS, then the nearest score."""
    if Counter(cards) == Counter({0: 3}):
        return 5, 0
    if Counter(cards) == Counter(punto):
        return 4, 0
    if len(set(cards)) == 1:
        return 3, 0
    distance = min(abs(score - value) for score in scores(cards))
    return (2, 0) if distance == 0 else (1, -distance)


@st.composite
def deals(draw: st.DrawFn) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]], int]:
    players = draw(st.integers(2, 8))
    cards = draw(st.permutations(DECK))
    punto = tuple(cards[:3])
    hands = {NAMES[n]: tuple(cards[3 + 3 * n : 6 + 3 * n]) for n in range(players)}
    return punto, hands, draw(st.sampled_from(punto_options(punto)))


@given(deals())
def test_the_winners_are_those_nobody_beats(deal) -> None:
    punto, hands, value = deal
    ranks = {player: rank(cards, punto, value) for player, cards in hands.items()}
    expected = tuple(p for p in hands if not any(ranks[q] > ranks[p] for q in hands))

    shown = judge(punto, hands, choice=value)

    assert shown.winners == expected
    assert shown.category == Category(ranks[expected[0]][0])


@given(deals())
def test_each_counted_score_is_the_nearest_the_hand_has(deal) -> None:
    punto, hands, value = deal
    shown = judge(punto, hands, choice=value)
    for line in shown.lines:
        assert line.score in scores(line.cards)
        assert line.distance == min(abs(s - value) for s in scores(line.cards))
        assert (line.pair_removed is None) == (line.score == sum(line.cards))
