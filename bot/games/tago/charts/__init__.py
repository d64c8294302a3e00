"""Tagò's chart: ``plan`` works out what a night's chart shows (each stack hand by hand, the
re-buys, all-ins and jackpots) without drawing; ``night`` draws it with the shared
``bot.charts``. ``draw_night`` is what a chart worker runs (``bot.render.Renderer.draw``):
matplotlib is imported inside, in the worker only."""

from __future__ import annotations

from collections.abc import Mapping

from bot import i18n
from scoring.tago import Night


def draw_night(night: Night, title: str, colours: Mapping[str, int], language: str) -> bytes:
    """In a worker: a night's chart as PNG bytes, its labels in ``language``."""
    from bot.games.tago.charts import night as chart_night  # only the worker loads matplotlib

    with i18n.speaking(language):
        return chart_night.night_chart(night, title=title, colours=colours)
