"""Macchiavelli's panel on the live scoreboard (``/tavolo``): a home game's ``/classifica``
and its last deals as stored; a tournament's is the shared panel, for now."""

from __future__ import annotations

from bot.games.macchiavelli import texts
from bot.panel_rows import last_hands, panel_of
from bot.table import Panel
from play import macchiavelli as play
from storage import Front, UnitOfWork


async def panel(work: UnitOfWork, front: Front) -> Panel | None:
    """A home game's standings as ``/classifica`` says them, and its last deals."""
    record = play.home_in(front)
    if record is None:
        return None
    text = texts.standings(record.match, running=record.running)
    return panel_of(text, last_hands(front[-1]))
