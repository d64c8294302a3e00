"""Tamalo's panel on the live scoreboard (``/tavolo``): its ``/classifica`` (every table of a
tournament), and its last hands as stored."""

from __future__ import annotations

from bot.games.tamalo import texts
from bot.panel_rows import last_hands, panel_of
from bot.table import Panel
from play.tamalo import views
from storage import Front, UnitOfWork


async def panel(work: UnitOfWork, front: Front) -> Panel:
    """The standings as ``/classifica`` says them, and the last hands."""
    text = "\n\n".join(
        texts.hands.standings(r.game, running=r.running, label=texts.words.table_label(r))
        for r in await views.shown_games(work, front)
    )
    return panel_of(text, last_hands(front[-1]))
