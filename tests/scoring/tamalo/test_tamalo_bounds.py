"""Tamalo's smaller rules at their boundaries (found by make mutate): Jokers only when the game
takes them, who left and must play an undone hand again, a joiner before the first hand, a
night's figures and a 4 Quadri game's places."""

import pytest

from scoring.tamalo import (
    CardError,
    Game,
    Hand,
    Mode,
    NightFigures,
    Report,
    Rules,
    card_value,
    is_card,
    night_figures,
    placings,
    score_classic,
)
from scoring.tamalo.classic import call_won

THREE = ("Anna", "Bruno", "Carlo")


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


def test_a_joker_counts_only_when_the_game_takes_jokers() -> None:
    assert card_value("jk", jokers=True) == 15
    with pytest.raises(CardError) as joker:
        card_value("JK")
    assert joker.value.joker
    with pytest.raises(CardError) as unknown:
        card_value("ZZ")
    assert not unknown.value.joker
    assert [is_card(t) for t in ("jolly", "KN", " 7 ", "Anna", "")] == [
        True,
        True,
        True,
        False,
        False,
    ]


def test_who_left_after_an_undone_hand_plays_it_again_and_nobody_else() -> None:
    game = Game(THREE).with_hand(hand(Anna=1, Bruno=2, Carlo=3)).without_player("Carlo")
    assert game.leaving() == ()

    undone = game.without_last_hand()

    assert undone.leaving() == ("Carlo",)
    assert undone.next_players == THREE


def test_joining_before_the_first_hand_is_sitting_from_the_start() -> None:
    assert Game(("Anna", "Bruno")).with_player("Carlo") == Game(THREE)


def test_a_night_counts_every_win_and_keeps_controtamalo_apart() -> None:
    won = Game(("Anna", "Bruno"), Rules(target=20)).with_hand(hand(Anna=3, Bruno=30))
    contro = Game(("Anna", "Bruno"), Rules(mode=Mode.CONTRO)).with_hand(hand(Anna=3, Bruno=30))

    classic_points, contro_points = won.hands[0].points, contro.hands[0].points

    figures = night_figures([(won, True), (won, True), (contro, False)])

    assert figures.wins == {"Anna": 2, "Bruno": 0}
    assert figures.hand_points == {p: [classic_points[p]] * 2 for p in ("Anna", "Bruno")}
    assert figures.contro_points == {p: [contro_points[p]] for p in ("Anna", "Bruno")}


@pytest.mark.parametrize(
    "figures",
    [
        NightFigures(wins={"Anna": 1}, hand_points={}, calls={}),
        NightFigures(wins={"Anna": 0}, hand_points={"Anna": [5]}, calls={}),
        NightFigures(wins={}, hand_points={}, calls={}, contro_points={"Anna": [2]}),
        NightFigures(wins={}, hand_points={}, calls={"Anna": (1, 0)}),
    ],
)
def test_a_night_with_any_one_figure_is_not_empty(figures: NightFigures) -> None:
    assert not figures.is_empty()
    assert NightFigures(wins={"Anna": 0}, hand_points={"Anna": []}, calls={}).is_empty()


def test_a_4_quadri_games_places_carry_the_quadri_won() -> None:
    game = Game(("Anna", "Bruno", "Carlo", "Dario"), Rules(quadri=True))
    for _ in range(16):
        game = game.with_hand(hand(Anna=10, Bruno=20, Carlo=30, Dario=40))

    assert [(p.player, p.quadri) for p in placings(game)] == [
        ("Anna", 4),
        ("Bruno", 0),
        ("Carlo", 0),
        ("Dario", 0),
    ]
    classic = Game(THREE, Rules(target=20)).with_hand(hand(Anna=3, Bruno=30, Carlo=1))
    assert [p.quadri for p in placings(classic)] == [None, None, None]


def test_a_call_with_exactly_five_unbeaten_pays_off() -> None:
    called = hand("Anna", Anna=5, Bruno=9, Carlo=12)

    assert call_won(called, Rules()) is True
    assert score_classic(called, Rules())["Anna"] == 5
    assert call_won(hand("Anna", Anna=6, Bruno=9, Carlo=12), Rules()) is False


def test_a_classic_game_closes_no_quadro() -> None:
    game = Game(THREE)
    for _ in range(8):
        game = game.with_hand(hand(Anna=1, Bruno=2, Carlo=3))

    assert game.closed_quadri() == 0
    assert game.quadro_winners(1) == ()


def test_when_the_first_dealer_leaves_before_the_first_hand_the_next_seat_deals_it() -> None:
    game = Game(("Anna", "Bruno", "Carlo", "Dario"), first_dealer=1).without_player("Bruno")

    assert game.next_dealer == "Carlo"
    assert game.with_hand(hand(Anna=1, Carlo=2, Dario=3)).next_dealer == "Dario"


def test_a_4_quadri_game_with_the_dealer_tie_break_is_level_before_its_first_hand() -> None:
    four = ("Anna", "Bruno", "Carlo", "Dario")
    game = Game(four, Rules(quadri=True, dealer_tiebreak=True))

    assert game.dealer_weighted_means() == dict.fromkeys(four, 0)
    assert [s.rank for s in game.standings()] == [1, 1, 1, 1]
