"""Macchiavelli's panel on the live scoreboard (``/tavolo``): a home game's ``/classifica``
and its last deals as stored; a tournament's standings after the last round closed (its
players in seating order before the first closes), with the round under way, its tables
and who sits where, as ``/tavoli`` says them."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot import dates, i18n
from bot.games.macchiavelli import texts, tournament_texts
from bot.games.macchiavelli.chart_plan import plan_match
from bot.games.macchiavelli.figures import chart_title
from bot.games.macchiavelli.render import draw_match
from bot.panel_rows import last_hands, panel_of
from bot.table import Drawing, Panel
from play import macchiavelli as play
from play import views
from play.macchiavelli import MatchRecord, forecast, tournament
from storage import Front, GameState, UnitOfWork


async def panel(work: UnitOfWork, front: Front) -> Panel | None:
    """A home game's standings as ``/classifica`` says them, and its last deals; or a
    tournament's."""
    at = await tournament.in_front(work, front)
    if at is not None:
        return tournament_panel(at)
    record = play.home_in(front)
    if record is None:
        return None
    match = record.match
    if match.deals:
        text = texts.standings(match, running=record.running)
    else:  # before the first deal: the players at 0, not /classifica's welcome
        text = texts.standings_lines(match) + "\n\n" + texts.next_deal(match)
    shown = panel_of(text, last_hands(front[-1]))
    return replace(shown, forecast=await chances(work, record))


async def chances(work: UnitOfWork, record: MatchRecord) -> str:
    """A running home game's "Chi vince?" line, as under its last deal (none for a game
    without an end, over, or in a chat without the line); worked out off the event loop."""
    if not record.running or not record.match.deals:  # a deal's reply says it first
        return ""
    outlook = await forecast.outlook(work, record, record.match)
    if outlook is None:
        return ""
    return texts.who_wins(await asyncio.to_thread(outlook.chances))


async def chart(work: UnitOfWork, front: Front) -> Drawing | None:
    """A home game's ``/grafico``, drawn in a worker (a tournament has none here)."""
    record = play.home_in(front)
    if record is None or not record.match.deals:
        return None
    look = await views.look(work, record.chat_id)
    finished = record.state is GameState.FINISHED
    plan = plan_match(record.match, finished=finished)
    title = chart_title(record, dates.evening(record.stored.started_at, look.timezone))
    return draw_match, (plan, title, dict(look.colours), i18n.language())


def tournament_panel(at: tournament.Running) -> Panel:
    """The standings after the last round closed, the tables' state and their seating."""
    t = at.tournament
    closed = t.current_round - 1
    status = tournament_texts.tables_status(t)
    heading, _, status_rows = status.partition("\n")
    hands: list[tuple[str, tuple[str, ...]]] = [(heading, _rows(status_rows))]
    if not t.is_over() and at.stored.running:
        seating = tournament_texts.seating_lines(t.seating(t.current_round))
        hands.append((tournament_texts.seating_heading(), _rows(seating)))
    if closed >= 1:
        caption = tournament_texts.standings_heading(t, closed).rstrip(":")
        standings = _rows(tournament_texts.ranking_lines(t.standings(closed)))
        if t.is_over():
            standings += (tournament_texts.tournament_won(t),)
    else:
        caption = heading
        standings = _rows(tournament_texts.seating_lines(t.seating(t.current_round)))
    return Panel(standings, tuple(hands), caption)


def _rows(text: str) -> tuple[str, ...]:
    return tuple(line for line in text.splitlines() if line.strip())
