"""Every worked example of RULES.md, "Classic scoring"."""

import pytest

from scoring.tamalo import Hand, Report, Rules, score_classic
from scoring.tamalo.classic import call_won


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


@pytest.mark.parametrize(
    ("played", "points"),
    [
        (hand("Anna", Anna=3, Bruno=12, Carlo=7, Dario=25),
         {"Anna": 0, "Bruno": 12, "Carlo": 7, "Dario": 25}),
        (hand("Anna", Anna=4, Bruno=2, Carlo=9), {"Anna": 15, "Bruno": 0, "Carlo": 9}),
        (hand("Anna", Anna=8, Bruno=10, Carlo=11), {"Anna": 23, "Bruno": 10, "Carlo": 11}),
        (hand("Anna", Anna=5, Bruno=6), {"Anna": 5, "Bruno": 6}),
        (hand("Anna", Anna=5, Bruno=3), {"Anna": 15, "Bruno": 0}),
        (hand("Anna", Anna=3, Bruno=3), {"Anna": 0, "Bruno": 0}),
        (hand(None, Anna=4, Bruno=6, Carlo=0), {"Anna": 0, "Bruno": 6, "Carlo": 0}),
    ],
)  # fmt: skip
def test_rules_examples(played: Hand, points: dict[str, int]) -> None:
    assert score_classic(played, Rules()) == points


def test_tie_beats_the_caller_with_pari_perde() -> None:
    assert score_classic(hand("Anna", Anna=3, Bruno=3), Rules(tie_beats_caller=True)) == {
        "Anna": 15,
        "Bruno": 0,
    }


def test_caller_above_five_pays_even_when_lowest() -> None:
    assert score_classic(hand("Anna", Anna=8, Bruno=10), Rules())["Anna"] == 23
    assert call_won(hand("Anna", Anna=8, Bruno=10), Rules()) is False


def test_call_outcome() -> None:
    assert call_won(hand("Anna", Anna=3, Bruno=12), Rules()) is True
    assert call_won(hand("Anna", Anna=4, Bruno=2), Rules()) is False
    assert call_won(hand(None, Anna=4, Bruno=2), Rules()) is None


def test_comparison_uses_raw_totals_not_zeroed_points() -> None:
    # Both score 0 under rule 1, but Bruno's raw 2 is lower than Anna's 4: the call is lost.
    assert score_classic(hand("Anna", Anna=4, Bruno=2), Rules())["Anna"] == 15


def test_a_hand_cannot_report_a_player_twice_or_a_negative_total() -> None:
    with pytest.raises(ValueError, match="twice"):
        Hand((Report("Anna", 1), Report("Anna", 2)))
    with pytest.raises(ValueError, match="negative"):
        Hand((Report("Anna", -1),))
    with pytest.raises(ValueError, match="caller"):
        Hand((Report("Anna", 1),), caller="Bruno")
