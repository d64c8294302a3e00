"""Tagò's panel on the live scoreboard (``/tavolo``): the night's stacks as ``/classifica``
says them (the last night's results once it is closed), its first line (what the table is:
the stakes, the ante, the jackpot's share) as the caption."""

from __future__ import annotations

from bot.games.tago import actions
from bot.panel_rows import panel_of
from bot.table import Panel
from storage import Front, UnitOfWork


async def panel(work: UnitOfWork, front: Front) -> Panel:
    """The stacks, or the night's results, under their heading."""
    heading, _, rows = (await actions.standings(work, front)).partition("\n")
    shown = panel_of(rows)
    return Panel(shown.standings, shown.hands, heading.strip().rstrip(":"))
