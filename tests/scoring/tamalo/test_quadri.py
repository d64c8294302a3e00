"""RULES.md, "4 Quadri": four quadri of four hands, ranked by quadri won, then points."""

from fractions import Fraction

import pytest

from scoring.tamalo import Game, Hand, Report, Rules, Standing, quadro_of

PLAYERS = ("Anna", "Bruno", "Carlo", "Dario")


def hand(a: int, b: int, c: int, d: int, caller: str | None = None) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in zip(PLAYERS, (a, b, c, d), strict=True)), caller)


def play(game: Game, *hands: Hand) -> Game:
    for h in hands:
        game = game.with_hand(h)
    return game


QUADRI = Rules(quadri=True)


def test_hands_are_numbered_within_their_quadro() -> None:
    assert [quadro_of(n) for n in (1, 4, 5, 16)] == [(1, 1), (1, 4), (2, 1), (4, 4)]


def test_a_quadro_closes_after_four_hands_and_its_lowest_total_wins_it() -> None:
    game = play(Game(PLAYERS, QUADRI), *[hand(10, 20, 30, 40)] * 3)
    assert game.quadro_winners(1) == ()
    game = game.with_hand(hand(50, 0, 0, 0))  # Anna 80, Bruno 60, Carlo 90, Dario 120
    assert game.quadro_totals(1) == {"Anna": 80, "Bruno": 60, "Carlo": 90, "Dario": 120}
    assert game.quadro_winners(1) == ("Bruno",)
    assert game.quadri_won() == {"Anna": 0, "Bruno": 1, "Carlo": 0, "Dario": 0}


def test_equal_lowest_totals_each_win_the_quadro() -> None:
    game = play(Game(PLAYERS, QUADRI), *[hand(6, 6, 30, 40)] * 4)
    assert game.quadro_winners(1) == ("Anna", "Bruno")
    assert game.quadri_won() == {"Anna": 1, "Bruno": 1, "Carlo": 0, "Dario": 0}


def test_the_game_ends_after_sixteen_hands_not_at_the_target() -> None:
    game = play(Game(PLAYERS, QUADRI), *[hand(60, 70, 80, 90)] * 15)
    assert game.totals()["Dario"] >= 100
    assert not game.is_over()
    game = game.with_hand(hand(60, 70, 80, 90))
    assert game.is_over()
    with pytest.raises(ValueError, match="16 hands"):
        game.with_hand(hand(1, 2, 3, 4))


def test_more_quadri_beat_fewer_points() -> None:
    # Anna wins quadri 1-3 narrowly; Bruno wins quadro 4 by a mile and has fewer points.
    close = [hand(10, 11, 50, 50)] * 4
    rout = [hand(90, 0, 50, 50)] * 4
    game = play(Game(PLAYERS, QUADRI), *close * 3, *rout)
    assert game.totals() == {"Anna": 480, "Bruno": 132, "Carlo": 800, "Dario": 800}
    assert game.standings() == (
        Standing(1, "Anna", 480, 3),
        Standing(2, "Bruno", 132, 1),
        Standing(3, "Carlo", 800, 0),
        Standing(3, "Dario", 800, 0),
    )
    assert game.winners() == ("Anna",)


def test_level_on_quadri_the_lower_total_wins_and_a_full_tie_stays_a_tie() -> None:
    game = play(
        Game(PLAYERS, QUADRI),
        *[hand(5, 6, 30, 30)] * 4,  # Anna
        *[hand(6, 5, 30, 30)] * 4,  # Bruno
        *[hand(30, 30, 5, 6)] * 4,  # Carlo
        *[hand(30, 31, 6, 5)] * 4,  # Dario; Bruno one point worse
    )
    assert game.quadri_won() == dict.fromkeys(PLAYERS, 1)
    assert game.totals() == {"Anna": 284, "Bruno": 288, "Carlo": 284, "Dario": 284}
    assert [(s.rank, s.player) for s in game.standings()] == [
        (1, "Anna"),
        (1, "Carlo"),
        (1, "Dario"),
        (4, "Bruno"),
    ]
    assert game.winners() == ("Anna", "Carlo", "Dario")


def test_the_dealer_weighted_mean_breaks_the_tie_when_chosen() -> None:
    # Dealers rotate Anna, Bruno, Carlo, Dario; Anna's distance is 4, 3, 2, 1 and Bruno's
    # 1, 4, 3, 2. Both score 20 per quadro, but Anna's points fall where they weigh most:
    # Anna (4·10 + 3·10) / 10 = 7, Bruno (3·10 + 2·10) / 10 = 5 per quadro.
    quadro = [hand(10, 0, 50, 50), hand(10, 0, 50, 50), hand(0, 10, 50, 50), hand(0, 10, 50, 50)]
    plain = play(Game(PLAYERS, QUADRI), *quadro * 4)
    assert plain.winners() == ("Anna", "Bruno")
    weighted = play(Game(PLAYERS, Rules(quadri=True, dealer_tiebreak=True)), *quadro * 4)
    means = weighted.dealer_weighted_means()
    assert (means["Anna"], means["Bruno"]) == (Fraction(7), Fraction(5))
    assert weighted.winners() == ("Bruno",)
    assert [s.rank for s in weighted.standings()] == [1, 2, 3, 3]


def test_distance_from_the_dealer_counts_clockwise_and_the_dealer_is_farthest() -> None:
    game = Game(PLAYERS, QUADRI, first_dealer=1)  # Bruno deals hand 1, Carlo hand 2
    assert [game.distance_from_dealer(1, p) for p in PLAYERS] == [3, 4, 1, 2]
    assert [game.distance_from_dealer(2, p) for p in PLAYERS] == [2, 3, 4, 1]


def test_four_quadri_takes_exactly_four_players_and_no_changes() -> None:
    with pytest.raises(ValueError, match="exactly 4"):
        Game(PLAYERS[:3], QUADRI)
    with pytest.raises(ValueError, match="late joiners"):
        Game(PLAYERS, QUADRI).with_player("Elena")
    with pytest.raises(ValueError, match="same 4"):
        Game(PLAYERS, QUADRI).without_player("Anna")


def test_quadri_can_be_scored_with_controtamalo() -> None:
    from scoring.tamalo import Mode

    game = Game(PLAYERS, Rules(mode=Mode.CONTRO, quadri=True)).with_hand(hand(1, 4, 9, 30, "Anna"))
    assert game.totals() == {"Anna": -2, "Bruno": -1, "Carlo": 1, "Dario": 4}
