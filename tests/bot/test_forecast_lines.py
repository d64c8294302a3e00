"""The forecast's line: whole percentages that add up to 100, never a false certainty."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.texts.forecast_lines import forecast_line, percentages


def test_the_line_names_the_favourite_first() -> None:
    line = forecast_line("Chi vince?", {"Carla": 0.15, "Anna": 0.61, "Bruno": 0.24})
    assert line == "Chi vince? Anna 61% · Bruno 24% · Carla 15%"


def test_a_long_shot_and_a_near_certainty_are_not_rounded_away() -> None:
    line = forecast_line("Who wins?", {"Anna": 0.998, "Bruno": 0.002, "Carla": 0.0})
    assert line == "Who wins? Anna >99% · Bruno <1% · Carla 0%"


def test_a_chance_under_half_a_percent_is_never_rounded_up_to_1() -> None:
    # The point left over goes to Carla's 0.45% by the largest remainder alone (.45 > .3,
    # .25): it goes to Anna's instead, and Carla's stays "<1%".
    line = forecast_line("Chi vince?", {"Anna": 0.663, "Bruno": 0.3325, "Carla": 0.0045})
    assert line == "Chi vince? Anna 67% · Bruno 33% · Carla <1%"
    # From half a percent, it is 1%.
    line = forecast_line("Chi vince?", {"Anna": 0.663, "Bruno": 0.332, "Carla": 0.005})
    assert line == "Chi vince? Anna 66% · Bruno 33% · Carla 1%"


def test_a_finished_game_shows_the_winner_at_100() -> None:
    assert forecast_line("Chi vince?", {"Anna": 1.0, "Bruno": 0.0}) == (
        "Chi vince? Anna 100% · Bruno 0%"
    )


@given(st.lists(st.floats(0, 1), min_size=1, max_size=6).filter(lambda xs: sum(xs) > 0))
def test_percentages_add_up_to_100(weights: list[float]) -> None:
    total = sum(weights)
    chances = {f"P{i}": w / total for i, w in enumerate(weights)}
    whole = percentages(chances)
    assert sum(whole.values()) == 100
    assert all(abs(whole[p] - 100 * c) < 1 for p, c in chances.items())
