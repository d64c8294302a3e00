"""The answers of Tagò's commands that need no night and no database: ``/giudica`` (a verdict,
or the pair question with its two buttons) and ``/quote`` (the odds, worked out off the event
loop). A handler parses, calls one of these and replies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.games.tago import texts
from bot.games.tago.choice import JUDGE_CHOICE
from bot.games.tago.parsing import JudgeRequest, OddsRequest
from bot.render import Renderer
from scoring.tago import judge

if TYPE_CHECKING:
    from scoring.tago.odds import Odds


@dataclass(frozen=True)
class Answer:
    """A reply's text and its buttons (label, callback data), one row each."""

    text: str
    buttons: tuple[tuple[str, str], ...] = field(default=())


def judge_answer(request: JudgeRequest) -> Answer:
    """The verdict; or, when the PUNTO has a pair and no ``scelta=``, the question to the
    first player with a button for each of its values."""
    options = request.pending_choice
    if options is not None:
        buttons = texts.choice_buttons(JUDGE_CHOICE, options)
        return Answer(texts.choice_question(request.punto, options), tuple(buttons))
    return Answer(texts.judge_reply(judge(request.punto, request.hands, request.choice)))


def odds_of(request: OddsRequest) -> Odds:
    """The odds of ``request``: CPU work (numpy), exact or 40,000 samples; at most a few tens
    of milliseconds for 8 players. Plain values in and out, so it can run in a thread or a
    worker process."""
    from scoring.tago.odds import odds  # NumPy: loaded in the worker, at the first /quote

    return odds(request.punto, dict(request.shown), choice=request.choice, first=request.first)


async def odds_answer(request: OddsRequest, renderer: Renderer) -> Answer:
    """``/quote``'s reply, the odds worked out by the bot's worker processes
    (``bot.render``): the other chats' replies go on meanwhile."""
    result = await renderer.run(odds_of, request)
    return Answer(texts.odds_reply(request.punto, request.shown, result, request.first))
