"""The answers that need no night: the judge's (or its question) and the odds, worked out off
the event loop."""

from __future__ import annotations

import threading

import pytest

from bot.games.tago import answers, texts
from bot.games.tago.answers import Answer, judge_answer, odds_answer, odds_of
from bot.games.tago.choice import parse_choice_data, with_choice
from bot.games.tago.parsing import OddsRequest, parse_judge, parse_odds
from bot.render import Renderer
from scoring.tago.odds import Odds


def test_the_question_s_button_answers_the_command_again_with_the_choice() -> None:
    typed = "punto=6,6,2 Anna 1,1,2 Bruno 0,0,0"
    question = judge_answer(parse_judge(typed))
    (_label, data) = question.buttons[1]
    parsed = parse_choice_data(data)
    assert parsed is not None

    verdict = judge_answer(parse_judge(with_choice(typed, parsed[1])))

    assert verdict.buttons == ()
    assert verdict.text.endswith("🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!")


def test_the_odds_answer_is_the_odds_reply() -> None:
    request = parse_odds("punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6")
    result = odds_of(request)

    assert result.exact
    assert sum(result.chances.values()) == pytest.approx(1)
    assert texts.odds_reply(request.punto, request.shown, result).startswith(
        "📊 Quote con PUNTO 4,½,?"
    )


async def test_the_odds_are_worked_out_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []

    def recorded(request: OddsRequest) -> Odds:
        threads.append(threading.current_thread())
        return odds_of(request)

    monkeypatch.setattr(answers, "odds_of", recorded)
    request = parse_odds("punto=4,½,0 primo=Bruno Anna 4,4 Bruno 3,1")

    answer = await odds_answer(request, Renderer(workers=0))

    assert len(threads) == 1
    assert threads[0] is not threading.main_thread()
    assert answer == Answer(texts.odds_reply(request.punto, request.shown, odds_of(request)))
