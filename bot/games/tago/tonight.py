"""Tagò's panel of ``/serata`` (``bot.table.Game.tonight``): each night of Tagò of the evening,
its time, hands and state, then each player's result (chips − bought in) and chips."""

from __future__ import annotations

from datetime import datetime

from bot import dates
from bot.games.tago.amounts import chips, signed_chips
from bot.i18n import _, ngettext
from bot.table import NightPanel
from play.tago.night import NightRecord
from play.tago.tonight import nights_between
from storage import UnitOfWork


async def tonight(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime, timezone: str
) -> NightPanel | None:
    """The evening's nights of Tagò, or ``None`` if none is running or had a hand in it. A
    night has no winner: it counts for no king of the night."""
    nights = await nights_between(work, chat_id, start, end)
    if not nights:
        return None
    text = "\n".join(
        night_lines(n, f"{dates.local(n.stored.started_at, timezone):%H:%M}") for n in nights
    )
    return NightPanel(text, len(nights))


def night_lines(record: NightRecord, started: str) -> str:
    """``21:00 · 12 mani: in corso``, then ``1. Anna +120 (fiches 420)`` for each player,
    best result first."""
    night = record.night
    hands = ngettext("{count} mano", "{count} mani", len(night.deals)).format(
        count=len(night.deals)
    )
    state = _("in corso") if record.running else _("chiusa")
    lines = [f"{started} · {hands}: {state}"]
    lines += [
        _("{rank}. {player} {result} (fiches {stack})").format(
            rank=s.rank, player=s.player, result=signed_chips(s.result), stack=chips(s.stack)
        )
        for s in night.standings()
    ]
    return "\n".join(lines)
