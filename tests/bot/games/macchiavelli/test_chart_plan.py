"""What a home game's chart shows, as data: the running totals of the rules' worked example,
who closed where, the winners only once the game is over, the target drawn or named."""

from __future__ import annotations

import asyncio

from bot.games.macchiavelli.chart import spread
from bot.games.macchiavelli.chart_plan import MIN_SPAN, plan_match
from bot.games.macchiavelli.parsing import parse_deal, resolve
from bot.games.macchiavelli.render import draw_match
from bot.render import Renderer
from scoring.macchiavelli import HomeRules, Match


def played(players: str, rules: HomeRules, *deals: str) -> Match:
    match = Match(tuple(players.split()), rules)
    for deal in deals:
        match = match.with_deal(resolve(parse_deal(deal), match.players, rules))
    return match


WORKED = played(
    "Anna Bruno Carlo",
    HomeRules(deals=3, jokers=True),
    "Anna 0 Bruno K,A,7 Carlo 12",
    "Carlo 0 Anna JK,2 Bruno 40",
    "5 0 A,A",
)


def test_the_worked_example_line_by_line() -> None:
    plan = plan_match(WORKED, finished=True)
    assert [(line.player, line.ys) for line in plan.lines] == [
        ("Anna", (0, 0, 27, 32)),
        ("Bruno", (0, 28, 68, 68)),
        ("Carlo", (0, 12, 12, 34)),
    ]
    assert plan.closes == ((1, "Anna", 0), (2, "Carlo", 12), (3, "Bruno", 68))
    assert plan.winners == ("Anna",)
    assert plan.deals == 3
    assert plan.low < 0 < 68 < plan.high  # a star at 0 shows whole
    assert plan.target_line is None
    assert plan.target_above is None


def test_no_winner_is_drawn_while_the_game_runs() -> None:
    assert plan_match(WORKED, finished=False).winners == ()
    closed_by_hand = played("Anna Bruno", HomeRules(), "0 10", "4 0")
    assert plan_match(closed_by_hand, finished=True).winners == ("Anna",)


def test_a_near_target_is_drawn_and_a_far_one_named_above() -> None:
    near = plan_match(played("Anna Bruno", HomeRules(target=50), "0 30"), finished=False)
    assert (near.target_line, near.target_above) == (50, None)
    assert near.high > 50
    far = plan_match(played("Anna Bruno", HomeRules(target=1000), "0 30"), finished=False)
    assert (far.target_line, far.target_above) == (None, 1000)
    assert far.high < 100


def test_a_game_with_no_deal_has_an_axis_all_the_same() -> None:
    plan = plan_match(Match(("Anna", "Bruno")), finished=False)
    assert plan.deals == 0
    assert plan.closes == ()
    assert plan.high >= MIN_SPAN


def test_end_labels_are_spread_apart_and_kept_under_the_top() -> None:
    assert spread([32, 34, 68], gap=5, high=100) == [32, 37, 68]
    assert spread([99, 100], gap=5, high=100) == [95, 100]


async def test_a_worker_process_draws_the_same_chart_as_a_thread() -> None:
    plan = plan_match(WORKED, finished=True)
    in_thread, in_process = Renderer(workers=0), Renderer(workers=1)
    try:
        drawn = await asyncio.gather(
            in_thread.draw(draw_match, plan, "Prova", {"Anna": 0}, "it"),
            in_process.draw(draw_match, plan, "Prova", {"Anna": 0}, "it"),
        )
    finally:
        in_process.close()
    assert drawn[0] == drawn[1]
    assert drawn[0].startswith(b"\x89PNG\r\n\x1a\n")
