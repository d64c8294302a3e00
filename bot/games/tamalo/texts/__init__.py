"""What Tamalo alone says: ``entry`` (its keypad's hand entry) and ``forecast`` (the forecast's
line and chart words; ``forecast_lines`` works out the percentages they show). Written like
``bot.texts``: each text a function, its Italian a message id of the one catalogue."""

from bot.games.tamalo.texts import entry, forecast

__all__ = ["entry", "forecast"]
