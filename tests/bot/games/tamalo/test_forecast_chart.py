"""/previsione's chart draws a real PNG, whatever the story."""

from __future__ import annotations

import io
import itertools

from matplotlib.image import imread

from bot.games.tamalo.charts.forecast import forecast_chart, spread_labels, story_lines
from scoring.tamalo import Game, Hand, Report
from scoring.tamalo.forecast.chances import story

SIX = ("Anna", "Bruno", "Carla", "Dario", "Elena", "$Franco")
WORDS = {"title": "Chi vince?", "hands_label": "mani", "chance_label": "probabilità"}


def pixels(png: bytes) -> tuple[int, ...]:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return tuple(imread(io.BytesIO(png), format="png").shape)


def test_a_game_of_six_draws_a_png() -> None:
    game = Game(SIX)
    for totals in ((3, 12, 7, 25, 0, 9), (0, 30, 4, 11, 9, 2)):
        game = game.with_hand(Hand(tuple(Report(p, t) for p, t in zip(SIX, totals, strict=True))))
    png = forecast_chart(story(game, runs=200), {"Anna": 0}, **WORDS)
    assert pixels(png)[:2] == (960, 1280)


def test_a_finished_game_ends_at_100_percent_for_the_winner() -> None:
    game = Game(("Anna", "Bruno")).with_hand(Hand((Report("Anna", 3), Report("Bruno", 100))))
    chances = story(game, runs=200)
    assert chances[-1] == {"Anna": 1.0, "Bruno": 0.0}
    assert pixels(forecast_chart(chances, {}, **WORDS))[:2] == (960, 1280)


def test_a_joiner_enters_the_story_when_seated_and_a_leaver_leaves_it() -> None:
    game = Game(("Anna", "Bruno", "Carla")).with_hand(
        Hand((Report("Anna", 3), Report("Bruno", 20), Report("Carla", 9)))
    )
    game = game.with_player("Dario").without_player("Carla")
    game = game.with_hand(Hand((Report("Anna", 3), Report("Bruno", 20), Report("Dario", 9))))
    chances = story(game, runs=200)
    assert set(chances[0]) == {"Anna", "Bruno", "Carla"}
    assert set(chances[1]) == {"Anna", "Bruno", "Carla"}  # as hand 1's reply said
    assert set(chances[2]) == {"Anna", "Bruno", "Dario"}
    assert pixels(forecast_chart(chances, {}, **WORDS))[:2] == (960, 1280)


def test_a_story_before_the_first_hand_draws_too() -> None:
    assert pixels(forecast_chart(story(Game(SIX), runs=200), {}, **WORDS))[:2] == (960, 1280)


def test_end_labels_keep_apart_and_in_range() -> None:
    placed = spread_labels([0.0, 0.0, 0.0, 0.0, 1.0, 100.0])
    ordered = sorted(placed)
    assert all(b - a >= 5.5 - 1e-9 for a, b in itertools.pairwise(ordered))
    assert max(placed) <= 100.0


#: /previsione after /nuova Anna Bruno Carlo Dario, a hand, /esci Dario, a hand, /entra
#: Elena, a hand (issue 23): each point as that hand's reply said it.
LEFT_AND_JOINED = (
    {"Anna": 0.25, "Bruno": 0.25, "Carlo": 0.25, "Dario": 0.25},
    {"Anna": 0.54, "Bruno": 0.20, "Carlo": 0.14, "Dario": 0.12},
    {"Anna": 0.60, "Bruno": 0.25, "Carlo": 0.15},
    {"Anna": 0.50, "Bruno": 0.20, "Carlo": 0.10, "Elena": 0.20},
)


def test_a_leavers_line_stops_where_they_left_and_a_joiners_starts_where_they_joined() -> None:
    lines = {line.player: line for line in story_lines(LEFT_AND_JOINED)}
    assert lines["Dario"].hands == (0, 1)
    assert lines["Dario"].chances == (0.25, 0.12)
    assert lines["Elena"].hands == (3,)
    assert lines["Anna"].hands == (0, 1, 2, 3)
    assert pixels(forecast_chart(LEFT_AND_JOINED, {}, **WORDS))[:2] == (960, 1280)


def test_the_end_labels_are_the_last_points_and_add_up_to_100() -> None:
    lines = story_lines(LEFT_AND_JOINED)
    ends = [line for line in lines if line.at_end]
    assert [line.player for line in ends] == ["Anna", "Bruno", "Carlo", "Elena"]
    assert sum(round(100 * line.chances[-1]) for line in ends) == 100
    (gone,) = [line for line in lines if not line.at_end]
    assert gone.player == "Dario"
