"""Tamalo's share of the chat-wide figures (``bot.table.Game``'s panels): a player's figures
under ``/stats Nome``, the chat's under ``/stats``, its rating ladder under ``/classifica
generale``, its CSV document of ``/esporta`` (one row per player per hand, and one per late
joiner with the total they entered at), and its games of the night under ``/serata``, with
the night's chart."""

from __future__ import annotations

from datetime import datetime

from bot import dates, i18n
from bot.context import Context
from bot.games.tamalo import charts, texts
from bot.table import Export, NightPanel
from bot.texts.figures import night_title
from play import views
from play.tamalo import views as tamalo_views
from scoring.tamalo import night_figures
from storage import GameState, UnitOfWork
from storage.tamalo.stats import ExportRow

#: The CSV's columns: a data format, so plain English names that scripts can rely on.
EXPORT_HEADER = (
    "game", "date", "mode", "stage", "state", "hand", "dealer", "player", "total",
    "tamalo", "controtamalo", "out", "call_won", "points",
)  # fmt: skip
#: The ``hand`` column of a late joiner's row: the points are the total they entered at.
JOIN_ROW = "join"


async def player_panel(work: UnitOfWork, chat_id: int, name: str) -> str | None:
    """``name``'s Tamalo, or ``None`` if she never played it here (no game, no hand, no named
    move)."""
    found = await tamalo_views.player_figures(work, chat_id, name)
    if found is None:
        return None
    return player_text(found)


def player_text(player: tamalo_views.PlayerFigures) -> str:
    """A player's Tamalo figures, with their named moves."""
    text = texts.stats.player_stats(player.stats)
    return text + (f"\n{texts.lore.moves_line(player.moves)}" if player.moves else "")


async def chat_panel(work: UnitOfWork, chat_id: int, timezone: str) -> str | None:
    """The chat's Tamalo at a glance, with its hall of fame; ``None`` if never played."""
    chat = await tamalo_views.chat_stats(work, chat_id)
    if not chat.played and not chat.champions:
        return None
    overview = chat.overview
    last = dates.day(overview.last_game, timezone) if overview.last_game else None
    text = texts.stats.chat_overview(overview, last)
    if chat.champions:
        text += "\n" + texts.lore.hall_of_fame(chat.champions)
    return text


async def export(work: UnitOfWork, chat_id: int, timezone: str) -> tuple[Export, ...]:
    """Every hand of the chat's Tamalo games, one row per player per hand (and per late
    joiner); read batch by batch, so that a long history never holds the event loop long."""
    history = await tamalo_views.history(work, chat_id)
    joins = _Joins(history.late_entries, timezone)
    rows: list[tuple[object, ...]] = []
    async for batch in history.rows:
        rows += [line for row in batch for line in joins.before(row)]
    rows += joins.after_last()
    if not rows:
        return ()
    return (Export("tamalo", EXPORT_HEADER, rows, caption=texts.stats.export_caption),)


class _Joins:
    """Puts each late joiner's row before the first hand they play (or after the game's last
    hand, if they have played none yet)."""

    def __init__(self, entries: dict[int, dict[str, tuple[int, int]]], timezone: str) -> None:
        self.entries, self.timezone = entries, timezone
        self.previous: ExportRow | None = None

    def before(self, row: ExportRow) -> list[tuple[object, ...]]:
        """The CSV lines up to and including ``row``'s."""
        lines = []
        if self.previous is not None and self.previous.game != row.game:
            lines += self._joined(self.previous, None)
        lines += self._joined(row, row.hand)
        self.previous = row
        return [*lines, _csv_row(row, self.timezone)]

    def after_last(self) -> list[tuple[object, ...]]:
        return [] if self.previous is None else self._joined(self.previous, None)

    def _joined(self, row: ExportRow, hand: int | None) -> list[tuple[object, ...]]:
        """The rows of ``row``'s game's joiners who sat down before ``hand`` (any, if
        ``None``) and are not written yet."""
        waiting = self.entries.get(row.game, {})
        due = [p for p, (after, _) in waiting.items() if hand is None or after < hand]
        lines = []
        for player in due:
            game = _csv_row(row, self.timezone)[:5]
            lines.append((*game, JOIN_ROW, "", player, "", "", "", "", "", waiting.pop(player)[1]))
        return lines


def _csv_row(row: ExportRow, timezone: str) -> tuple[object, ...]:
    mode = f"quadri {row.mode}" if row.quadri else row.mode
    return (
        row.game,
        dates.local(row.started_at, timezone).isoformat(timespec="minutes"),
        mode,
        row.stage or "",
        row.state,
        row.hand,
        row.dealer or "",
        row.player,
        row.total,
        int(row.tamalo),
        int(row.controtamalo),
        int(row.out),
        "" if row.call_won is None else int(row.call_won),
        row.points,
    )


async def tonight(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime, timezone: str
) -> NightPanel | None:
    """The night's Tamalo games, each with its time, mode and winner, and the night's chart;
    ``None`` if none was started in it."""
    records = await tamalo_views.night(work, chat_id, start, end)
    if not records:
        return None
    times = [f"{dates.local(r.started_at, timezone):%H:%M}" for r in records]
    text = texts.stats.night_lines(records, times)
    winners = tuple(w for r in records if not r.running for w in r.game.winners())
    evening = dates.local(start, timezone).date()
    title = f"Tamalo · {night_title(evening, len(records))}"

    async def chart(context: Context) -> bytes:
        figures = night_figures((r.game, r.state is GameState.FINISHED) for r in records)
        async with context.db.reading() as session:
            look = await views.look(UnitOfWork(session), chat_id)
        return await context.renderer.draw(
            charts.draw_night, figures, title, dict(look.colours), i18n.language()
        )

    return NightPanel(text, len(records), winners, chart)
