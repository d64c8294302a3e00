"""Who can still win, or still reach a table's best two, by the rules alone: checked against
the best ending a player could hope for, played through the rules engine."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tamalo import Game, Hand, Mode, Report, Rules
from scoring.tamalo.forecast.chances import chances_now, forecast
from scoring.tamalo.forecast.contenders import contenders

FOUR = ("Anna", "Bruno", "Carla", "Dario")
#: A total that outscores anything played before in any mode (a hand's points grow with it).
HUGE = 100_000


def best_ending(game: Game, player: str) -> Game:
    """The rest of ``game`` at its best for ``player``: they keep nothing, everyone else a
    huge total. No ending can give them more quadri won, the others fewer, or them a lower
    total against the others'."""
    while not game.is_over():
        seated = game.next_players
        game = game.with_hand(Hand(tuple(Report(p, 0 if p == player else HUGE) for p in seated)))
    return game


def places_reached(game: Game, player: str) -> int:
    return next(s.rank for s in game.standings() if s.player == player)


quadri_games = st.builds(
    lambda mode, rows, tiebreak: played(
        Rules(mode=mode, quadri=True, dealer_tiebreak=tiebreak), rows
    ),
    st.sampled_from(list(Mode)),
    st.lists(st.tuples(*[st.integers(0, 40)] * 4), min_size=0, max_size=15),
    st.booleans(),
)


def played(rules: Rules, rows: list[tuple[int, ...]]) -> Game:
    game = Game(FOUR, rules)
    for row in rows:
        game = game.with_hand(Hand(tuple(Report(p, t) for p, t in zip(FOUR, row, strict=True))))
    return game


@settings(max_examples=150, deadline=None)
@given(quadri_games, st.sampled_from([1, 2]))
def test_quadri_contenders_are_who_their_best_ending_makes_it(game: Game, places: int) -> None:
    still = contenders(game, places)
    for player in FOUR:
        best = places_reached(best_ending(game, player), player)
        assert (player in still) == (best <= places), (player, game.quadri_won(), best)


def test_to_a_target_nobody_is_out_of_it() -> None:
    """Anna 11, the others 76 to 91 of 100: even Dario can still win, scoring nothing while
    everyone passes him."""
    game = played(Rules(), [(5, 5, 5, 5), (6, 6, 6, 6), (0, 65, 70, 80)])
    assert contenders(game) == FOUR
    best = best_ending(game, "Dario")
    assert best.winners() == ("Dario",)


def test_who_left_is_no_contender() -> None:
    game = played(Rules(), [(5, 5, 5, 5)]).without_player("Dario")
    assert contenders(game) == ("Anna", "Bruno", "Carla")


def test_quadri_certainty_is_100_and_elimination_0() -> None:
    """Anna won three quadri, the others none or one: the last cannot change it."""
    game = played(Rules(quadri=True), [(0, 10, 10, 20)] * 12)
    assert game.quadri_won() == {"Anna": 3, "Bruno": 0, "Carla": 0, "Dario": 0}
    assert contenders(game) == ("Anna",)
    assert forecast(game).win == {"Anna": 1.0, "Bruno": 0.0, "Carla": 0.0, "Dario": 0.0}


def test_out_of_the_win_is_not_out_of_the_final() -> None:
    """One hand of the last quadro left: Anna has won three, nobody else any. Dario cannot
    win, but can still reach the final by winning the last quadro (keeping 0 while everyone
    else keeps a fortune): not 0% to reach it, though no run drawn gets him there."""
    game = played(Rules(quadri=True), [(0, 10, 10, 40)] * 15)
    assert contenders(game) == ("Anna",)
    assert "Dario" in contenders(game, 2)
    told = forecast(game)
    assert told.win["Dario"] == 0.0
    assert 0.0 < told.top_two["Dario"] < 0.01
    assert chances_now(game, to_final=True)[0] == told.top_two


def test_a_running_game_to_a_target_is_never_certain() -> None:
    """Issue 23's hands: Anna 11, the others 76 to 91 of 100, Dario about to end the game:
    Anna above 99%, never 100%; nobody at 0."""
    game = played(Rules(), [(5, 5, 5, 5), (6, 6, 6, 6), (2, 20, 25, 30)])
    for row in ((3, 25, 20, 30), (0, 20, 25, 20)):
        game = game.with_hand(
            Hand(tuple(Report(p, t) for p, t in zip(FOUR, row, strict=True)), "Anna")
        )
    assert game.totals() == {"Anna": 11, "Bruno": 76, "Carla": 81, "Dario": 91}
    chances = forecast(game).win
    assert chances["Anna"] > 0.99
    assert all(0.0 < chance < 1.0 for chance in chances.values()), chances
