"""Macchiavelli's home games in the chat-wide commands: ``/grafico`` (each player's running
total deal by deal, drawn in a chart worker), its panel of ``/stats Nome`` (games, wins,
average deal points, deals closed) and its document of ``/esporta`` (one row per player per
deal of every home game, and the last tournament's)."""

from __future__ import annotations

from telegram.constants import ChatAction

from bot import dates, i18n
from bot.games.macchiavelli.chart_plan import plan_match
from bot.games.macchiavelli.render import draw_match
from bot.games.macchiavelli.texts import end_rule, match_over
from bot.i18n import _, ngettext
from bot.parsing.words import parse_nothing
from bot.refusals import UserError
from bot.table import Export, Reply, Turn
from bot.texts.common import command_name, decimal, percent
from play import views
from play.errors import NoRunningGame
from play.macchiavelli import figures, tournament
from play.macchiavelli.records import MatchRecord, home_in
from play.macchiavelli.tournament_export import export_rows
from storage import GameState, UnitOfWork
from storage.macchiavelli import MACCHIAVELLI
from storage.macchiavelli.figures import HomeFigures

#: ``/esporta``'s columns for a tournament.
TOURNAMENT_HEADER = ("round", "table", "seat", "player", "deal", "points", "mp", "vp")
#: ``/esporta``'s columns for the home games: a data format, plain English names.
EXPORT_HEADER = (
    "game", "date", "state", "deal", "dealer", "player", "closed", "cards", "points", "total",
)  # fmt: skip


async def show_chart(turn: Turn) -> Reply:
    """``/grafico``: the running home game's chart, or the last one's."""
    parse_nothing(turn.text, "grafico")
    record = home_in(turn.front)
    if record is None:
        raise NoRunningGame
    look = await views.look(turn.work, turn.chat_id)
    if not record.match.deals:
        raise UserError(no_deals_to_draw())
    message, renderer = turn.message, turn.context.renderer
    finished = record.state is GameState.FINISHED
    plan = plan_match(record.match, finished=finished)
    title = chart_title(record, dates.evening(record.stored.started_at, look.timezone))
    caption = f"📈 {match_over(record.match)}" if finished else None

    async def send() -> None:
        await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
        png = await renderer.draw(draw_match, plan, title, dict(look.colours), i18n.language())
        await message.reply_photo(png, caption=caption)

    return send


async def chat_panel(work: UnitOfWork, chat_id: int, timezone: str) -> str | None:
    """The chat's Macchiavelli at a glance: home games finished and their deals, tournaments;
    ``None`` if never played."""
    played = await work.games.counts(chat_id, MACCHIAVELLI)
    if not played.played:
        return None
    games = ngettext("{count} partita finita", "{count} partite finite", played.finished)
    deals = ngettext("{count} smazzata", "{count} smazzate", played.deals)
    line = f"{games.format(count=played.finished)}, {deals.format(count=played.deals)}"
    if played.tournaments:
        line += ", " + ngettext("{count} torneo", "{count} tornei", played.tournaments).format(
            count=played.tournaments
        )
    return line + "."


async def player_panel(work: UnitOfWork, chat_id: int, name: str) -> str | None:
    """``/stats Nome``'s Macchiavelli panel, if she played a home game in the chat."""
    found = await figures.player_figures(work, chat_id, name)
    return None if found is None else panel(found)


async def export(work: UnitOfWork, chat_id: int, timezone: str) -> tuple[Export, ...]:
    """``/esporta``'s Macchiavelli documents: one row per player per deal of every home game,
    with the cards as typed (empty where a total was) and the player's total after it; and
    the chat's last tournament, one row per player per deal."""
    lines = await figures.export_lines(work, chat_id)
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
    home = (Export("macchiavelli", EXPORT_HEADER, rows, caption=_caption),) if rows else ()
    return home + await _tournament_export(work, chat_id)


async def _tournament_export(work: UnitOfWork, chat_id: int) -> tuple[Export, ...]:
    """The chat's last tournament (not discarded), if it has a deal."""
    at = await tournament.latest(work, chat_id)
    if at is None or at.stored.state is GameState.ANNULLED:
        return ()
    rows = [
        (r.round, r.table, r.seat, r.player, r.deal, r.points, r.mp, "" if r.vp is None else r.vp)
        for r in export_rows(at.tournament)
    ]
    if not rows:
        return ()
    return (Export("macchiavelli-torneo", TOURNAMENT_HEADER, rows, caption=_tournament_caption),)


def _tournament_caption(rows: int) -> str:
    return _("Il torneo: {rows} righe, una per giocatore per smazzata.").format(rows=rows)


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
