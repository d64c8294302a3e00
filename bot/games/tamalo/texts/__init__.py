"""What Tamalo alone says: ``entry`` (its keypad's hand entry), ``forecast`` (the forecast's
line and chart words; the shared ``bot.texts.forecast_lines`` works out the percentages
they show) and ``tournament`` (/torneo's tables and final). Written like
``bot.texts``: each text a function, its Italian a message id of the one catalogue."""

from bot.games.tamalo.texts import entry, forecast, tournament

__all__ = ["entry", "forecast", "tournament"]
