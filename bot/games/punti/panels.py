"""A points game's panel of ``/stats Anna``: the shared rating line, then her games by the
names the chat gave them (``Scopa: 3 partite, 2 vinte``)."""

from __future__ import annotations

from bot.games.punti import texts
from bot.texts.figures import rating_panel
from play import figures
from play.punti.figures import by_name
from storage import UnitOfWork
from storage.punti import KIND


async def player_panel(work: UnitOfWork, chat_id: int, name: str) -> str | None:
    """``/stats Anna``'s points games panel, or ``None`` if she finished none."""
    line = await figures.rating_line(work, chat_id, KIND, name)
    if line is None:
        return None
    named = await by_name(work, chat_id, name)
    panel = rating_panel(texts.title(None), line)
    if len(named) < 2 and all(record.name is None for record in named):
        return panel  # only unnamed games: the rating line says it all
    rows = [texts.named_record(r.name, r.games, r.wins) for r in named]
    return panel + "\n" + "\n".join(rows)
