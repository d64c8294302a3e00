"""Any showdown the deck allows, typed any way the rules allow, reads back as dealt; any hand
of chips reads back as reported."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.games.tago.parsing import parse_hand, parse_judge
from scoring.tago import DECK, Entry, format_halves

NAMES = ("Anna", "Bruno", "Carlo", "Dario", "Elena", "Fabio", "Gina", "Ugo")
HALVES = ("½", "1/2", "0.5", "m", "M")


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[tuple[int, ...], list[tuple[str, tuple[int, ...]]]]:
    players = draw(st.integers(2, 8))
    dealt = draw(st.permutations(DECK))
    punto = tuple(dealt[:3])
    hands = [(NAMES[i], tuple(dealt[3 + 3 * i : 6 + 3 * i])) for i in range(players)]
    return punto, hands


def typed(cards: tuple[int, ...], half: str, separator: str) -> str:
    return separator.join(half if card == 1 else format_halves(card) for card in cards)


@given(showdowns(), st.sampled_from(HALVES), st.sampled_from([",", ", ", " "]))
def test_a_showdown_typed_any_way_reads_as_dealt(
    dealt: tuple[tuple[int, ...], list[tuple[str, tuple[int, ...]]]], half: str, separator: str
) -> None:
    punto, hands = dealt
    text = f"punto={typed(punto, half, ',')} " + " ".join(
        f"{name} {typed(cards, half, separator)}" for name, cards in hands
    )

    request = parse_judge(text)

    assert request.punto == punto
    assert list(request.hands.items()) == hands


@given(
    showdowns(),
    st.lists(st.integers(250, 90000), min_size=8, max_size=8),
    st.lists(st.booleans(), min_size=8, max_size=8),
)
def test_a_hand_typed_reads_as_reported(
    dealt: tuple[tuple[int, ...], list[tuple[str, tuple[int, ...]]]],
    paid: list[int],
    folds: list[bool],
) -> None:
    punto, hands = dealt
    folds = folds[: len(hands)]
    if all(folds):
        folds[0] = False
    words = [f"punto={typed(punto, '½', ',')}"]
    for (name, cards), amount, folded in zip(hands, paid, folds, strict=False):
        chips = f"{amount // 100}.{amount % 100:02d}"
        words.append(f"{name} {chips} {'lascia' if folded else typed(cards, 'm', ',')}")

    hand = parse_hand(" ".join(words), NAMES)

    assert hand.punto == punto
    assert hand.entries == tuple(
        Entry(name, amount, None if folded else cards, folded)
        for (name, cards), amount, folded in zip(hands, paid, folds, strict=False)
    )
