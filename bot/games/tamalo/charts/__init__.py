"""Tamalo's charts: ``plan`` works out what a game's chart shows (its lines and marks, the
night's panels) without drawing; ``game``, ``night`` and ``forecast`` draw them with the shared
``bot.charts``. The ``draw_*`` functions are what a chart worker runs
(``bot.render.Renderer.draw``): matplotlib is imported inside, in the worker only."""

from __future__ import annotations

from collections.abc import Mapping

from bot import i18n
from play.tamalo.forecast import Outlook
from scoring import tamalo


def draw_game(
    game: tamalo.Game, title: str, colours: Mapping[str, int], finished: bool, language: str
) -> bytes:
    """In a worker: a game's chart as PNG bytes, its labels in ``language``."""
    from bot.games.tamalo.charts import game as chart_game  # only the worker loads matplotlib

    with i18n.speaking(language):
        return chart_game.game_chart(game, title=title, colours=colours, finished=finished)


def draw_night(
    figures: tamalo.NightFigures, title: str, colours: Mapping[str, int], language: str
) -> bytes:
    """In a worker: a night's chart as PNG bytes, its labels in ``language``."""
    from bot.games.tamalo.charts import night as chart_night

    with i18n.speaking(language):
        return chart_night.night_chart(figures, title=title, colours=colours)


def draw_forecast(
    outlook: Outlook, colours: Mapping[str, int], words: tuple[str, str, str]
) -> bytes:
    """In a worker: /previsione's chart, the game's story forecast hand by hand (its words,
    title and axes, already in the chat's language)."""
    from bot.games.tamalo.charts import forecast as forecast_chart

    title, hands_label, chance_label = words
    return forecast_chart.forecast_chart(
        outlook.story(),
        colours,
        title=title,
        hands_label=hands_label,
        chance_label=chance_label,
    )
