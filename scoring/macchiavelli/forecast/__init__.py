"""Chi vince? A Macchiavelli home game's live forecast, from the group's own deals."""

from scoring.macchiavelli.forecast.chances import Forecast, contenders, forecast, has_end
from scoring.macchiavelli.forecast.history import DealHistory, PlayerDeals

__all__ = ["DealHistory", "Forecast", "PlayerDeals", "contenders", "forecast", "has_end"]
