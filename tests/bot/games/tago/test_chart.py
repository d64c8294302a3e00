"""The night's chart as data (``plan_night``: each stack hand by hand from the buy-in, re-buys
as steps, the marks) and as a picture (PNG bytes, the labels in the chat's language)."""

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from bot import i18n
from bot.games.tago.charts import draw_night
from bot.games.tago.charts.plan import Mark, Spot, plan_night
from bot.render import Renderer
from scoring.tago import Entry, Hand, Night, Stakes, Table
from tests.scoring.tago.test_night_properties import PLAYERS, TABLE, random_hand

LIGHT = Table(Stakes.LIGHT, min_bet=500, stack=30000, ante=500, jackpot_percent=0)
PNG = b"\x89PNG\r\n\x1a\n"


def a_night() -> Night:
    """Anna re-buys before the first hand; Bruno goes all in and loses it all, re-buys during
    the next hand; Dario sits down after the first; Carlo pays a curioso."""
    night = Night.open(LIGHT, {"Anna": None, "Bruno": None, "Carlo": None})
    night = night.with_rebuy("Anna", 30000)
    night = night.with_hand(
        Hand(
            (
                Entry("Anna", 30000, (2, 14, 6)),
                Entry("Bruno", 30000, (10, 12, 0)),
                Entry("Carlo", 500, folded=True),
            ),
            punto=(2, 14, 6),
        )
    )
    night = night.with_curioso("Carlo")
    night = night.with_player("Dario")
    return night.with_hand(
        Hand(
            (
                Entry("Anna", 1000, folded=True),
                Entry("Bruno", 2000, (0, 0, 0), rebuy=2000),
                Entry("Carlo", 2000, (4, 4, 6)),
                Entry("Dario", 500, folded=True),
            ),
            punto=(8, 1, 2),
        )
    )


def test_each_line_starts_at_the_buy_in_and_steps_up_at_a_rebuy() -> None:
    plan = plan_night(a_night())
    anna, bruno, carlo, dario = plan.lines
    assert (anna.xs, anna.ys) == ([0, 0, 1, 2], [300, 600, 905, 895])
    # Bruno's re-buy during hand 2 is a step before it, from his 0 to the 20 he puts in; his
    # ZERO takes the pot (55) and the jackpot (Carlo's curioso, 5).
    assert (bruno.xs, bruno.ys) == ([0, 1, 1, 2], [300, 0, 20, 60])
    assert (carlo.xs, carlo.ys) == ([0, 1, 2], [300, 290, 270])  # 5 of ante, 5 of curioso
    assert (dario.xs, dario.ys) == ([1, 2], [300, 295])  # from where he sat down
    assert plan.spots == (
        Spot(Mark.REBUY, "Anna", 0, 600),
        Spot(Mark.ALL_IN, "Bruno", 1, 0),
        Spot(Mark.JOINED, "Dario", 1, 300),
        Spot(Mark.REBUY, "Bruno", 1, 20),
        Spot(Mark.JACKPOT, "Bruno", 2, 60),
    )
    assert [end.text for end in plan.ends] == [
        "Anna 895 (+295)",
        "Bruno 60 (−260)",
        "Carlo 270 (−30)",
        "Dario 295 (−5)",
    ]
    assert plan.low < 0 < 905 < plan.high  # a stack at 0 is drawn clear of the axis


def test_the_end_labels_speak_the_chat_s_language() -> None:
    night = Night.open(TABLE, {"Anna": None, "Bruno": None})
    night = night.with_hand(Hand((Entry("Anna", 250, folded=True), Entry("Bruno", 250)), None))
    with i18n.speaking("en"):
        texts = [end.text for end in plan_night(night).ends]
    assert texts == ["Anna 27.50 (−2.50)", "Bruno 31.76 (+1.76)"]


def test_the_chart_is_a_png_in_either_language() -> None:
    drawn = []
    for language in ("it", "en"):
        png = draw_night(a_night(), "Serata di Tagò", {"Anna": 0, "Bruno": 1}, language)
        assert png.startswith(PNG)
        assert png[16:24] == (1280).to_bytes(4, "big") + (960).to_bytes(4, "big")  # IHDR
        drawn.append(png)
    assert drawn[0] != drawn[1]


async def test_a_worker_process_draws_the_same_chart_as_a_thread() -> None:
    """The night, its table and events go to the worker and come back the same picture."""
    in_thread, in_process = Renderer(workers=0), Renderer(workers=1)
    try:
        drawn = await asyncio.gather(
            *(r.draw(draw_night, a_night(), "Serata", {}, "it") for r in (in_thread, in_process))
        )
    finally:
        in_process.close()
    assert drawn[0] == drawn[1]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_every_line_ends_at_the_player_s_chips(data: st.DataObject) -> None:
    night = Night.open(TABLE, dict.fromkeys(PLAYERS[:3]))
    for _ in range(data.draw(st.integers(1, 6))):
        if data.draw(st.booleans()):
            night = night.with_rebuy(data.draw(st.sampled_from(night.players)), 1000)
        if len(night.players) < len(PLAYERS) and data.draw(st.booleans()):
            night = night.with_player(PLAYERS[len(night.players)])
        hand = random_hand(data, night)
        if hand is None:
            break
        night = night.with_hand(hand)
    plan = plan_night(night)
    assert {line.player: line.ys[-1] for line in plan.lines} == {
        player: chips / 100 for player, chips in night.totals().items()
    }
    assert all(line.xs[-1] == len(night.deals) or not night.deals for line in plan.lines)
    assert all(plan.low < y < plan.high for line in plan.lines for y in line.ys)
