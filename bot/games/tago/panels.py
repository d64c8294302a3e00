"""Tagò's share of the chat-wide figures (``bot.handling.GameEntry``'s ``player_stats`` and
``ladder``): a player's panel under ``/stats Nome``, and the ladder of net results under
``/classifica generale``, of all time or of the week, month or year (``bot.periods``)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.games.tago import figures_texts
from bot.periods import Period, first_day, since
from play import settings
from play.tago import figures
from storage import UnitOfWork


async def player_panel(work: UnitOfWork, chat_id: int, name: str) -> str | None:
    """``name``'s Tagò, or ``None`` if she never sat at a night with a hand here."""
    found = await figures.player_figures(work, chat_id, name)
    return None if found is None else figures_texts.player_panel(found)


async def ladder_panel(work: UnitOfWork, chat_id: int, period: Period) -> str | None:
    """The net results over ``period`` in the chat's time zone, or ``None`` if the chat
    never played a night of Tagò."""
    first = start = None
    if period is not Period.ALL:  # all time needs no time zone: one read less
        timezone = (await settings.current(work, chat_id)).timezone
        first = first_day(period, datetime.now(UTC), timezone)
        start = None if first is None else since(first, timezone)
    ladder = await figures.net_ladder(work, chat_id, start)
    return figures_texts.net_ladder(ladder, period, first) if ladder.played else None
