"""The odds at their boundaries (found by make mutate): an exact count draws each distinct
sequence once, the exact limit is inclusive, a sampled count is seeded with 0 unless told and
its standard error is the sample's, and the value the first player takes for a PUNTO's pair
is the one said."""

import itertools

import numpy as np
import pytest

from scoring.tago.cards import COPIES, VALUES
from scoring.tago.draws import every_draw, sampled_draws, sequences
from scoring.tago.errors import WrongNumberOfCards
from scoring.tago.odds import odds
from scoring.tago.strength import multiset, shares_at, showdowns

PUNTO = (0, 1)
SHOWN = {"Anna": (0, 2), "Bruno": (4, 8)}


@pytest.mark.parametrize(("counts", "length"), [((2, 1, 0, 3), 3), ((1, 1, 1), 2), ((3, 2), 4)])
def test_sequences_counts_every_distinct_draw_once(counts: tuple[int, ...], length: int) -> None:
    deck = [value for value, count in enumerate(counts) for _ in range(count)]
    distinct = set(itertools.permutations(deck, length))

    assert sequences(counts, length) == len(distinct)


def test_an_exact_count_draws_each_distinct_sequence_once_weighted_by_its_orderings() -> None:
    counts = [2, 0, 1, 0, 0, 0, 0, 0, 0, 1]  # four cards of three values left: 0, 0, 1, 8
    rows, weights = every_draw(counts, 2)

    assert len(rows) == len({tuple(r) for r in rows.tolist()}) == sequences(counts, 2) == 7
    assert weights.sum() == 4 * 3  # ordered draws of 2 from 4 cards


def test_the_exact_limit_is_the_most_distinct_draws_counted_exactly() -> None:
    exact = odds(PUNTO, SHOWN)
    assert exact.exact

    assert odds(PUNTO, SHOWN, exact_limit=exact.draws).exact
    assert not odds(PUNTO, SHOWN, exact_limit=exact.draws - 1, samples=200).exact


def test_a_sampled_count_is_seeded_with_0_and_its_error_is_the_samples() -> None:
    punto, shown = (0, 4, 8), {"Anna": (2, 6), "Bruno": (10, 12)}  # no pair: no choice

    sampled = odds(punto, shown, exact_limit=0, samples=300)

    assert sampled == odds(punto, shown, exact_limit=0, samples=300, seed=0)
    seen = [*punto, *shown["Anna"], *shown["Bruno"]]
    deck = [v for v in VALUES for _ in range(COPIES - seen.count(v))]
    hidden, _ = sampled_draws(deck, 2, 300, 0)
    full = np.broadcast_to(np.asarray(punto), (300, 3))
    won = shares_at(showdowns(full, np.asarray(list(shown.values())), hidden), full.sum(axis=1))
    expected = won.std(axis=0, ddof=1) / np.sqrt(300)
    assert list(sampled.standard_errors.values()) == pytest.approx(expected.tolist(), rel=1e-12)


def test_the_value_the_first_player_takes_for_a_pair_is_the_one_said() -> None:
    # A third card ½ pairs the PUNTO's ½: Anna, first, is better off with the 0 alone.
    assert odds(PUNTO, SHOWN).choices == {(0, 1, 1): 0}


@pytest.mark.parametrize(
    ("punto", "shown", "who", "count", "expected"),
    [
        ((0, 1, 2, 4), SHOWN, "PUNTO", 4, 3),
        ((0,), SHOWN, "PUNTO", 1, 2),
        (PUNTO, {"Anna": (0, 2, 4), "Bruno": (4, 8)}, "Anna", 3, 2),
    ],
)
def test_odds_of_too_many_or_few_cards_say_how_many_are_expected(
    punto: tuple[int, ...], shown: dict[str, tuple[int, ...]], who: str, count: int, expected: int
) -> None:
    with pytest.raises(WrongNumberOfCards) as refused:
        odds(punto, shown)
    assert (refused.value.player, refused.value.count, refused.value.expected) == (
        who,
        count,
        expected,
    )


def test_three_cards_sign_the_same_in_any_order_and_only_as_the_same_cards() -> None:
    triples = np.asarray(list(itertools.product(VALUES, repeat=3)), dtype=np.int64)
    signed = multiset(triples[:, 0], triples[:, 1], triples[:, 2]).tolist()

    by_signature: dict[int, set[tuple[int, ...]]] = {}
    for triple, signature in zip(triples.tolist(), signed, strict=True):
        by_signature.setdefault(signature, set()).add(tuple(sorted(triple)))
    assert all(len(cards) == 1 for cards in by_signature.values())  # only the same cards
    assert len(by_signature) == len({tuple(sorted(t)) for t in triples.tolist()})  # any order
