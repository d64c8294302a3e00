"""RULES-macchiavelli.md, "Victory Points per round, per table": the three worked examples,
the seed's two tables at every boundary, and shared places."""

import pytest

from scoring.macchiavelli import TableScore, difference_vp, placement_vp, score_table


def rows(scores: tuple[TableScore, ...]) -> list[tuple[str, int, int, int, int, int]]:
    return [(s.player, s.mp, s.placement_vp, s.difference, s.difference_vp, s.vp) for s in scores]


def test_a_table_of_four_over_four_deals() -> None:
    mp = {"Anna": 20, "Bruno": 55, "Carlo": 70, "Dario": 130}
    assert rows(score_table(mp, 4)) == [
        ("Anna", 20, 8, 195, 10, 18),
        ("Bruno", 55, 6, 90, 4, 10),
        ("Carlo", 70, 4, 60, 2, 6),
        ("Dario", 130, 2, 0, 0, 2),
    ]


def test_a_table_of_three_and_the_bye_over_three_deals() -> None:
    mp = {"Elena": 0, "Franco": 31, "Gino": 40}
    assert rows(score_table(mp, 3)) == [
        ("Elena", 0, 8, 71, 4, 12),
        ("Franco", 31, 6, 9, 0, 6),
        ("Gino", 40, 4, 0, 0, 4),
    ]


def test_a_tie_over_five_deals() -> None:
    mp = {"Anna": 40, "Bruno": 40, "Carlo": 121, "Dario": 300}
    assert rows(score_table(mp, 5)) == [
        ("Anna", 40, 7, 341, 12, 19),
        ("Bruno", 40, 7, 341, 12, 19),
        ("Carlo", 121, 4, 179, 6, 10),
        ("Dario", 300, 2, 0, 0, 2),
    ]


def test_the_table_lists_lowest_mp_first_whatever_the_order_given() -> None:
    mp = {"Dario": 130, "Carlo": 70, "Anna": 20, "Bruno": 55}
    assert [s.player for s in score_table(mp, 3)] == ["Anna", "Bruno", "Carlo", "Dario"]


SHORT = [
    (0, 0), (30, 0), (31, 2), (60, 2), (61, 4), (90, 4), (91, 6), (120, 6),
    (121, 8), (160, 8), (161, 10), (200, 10), (201, 12), (5000, 12),
]  # fmt: skip
LONG = [
    (0, 0), (40, 0), (41, 2), (80, 2), (81, 4), (130, 4), (131, 6), (190, 6),
    (191, 8), (250, 8), (251, 10), (300, 10), (301, 12), (5000, 12),
]  # fmt: skip


@pytest.mark.parametrize("deals", [3, 4])
@pytest.mark.parametrize(("difference", "vp"), SHORT)
def test_the_table_for_three_and_four_deals(deals: int, difference: int, vp: int) -> None:
    assert difference_vp(difference, deals) == vp


@pytest.mark.parametrize(("difference", "vp"), LONG)
def test_the_table_for_five_deals(difference: int, vp: int) -> None:
    assert difference_vp(difference, 5) == vp


@pytest.mark.parametrize("deals", [2, 6])
def test_a_round_has_three_to_five_deals(deals: int) -> None:
    with pytest.raises(ValueError, match="3 to 5 deals"):
        difference_vp(0, deals)


@pytest.mark.parametrize(
    ("mp", "vp"),
    [
        ((10, 20, 30, 40), (8, 6, 4, 2)),
        ((10, 10, 30, 40), (7, 7, 4, 2)),
        ((10, 20, 20, 40), (8, 5, 5, 2)),
        ((10, 20, 30, 30), (8, 6, 3, 3)),
        ((10, 10, 10, 40), (6, 6, 6, 2)),
        ((10, 20, 20, 20), (8, 4, 4, 4)),
        ((10, 10, 10, 10), (5, 5, 5, 5)),
        ((10, 10, 30, 30), (7, 7, 3, 3)),
        ((10, 20, 30), (8, 6, 4)),
        ((10, 10, 30), (7, 7, 4)),
        ((10, 30, 30), (8, 5, 5)),
        ((10, 10, 10), (6, 6, 6)),
    ],
)
def test_players_level_on_mp_share_their_places_vp(
    mp: tuple[int, ...], vp: tuple[int, ...]
) -> None:
    players = ["Anna", "Bruno", "Carlo", "Dario"][: len(mp)]
    assert placement_vp(dict(zip(players, mp, strict=True))) == dict(zip(players, vp, strict=True))


def test_level_players_differ_by_nothing_between_them() -> None:
    scores = score_table({"Anna": 50, "Bruno": 50, "Carlo": 50}, 3)
    assert [(s.difference, s.vp) for s in scores] == [(0, 6)] * 3
