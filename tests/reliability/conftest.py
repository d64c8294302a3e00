"""The reliability tests drive the same offline bot as the bot tests."""

from bot.games.tamalo.texts import forecast as forecast_texts
from play.tamalo.forecast import Outlook
from scoring.tamalo import Game
from scoring.tamalo.forecast.history import ChatHistory
from tests.bot.conftest import forecast_lines, start_bot, table

__all__ = ["forecast_lines", "its_forecast", "start_bot", "table"]


def its_forecast(game: Game) -> str:
    """The forecast's line under the reply to ``game``'s latest hand, in a chat that played no
    other game (the bots run as a subprocess or a webhook have the chat's setting decide)."""
    chances = Outlook(game, ChatHistory(), to_final=False).chances()
    return "\n\n" + forecast_texts.line(chances, to_final=False)
