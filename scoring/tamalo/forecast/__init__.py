"""Chi vince? Tamalo's live forecast: the rest of a game simulated with the engine's rules
(``chances``), players drawn from the chat's history (``hand_model``, ``evidence``, ``skill``).

The package names what its callers use; each loads (with NumPy) when first used, not with the
package, so that the bot starts and answers without it (PEP 562's module ``__getattr__``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring.tamalo.forecast.chances import ahead, as_it_stood, chances_now
    from scoring.tamalo.forecast.futures import (
        Futures,
        continues,
        draw_point,
        drawable,
        drawn_from,
    )
    from scoring.tamalo.forecast.history import ChatHistory, PlayerHistory

__all__ = [
    "ChatHistory",
    "Futures",
    "PlayerHistory",
    "ahead",
    "as_it_stood",
    "chances_now",
    "continues",
    "draw_point",
    "drawable",
    "drawn_from",
]

_HOMES = {
    "ahead": "chances",
    "as_it_stood": "chances",
    "chances_now": "chances",
    "Futures": "futures",
    "continues": "futures",
    "draw_point": "futures",
    "drawable": "futures",
    "drawn_from": "futures",
    "ChatHistory": "history",
    "PlayerHistory": "history",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        from scoring.tamalo.forecast import chances, futures, history

        return getattr(
            {"chances": chances, "futures": futures, "history": history}[_HOMES[name]], name
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
