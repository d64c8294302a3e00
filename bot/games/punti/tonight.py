"""The points game's panel of ``/serata`` (``bot.table.Game.tonight``): each game of the
evening, its name, its rounds and its state, and who won it (for the king of the night)."""

from __future__ import annotations

from datetime import datetime

from bot import dates
from bot.games.punti.texts import night_line
from bot.table import NightPanel
from play import figures as shared
from play.punti.game import record_of
from storage import GameState, UnitOfWork
from storage.punti import KIND


async def tonight(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime, timezone: str
) -> NightPanel | None:
    """The evening's points games, or ``None`` if none was started in it."""
    found = await shared.started_between(work, chat_id, KIND, start, end)
    played = [record_of(stored) for stored in found]
    if not played:
        return None
    lines = [
        night_line(
            f"{dates.local(r.stored.started_at, timezone):%H:%M}",
            r.name,
            len(r.match.rounds),
            r.stored.running,
        )
        for r in played
    ]
    finished = (r for r in played if r.stored.state is GameState.FINISHED)
    won = tuple(p.player for r in finished for p in r.match.places(closed=True) if p.won)
    return NightPanel("\n".join(lines), len(played), won)
