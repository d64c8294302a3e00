"""Tagò's share of the chat-wide figures (``bot.table.Game``'s ``player_stats`` and
``ladder``): a player's panel under ``/stats Nome``, and the ladder of net results under
``/classifica generale``, of all time or of the week, month or year (``bot.periods``)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.games.tago import figures_texts
from bot.games.tago.night_texts import jackpot_reply
from bot.i18n import _, ngettext
from bot.periods import Period, first_day, since
from bot.table import Ladder
from play import settings
from play.tago import figures
from play.tago import night as tago_night
from storage import UnitOfWork
from storage.tago import TAGO


async def player_panel(work: UnitOfWork, chat_id: int, name: str) -> str | None:
    """``name``'s Tagò, or ``None`` if she never sat at a night with a hand here."""
    found = await figures.player_figures(work, chat_id, name)
    return None if found is None else figures_texts.player_panel(found)


async def ladder_panel(work: UnitOfWork, chat_id: int, period: Period) -> Ladder | None:
    """The net results over ``period`` in the chat's time zone, or ``None`` if the chat
    never played a night of Tagò."""
    first = start = None
    if period is not Period.ALL:  # all time needs no time zone: one read less
        timezone = (await settings.current(work, chat_id)).timezone
        first = first_day(period, datetime.now(UTC), timezone)
        start = None if first is None else since(first, timezone)
    ladder = await figures.net_ladder(work, chat_id, start)
    if not ladder.played:
        return None
    return Ladder(figures_texts.net_ladder(ladder, period, first), rated=False)


async def chat_panel(work: UnitOfWork, chat_id: int, timezone: str) -> str | None:
    """The chat's Tagò at a glance: its nights closed (and the one running), its jackpot;
    ``None`` if it never played a night."""
    played = await work.games.counts(chat_id, TAGO)
    if not played.played:
        return None
    nights = ngettext("{count} serata chiusa", "{count} serate chiuse", played.finished)
    line = nights.format(count=played.finished)
    if played.running:
        line += " · " + _("una in corso")
    amount, _running = await tago_night.chat_jackpot(work, chat_id)
    return f"{line}.\n" + jackpot_reply(amount)
