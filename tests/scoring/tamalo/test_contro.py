"""Every worked example of RULES.md, "ControTamalo"."""

import pytest

from scoring.tamalo import Hand, Report, Rules, bracket, score_contro
from scoring.tamalo.contro import counter_won, tamalo_won


def hand(caller: str | None = None, counter: str | None = None, out: str = "",
         **totals: int) -> Hand:  # fmt: skip
    reports = tuple(Report(p, s) for p, s in totals.items())
    return Hand(reports, caller, counter, frozenset(out.split()))


@pytest.mark.parametrize(
    ("played", "points"),
    [
        (hand("Anna", out="Dario", Anna=3, Bruno=7, Carlo=12, Dario=0),
         {"Anna": 2, "Bruno": 1, "Carlo": 2, "Dario": -2}),
        (hand("Anna", "Bruno", Anna=4, Bruno=2, Carlo=9, Dario=23),
         {"Anna": 2, "Bruno": -3, "Carlo": 1, "Dario": 3}),
        (hand("Anna", "Bruno", Anna=2, Bruno=3, Carlo=1, Dario=14),
         {"Anna": 2, "Bruno": 3, "Carlo": -3, "Dario": 2}),
        (hand("Anna", Anna=1, Bruno=4, Carlo=30), {"Anna": -2, "Bruno": -1, "Carlo": 4}),
        (hand(None, Anna=4, Bruno=5, Carlo=10, Dario=31),
         {"Anna": -1, "Bruno": 1, "Carlo": 2, "Dario": 4}),
    ],
)  # fmt: skip
def test_rules_examples(played: Hand, points: dict[str, int]) -> None:
    assert score_contro(played, Rules()) == points


@pytest.mark.parametrize(
    ("total", "points"),
    [(0, -1), (4, -1), (5, 1), (9, 1), (10, 2), (19, 2), (20, 3), (21, 3), (29, 3), (30, 4),
     (39, 4), (40, 5), (99, 10)],
)  # fmt: skip
def test_the_tens_bracket(total: int, points: int) -> None:
    assert bracket(total) == points


def test_a_lost_counter_call_leaves_the_caller_to_rule_one() -> None:
    # Bruno's ControTamalo fails (3 is not below 2) and nobody beats Anna: her Tamalo is won.
    played = hand("Anna", "Bruno", Anna=2, Bruno=3, Carlo=9)
    assert score_contro(played, Rules()) == {"Anna": -2, "Bruno": 3, "Carlo": 1}
    assert (tamalo_won(played, Rules()), counter_won(played)) == (True, False)


def test_a_counter_call_level_with_the_caller_loses() -> None:
    played = hand("Anna", "Bruno", Anna=2, Bruno=2, Carlo=9)
    assert score_contro(played, Rules())["Bruno"] == 3


def test_beating_both_calls_pays_the_controtamalo_bonus() -> None:
    # Carlo (0) is below the counter-caller (1) who is below the caller (3).
    played = hand("Anna", "Bruno", Anna=3, Bruno=1, Carlo=0, Dario=7)
    assert score_contro(played, Rules()) == {"Anna": 2, "Bruno": -3, "Carlo": -3, "Dario": 1}


def test_no_cards_without_a_call_scores_minus_two_and_a_plain_zero_minus_one() -> None:
    played = hand(None, out="Anna", Anna=0, Bruno=0, Carlo=12)
    assert score_contro(played, Rules()) == {"Anna": -2, "Bruno": -1, "Carlo": 2}


def test_pari_perde_lets_a_tie_beat_the_tamalo_call() -> None:
    played = hand("Anna", Anna=3, Bruno=3)
    assert score_contro(played, Rules()) == {"Anna": -2, "Bruno": -1}
    assert score_contro(played, Rules(tie_beats_caller=True)) == {"Anna": 2, "Bruno": -2}


def test_a_counter_call_needs_a_different_caller() -> None:
    with pytest.raises(ValueError, match="ControTamalo"):
        hand(None, "Bruno", Anna=1, Bruno=2)
    with pytest.raises(ValueError, match="ControTamalo"):
        hand("Anna", "Anna", Anna=1, Bruno=2)


def test_who_finished_the_cards_has_zero() -> None:
    with pytest.raises(ValueError, match="finished"):
        hand(None, out="Anna", Anna=3, Bruno=2)
