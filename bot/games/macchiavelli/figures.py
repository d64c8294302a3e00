"""Macchiavelli's home games in the chat-wide commands: ``/grafico`` (each player's running
total deal by deal, drawn in a chart worker), its panel of ``/stats Nome`` (games, wins,
average deal points, deals closed) and its document of ``/esporta`` (one row per player per
deal of every home game). A tournament's are its own (``tournament_commands``)."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatAction

from bot import dates, i18n
from bot.context import Context
from bot.games.macchiavelli.chart_plan import plan_match
from bot.games.macchiavelli.render import draw_match
from bot.games.macchiavelli.texts import end_rule, match_over
from bot.handling import Export, chat_id_of, message_of, reading, replies_to_mistakes
from bot.i18n import _, ngettext
from bot.parsing.words import parse_nothing
from bot.refusals import UserError
from bot.texts.common import command_name, decimal, percent
from play import views
from play.errors import NoRunningGame
from play.macchiavelli import figures
from play.macchiavelli.records import MatchRecord
from storage import GameState, UnitOfWork
from storage.macchiavelli.figures import HomeFigures

#: ``/esporta``'s columns for the home games: a data format, plain English names.
EXPORT_HEADER = (
    "game", "date", "state", "deal", "dealer", "player", "closed", "cards", "points", "total",
)  # fmt: skip


@replies_to_mistakes
async def show_chart(update: Update, context: Context) -> None:
    """``/grafico``: the running home game's chart, or the last one's."""
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        record = await figures.to_draw(work, chat_id)  # another game's: ``OtherGame``
        parse_nothing(context.text_args, "grafico")
        if record is None:
            raise NoRunningGame
        look = await views.look(work, chat_id)
    if not record.match.deals:
        raise UserError(no_deals_to_draw())
    message = message_of(update)
    await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
    finished = record.state is GameState.FINISHED
    plan = plan_match(record.match, finished=finished)
    title = chart_title(record, dates.day(record.stored.started_at, look.timezone))
    png = await context.renderer.draw(draw_match, plan, title, dict(look.colours), i18n.language())
    await message.reply_photo(png, caption=f"📈 {match_over(record.match)}" if finished else None)


async def player_panel(work: UnitOfWork, chat_id: int, name: str) -> str | None:
    """``/stats Nome``'s Macchiavelli panel, if she played a home game in the chat."""
    found = await figures.player_figures(work, chat_id, name)
    return None if found is None else panel(found)


async def export(work: UnitOfWork, chat_id: int, timezone: str) -> Export | None:
    """``/esporta``'s Macchiavelli document: one row per player per deal of every home game,
    with the cards as typed (empty where a total was) and the player's total after it."""
    lines = await figures.export_lines(work, chat_id)
    if not lines:
        return None
    rows = [
        (
            line.game,
            dates.local(line.started_at, timezone).isoformat(timespec="minutes"),
            line.state,
            line.deal,
            line.dealer,
            line.player,
            int(line.closed),
            line.cards,
            line.points,
            line.total,
        )
        for line in lines
    ]
    return Export("macchiavelli", EXPORT_HEADER, rows, caption=_caption)


def _caption(rows: int) -> str:
    return ngettext(
        "📄 Le partite di Macchiavelli: {rows} riga, una per giocatore per smazzata.",
        "📄 Le partite di Macchiavelli: {rows} righe, una per giocatore per smazzata.",
        rows,
    ).format(rows=rows)


# --- what is said ---


def chart_title(record: MatchRecord, day: str) -> str:
    rules = record.match.rules
    title = _("Macchiavelli del {day}").format(day=day)
    ends = rules.single or rules.deals is not None or rules.target is not None
    return f"{title} · {end_rule(record.match)}" if ends else title


def no_deals_to_draw() -> str:
    return _(
        "Non c'è ancora nessuna smazzata da disegnare: registra la prima con /{command}."
    ).format(command=command_name("mano"))


def panel(figures: HomeFigures) -> str:
    """A player's Macchiavelli home games: games, wins, deals, average points, deals closed."""
    lines = [_("🃏 Macchiavelli")]
    if figures.games:
        lines.append(
            _("Partite finite: {games} · vittorie: {wins} ({percent})").format(
                games=figures.games,
                wins=figures.wins,
                percent=percent(figures.wins, figures.games),
            )
        )
    else:
        lines.append(_("Nessuna partita finita, per ora."))
    if figures.deals:
        lines.append(
            _("Smazzate: {deals} · media {average} punti · chiuse: {closed} ({percent})").format(
                deals=figures.deals,
                average=decimal(figures.points / figures.deals),
                closed=figures.closed,
                percent=percent(figures.closed, figures.deals),
            )
        )
    return "\n".join(lines)
