"""Tamalo's panel on the live scoreboard (``/tavolo``): its ``/classifica`` (every table of a
tournament), its last hands as stored, and "Chi vince?" as the line under the last hand's
reply says it (a game of one table, unless the chat turned the line off)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot import dates, i18n
from bot.games.tamalo import charts, texts
from bot.games.tamalo.texts import forecast as forecast_texts
from bot.panel_rows import last_hands, panel_of
from bot.table import Drawing, Panel
from play import views as shared_views
from play.tamalo import forecast, records, views
from storage import Front, GameState, UnitOfWork


async def panel(work: UnitOfWork, front: Front) -> Panel:
    """The standings as ``/classifica`` says them, the last hands, and who is likely to win."""
    text = "\n\n".join(
        texts.hands.standings(r.game, running=r.running, label=texts.words.table_label(r))
        for r in await views.shown_games(work, front)
    )
    shown = panel_of(text, last_hands(front[-1]))
    return replace(shown, forecast=await chances(work, front))


async def chart(work: UnitOfWork, front: Front) -> Drawing | None:
    """The game's ``/grafico`` (a tournament's first table), drawn in a worker."""
    drawn = [record for record in await views.shown_games(work, front) if record.game.hands]
    if not drawn:
        return None
    record = drawn[0]
    look = await shared_views.look(work, record.chat_id)
    title = texts.stats.chart_title(record, dates.evening(record.started_at, look.timezone))
    finished = record.state is GameState.FINISHED
    arguments = (record.game, title, dict(look.colours), finished, i18n.language())
    return charts.draw_game, arguments


async def chances(work: UnitOfWork, front: Front) -> str:
    """The running game's "Chi vince?" line (none for a tournament's tables side by side, a
    game over, or a chat without the line): the same numbers as under its last hand, the
    forecast being seeded from the game as it stands. Worked out off the event loop."""
    running = records.running_in(front)
    if len(running) != 1 or not running[0].game.hands:  # a hand's reply says it first
        return ""
    record = running[0]
    outlook = await forecast.outlook(work, forecast.Histories(size=1), record, record.game)
    if outlook is None:  # the chat turned the line off
        return ""
    key = (record.id, record.started_at, len(record.game.hands), record.game.standings())
    if (line := _LINES.get(key)) is not None:  # another board of the chat worked it out
        return line
    worked_out = await asyncio.to_thread(outlook.chances)
    line = forecast_texts.line(worked_out, to_final=outlook.to_final)
    _LINES[key] = line
    while len(_LINES) > KEPT_LINES:
        _LINES.pop(next(iter(_LINES)))
    return line


#: The lines worked out lately, by game as it stands: the boards of one chat (the TV, the
#: phones) work each out once. A cache: another process works it out again.
KEPT_LINES = 256
_LINES: dict[tuple[object, ...], str] = {}
