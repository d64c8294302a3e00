"""A points game's panels: ``/stats`` (its games and rounds counted, as rounds), ``/stats
Anna`` (the shared rating line, then her games by the names the chat gave them: ``Scopa: 3
partite, 2 vinte``) and ``/classifica generale`` (the rating ladder of every points game, then
each name's winners)."""

from __future__ import annotations

from bot.games.punti import texts
from bot.periods import Period
from bot.table import Ladder
from bot.texts.figures import rating_notes, rating_panel, rating_rows
from play import figures, views
from play.punti.figures import by_name, records
from storage import UnitOfWork
from storage.punti import KIND


async def chat_panel(work: UnitOfWork, chat_id: int, timezone: str) -> str | None:
    """``/stats``'s points games panel: games finished and rounds played, or ``None``."""
    played = await figures.counts(work, chat_id, KIND)
    if not played.played:
        return None
    return texts.chat_counts(played.finished, played.deals, bool(played.running))


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


async def ladder_panel(work: UnitOfWork, chat_id: int, period: Period) -> Ladder | None:
    """The rating ladder of the chat's points games (of all time: it has no period), then,
    where the chat named its games, each name's players by wins."""
    if period is not Period.ALL:
        return None
    lines = await views.ladder(work, chat_id, KIND)
    if not lines:
        return None
    found = await records(work, chat_id)
    names = list(dict.fromkeys(r.name for r in found))
    text = rating_rows(lines)
    if any(name is not None for name in names):
        for name in names:
            of_name = [(r.player, r.wins, r.games) for r in found if r.name == name]
            text += "\n" + texts.name_ladder(name, of_name)
    return Ladder(text, rating_notes(lines))
