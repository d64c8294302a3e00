"""Chi vince? A Macchiavelli home game's live forecast, from the group's own deals.

The forecast's engine (``chances``, with NumPy) is imported when first used, not with the
package: the bot's start-up reads the history's types and answers its first update without it
(PEP 562's module ``__getattr__``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.macchiavelli.forecast.history import DealHistory, PlayerDeals

if TYPE_CHECKING:
    from scoring.macchiavelli.forecast.chances import Forecast, contenders, forecast, has_end

__all__ = ["DealHistory", "Forecast", "PlayerDeals", "contenders", "forecast", "has_end"]

_ENGINE = frozenset({"Forecast", "contenders", "forecast", "has_end"})


def __getattr__(name: str) -> Any:
    if name in _ENGINE:
        from scoring.macchiavelli.forecast import chances

        return getattr(chances, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
