"""A night's figures: ``/grafico`` (each stack hand by hand, drawn in a chart worker) and
Tagò's share of ``/esporta`` (one row per player per hand, and per buy-in, re-buy and
curioso, so that each player's stack column adds up)."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from telegram.constants import ChatAction

from bot import dates, i18n
from bot.games.tago import charts
from bot.games.tago.amounts import CENTS, chips
from bot.i18n import _, ngettext
from bot.parsing import parse_nothing
from bot.table import Export, Reply, Turn
from play import views
from play.errors import NoHandsToDraw
from play.tago import night as play
from play.tago.export import Row, chat_nights, rows_of
from scoring.tago import Night, Stakes
from storage import UnitOfWork

#: The CSV's columns: a data format, so plain English names that scripts can rely on.
HEADER: Final = (
    "night", "date", "event", "hand", "dealer", "player", "punto", "contribution", "cards",
    "category", "winnings", "jackpot", "bought_in", "stack",
)  # fmt: skip


async def chart(turn: Turn) -> Reply:
    """``/grafico``: the night's stacks hand by hand, running or the last one closed."""
    parse_nothing(turn.text, "grafico")
    record = await play.latest_night(turn.work, turn.front)
    look = await views.look(turn.work, turn.chat_id)
    if not record.night.deals:
        raise NoHandsToDraw
    message, renderer = turn.message, turn.context.renderer
    title = chart_title(record.night, dates.evening(record.stored.started_at, look.timezone))

    async def send() -> None:
        await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
        png = await renderer.draw(
            charts.draw_night, record.night, title, dict(look.colours), i18n.language()
        )
        await message.reply_photo(png)

    return send


def chart_title(night: Night, day: str) -> str:
    """ "Serata di Tagò del 28/11/2026 · light 5/300"."""
    table = night.table
    stakes = "light" if table.stakes is Stakes.LIGHT else "heavy"
    return _("Serata di Tagò del {day} · {stakes} {min_bet}/{stack}").format(
        day=day, stakes=stakes, min_bet=chips(table.min_bet), stack=chips(table.stack)
    )


async def export(work: UnitOfWork, chat_id: int, timezone: str) -> tuple[Export, ...]:
    """The chat's nights of Tagò as rows (``play.tago.export``), or ``None`` if it has none."""
    rows: list[tuple[object, ...]] = []
    for record in await chat_nights(work, chat_id):
        date = dates.local(record.stored.started_at, timezone).isoformat(timespec="minutes")
        rows += [_line(record.id, date, row) for row in rows_of(record.night)]
    return (Export("tago", HEADER, rows, caption=_caption),) if rows else ()


def _caption(rows: int) -> str:
    return ngettext(
        "📄 Le serate di Tagò: {rows} riga, una per giocatore per mano, più ingressi, "
        "ricariche, curiosi e uscite.",
        "📄 Le serate di Tagò: {rows} righe, una per giocatore per mano, più ingressi, "
        "ricariche, curiosi e uscite.",
        rows,
    ).format(rows=rows)


def _line(night: int, date: str, row: Row) -> tuple[object, ...]:
    return (
        night,
        date,
        row.kind.value,
        "" if row.hand is None else row.hand,
        row.dealer,
        row.player,
        row.punto,
        amount(row.contribution),
        row.cards,
        row.category,
        amount(row.winnings),
        amount(row.jackpot),
        amount(row.bought_in),
        amount(row.stack),
    )


def amount(cents: int) -> str:
    """Chips as data: ``302.5``, ``0.25``, ``300`` (a point, whatever the chat's language)."""
    return f"{Decimal(cents) / CENTS:f}" if cents % CENTS else str(cents // CENTS)
