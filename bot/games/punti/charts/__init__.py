"""A points game's chart: each side's total round by round (``rounds``). ``draw_rounds`` is
what a chart worker runs (``bot.render.Renderer.draw``): matplotlib is imported inside, in the
worker only."""

from __future__ import annotations

from collections.abc import Mapping

from bot import i18n
from scoring.punti import Match


def draw_rounds(match: Match, title: str, colours: Mapping[str, int], language: str) -> bytes:
    """In a worker: the game's chart as PNG bytes, its labels in ``language``."""
    from bot.games.punti.charts import rounds  # only the worker loads matplotlib

    with i18n.speaking(language):
        return rounds.rounds_chart(match, title=title, colours=colours)
