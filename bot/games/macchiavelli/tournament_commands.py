"""A Macchiavelli tournament in the chat: ``/torneo macchiavelli`` draws the tables, each table
types its deals by names with ``/mano``, the bot posts each round when every table has played
it; ``/tavoli``, ``/cartellini``, ``/correggi``, ``/annulla``, ``/esci``, ``/entra``,
``/classifica`` and ``/esporta`` of the tournament.

Until the table of games (``bot.games``) knows a tournament of another game than Tamalo's,
``hooked`` puts these handlers in front of the shared ones in ``bot.commands.registry``: a chat that
plays a Macchiavelli tournament gets these, any other chat Tamalo's.
"""

from __future__ import annotations

import csv
import functools
import io
from datetime import UTC, datetime

from telegram import Update
from telegram.constants import ChatAction

from bot import names
from bot import playing as hints
from bot.context import Context
from bot.games.macchiavelli import texts
from bot.games.macchiavelli.errors import InputError, NotANumber
from bot.games.macchiavelli.parsing import (
    GAME_WORDS,
    parse_deal,
    parse_name,
    parse_tournament,
    resolve_at_table,
)
from bot.games.macchiavelli.refusals import refused
from bot.games.macchiavelli.render import draw_sheets
from bot.games.macchiavelli.sheets import programme_of
from bot.handling import (
    Handler,
    changes,
    chat_id_of,
    message_of,
    reading,
    sender_id,
)
from bot.i18n import _
from bot.parsing.words import tokens
from bot.refusals import UserError
from bot.texts.common import command_name
from play.errors import GameRunning, TournamentInProgress
from play.macchiavelli import TournamentInFront
from play.macchiavelli import tournament as play
from play.macchiavelli.tournament import Running
from scoring.errors import RuleBroken
from scoring.macchiavelli import NotInTournament, Tournament
from storage import UnitOfWork
from storage.macchiavelli import MACCHIAVELLI

#: ``/esporta``'s columns for a tournament.
EXPORT_HEADER = ("round", "table", "seat", "player", "deal", "points", "mp", "vp")
#: ``/correggi``'s option naming the round (default: the round under way, or the one just
#: closed while the next has not started).
ROUND_WORDS = frozenset({"turno", "round"})


def answers(handler: Handler) -> Handler:
    """A Macchiavelli mistake or refusal, raised inside the handler's unit of work, rolls it
    back and is answered in one message."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except UserError as error:
            await message_of(update).reply_text(error.message)
        except (InputError, RuleBroken) as error:
            await message_of(update).reply_text(refused(error).message)
        except TournamentInProgress:
            await message_of(update).reply_text(tournament_running())
        except GameRunning:
            await message_of(update).reply_text(game_running())

    return wrapper


# --- the hook (until ``bot.games`` dispatches by kind) ---


def hooked(
    original: Handler, mine: Handler, *, bare: bool = False, checks_itself: bool = False
) -> Handler:
    """TEMPORARY HOOK: ``mine`` in a chat whose latest game is a Macchiavelli tournament's
    (running or over), else
    ``original`` (one read more for the other chats' commands). ``bare``: only the command
    with nothing after it is ``mine`` (``/classifica generale`` stays the group's ladder).
    ``checks_itself``: ``original`` finds a tournament in front inside its own unit of work
    (``play.macchiavelli.TournamentInFront``, raised before it changes anything) and hands
    over then, so a home game's command reads nothing more (a deal: ``/mano``)."""

    @functools.wraps(original)
    async def wrapper(update: Update, context: Context) -> None:
        if (bare and context.text_args.strip()) or hints.kind_of(
            chat_id_of(update)
        ) != MACCHIAVELLI:
            # Not found playing Macchiavelli: no read of its own. A chat whose hint is gone
            # (a restart) reaches Tamalo's handler, which finds the game is another's
            # (``OtherGame``), and the dispatch hands it back here with the hint set.
            await original(update, context)
            return
        if checks_itself:
            try:
                await original(update, context)
            except TournamentInFront:  # rolled back: nothing changed, nothing said
                await mine(update, context)
            return
        async with reading(context) as work:
            playing = await play.in_front(work, chat_id_of(update))
        await (mine if playing else original)(update, context)

    return wrapper


def named_tournament(original: Handler) -> Handler:
    """``/torneo macchiavelli …`` is this game's; any other ``/torneo`` Tamalo's."""

    @functools.wraps(original)
    async def wrapper(update: Update, context: Context) -> None:
        words = context.text_args.split()
        if words and words[0].casefold() in GAME_WORDS:
            await start(update, context)
        else:
            await original(update, context)

    return wrapper


def not_here(command: str) -> Handler:
    """A Tamalo game's command that a Macchiavelli tournament has no use for: said so."""

    async def refuse(update: Update, context: Context) -> None:
        await message_of(update).reply_text(not_in_a_tournament(command))

    return refuse


# --- the commands ---


async def edited_deal(update: Update, context: Context) -> None:
    """An edited ``/mano`` changes nothing recorded in a tournament: say how to fix."""
    await message_of(update).reply_text(edit_changes_nothing())


async def _tournament(work: UnitOfWork, chat_id: int) -> Running:
    if (found := await play.latest(work, chat_id)) is None:
        raise UserError(no_tournament())
    return found


@answers
async def start(update: Update, context: Context) -> None:
    """``/torneo macchiavelli turni=4 smazzate=4 danese Anna Bruno …``: the tables drawn."""
    new = parse_tournament(context.text_args)
    async with changes(update, context) as work:
        started = await play.start(
            work, chat_id_of(update), new.players, new.rules, started_by=sender_id(update)
        )
    await message_of(update).reply_text(texts.tournament_started(started.tournament))


@answers
async def deal(update: Update, context: Context) -> None:
    """``/mano Anna 0 Bruno K,A,7 Carlo 12``: a deal of the table these names sit at; the
    round posted when it was the last deal of the round."""
    if not context.text_args.strip():
        raise UserError(texts_needed())
    typed = parse_deal(context.text_args)
    message = message_of(update)
    async with changes(update, context) as work:
        at = await _tournament(work, message.chat_id)
        t = at.tournament
        if t.is_over():
            raise UserError(over())
        table, found = resolve_at_table(typed, t.seating(t.current_round), t.rules)
        done = await play.record(
            work,
            at,
            table,
            found,
            message_id=message.message_id,
            user_id=sender_id(update),
            now=datetime.now(UTC),
        )
    await message.reply_text(texts.table_deal_recorded(done.tournament, done.round, table))
    if done.round_closed:
        await message.reply_text(texts.round_closed(done.tournament, done.round))


def _round_to_fix(t: Tournament) -> int:
    """The round under way once it has a deal, else the one just closed (changeable until
    the next starts)."""
    current = min(t.current_round, t.rules.rounds)
    return current if t.is_started(current) or current == 1 else current - 1


@answers
async def fix(update: Update, context: Context) -> None:
    """``/correggi 2 Anna 0 Bruno 5 Carlo 12`` (``turno=1`` for another round): deal 2 of the
    table these names sit at, counted again, until the next round starts."""
    words = tokens(context.text_args)
    round_: int | None = None
    if words and (key := words[0].partition("="))[1] and key[0].casefold() in ROUND_WORDS:
        if not key[2].isdigit():
            raise NotANumber("turno", key[2])
        round_, words = int(key[2]), words[1:]
    if not words or not words[0].isdigit():
        raise UserError(fix_usage())
    number = int(words[0])
    typed = parse_deal(" ".join(words[1:]))
    message = message_of(update)
    async with changes(update, context) as work:
        at = await _tournament(work, message.chat_id)
        t = at.tournament
        round_ = _round_to_fix(t) if round_ is None else round_
        if not 1 <= round_ <= min(t.current_round, t.rules.rounds):
            raise UserError(no_such_round(round_, min(t.current_round, t.rules.rounds)))
        table, found = resolve_at_table(typed, t.seating(round_), t.rules)
        after = await play.fix(work, at, round_, table, number, found)
    reply = deal_fixed(after, round_, table, number)
    if after.is_complete(round_):
        reply += "\n\n" + texts.round_closed(after, round_)
    await message.reply_text(reply)


@answers
async def undo(update: Update, context: Context) -> None:
    """``/annulla``: the last deal recorded taken back, until the next round starts."""
    message = message_of(update)
    async with changes(update, context) as work:
        at = await _tournament(work, message.chat_id)
        after, last = await play.undo(work, at, now=datetime.now(UTC))
    number = len(after.deals_at(last.round, last.table)) + 1
    await message.reply_text(deal_undone(after, last.round, last.table, number))


@answers
async def withdraw(update: Update, context: Context) -> None:
    """``/esci Anna``: her seat a BYE from the next round; she keeps her VP."""
    words = tokens(context.text_args)
    if len(words) != 1:
        raise UserError(withdraw_usage())
    message = message_of(update)
    async with changes(update, context) as work:
        at = await _tournament(work, message.chat_id)
        t = at.tournament
        if (player := names.same(words[0], t.players)) is None:
            raise NotInTournament(words[0])
        after = await play.withdraw(work, at, player)
    await message.reply_text(withdrawn(after, player))


@answers
async def arrive(update: Update, context: Context) -> None:
    """``/entra Zoe``: refused, saying why (the seating of every round is drawn)."""
    words = tokens(context.text_args)
    name = parse_name(words[0]) if words else "?"
    async with reading(context) as work:
        at = await _tournament(work, chat_id_of(update))
    if at.tournament.is_started(1):
        raise UserError(late_arrival(name))
    raise UserError(not_before_the_start(name))


@answers
async def tables(update: Update, context: Context) -> None:
    """``/tavoli``: the round under way, its seating, and which tables are still playing."""
    async with reading(context) as work:
        at = await play.latest(work, chat_id_of(update))
    if at is None:
        raise UserError(no_tournament())
    t = at.tournament
    reply = texts.tables_status(t)
    if not t.is_over():
        reply += "\n\n" + texts.seating_lines(t.seating(t.current_round))
    await message_of(update).reply_text(reply)


@answers
async def standings(update: Update, context: Context) -> None:
    """``/classifica`` during a tournament: the standings after the last round closed
    (``/classifica generale`` stays the group's ladder)."""
    async with reading(context) as work:
        at = await _tournament(work, chat_id_of(update))
    t = at.tournament
    closed = t.current_round - 1
    if closed < 1:
        raise UserError(no_round_closed())
    heading = _("Classifica dopo il turno {round}:").format(round=closed)
    after = texts.tournament_won(t) if t.is_over() else texts.tables_status(t)
    await message_of(update).reply_text(
        heading + "\n" + texts.ranking_lines(t.standings(closed)) + "\n\n" + after
    )


@answers
async def sheets(update: Update, context: Context) -> None:
    """``/cartellini``: the printable PDF, drawn off the event loop."""
    async with reading(context) as work:
        at = await play.latest(work, chat_id_of(update))
    if at is None:
        raise UserError(no_tournament())
    message = message_of(update)
    await message.chat.send_action(ChatAction.UPLOAD_DOCUMENT)
    t = at.tournament
    title = _("Torneo di Macchiavelli")
    pdf = await context.renderer.draw(draw_sheets, programme_of(t, title), texts.sheet_words())
    await message.reply_document(
        pdf, filename=_("cartellini") + ".pdf", caption=texts.sheets_caption(t)
    )


@answers
async def export(update: Update, context: Context) -> None:
    """``/esporta`` during a tournament: one row per player per deal."""
    async with reading(context) as work:
        at = await _tournament(work, chat_id_of(update))
    rows = play.export_rows(at.tournament)
    if not rows:
        raise UserError(nothing_to_export())
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(EXPORT_HEADER)
    writer.writerows(
        (r.round, r.table, r.seat, r.player, r.deal, r.points, r.mp, "" if r.vp is None else r.vp)
        for r in rows
    )
    message = message_of(update)
    await message.reply_document(
        text.getvalue().encode(),
        filename="macchiavelli-torneo.csv",
        caption=_("Il torneo: {rows} righe, una per giocatore per smazzata.").format(
            rows=len(rows)
        ),
    )


# --- what is said ---


def not_in_a_tournament(command: str) -> str:
    return _(
        "Durante un torneo di Macchiavelli /{command} non serve: /{tables} mostra i tavoli, "
        "/{standings} la classifica."
    ).format(
        command=command_name(command),
        tables=command_name("tavoli"),
        standings=command_name("classifica"),
    )


def edit_changes_nothing() -> str:
    return _(
        "Nel torneo una /{deal} modificata non cambia la smazzata: correggetela con "
        "/{fix} e il numero della smazzata del tavolo, per esempio /{fix} 2 Anna 0 Bruno 5 "
        "Carlo 12."
    ).format(deal=command_name("mano"), fix=command_name("correggi"))


def no_tournament() -> str:
    return _(
        "Nessun torneo di Macchiavelli in corso: /{command} macchiavelli e almeno 9 nomi."
    ).format(command=command_name("torneo"))


def texts_needed() -> str:
    return _(
        "Nel torneo scrivete le smazzate con i nomi: /{command} Anna 0 Bruno K,A,7 Carlo 12"
    ).format(command=command_name("mano"))


def over() -> str:
    return _("Il torneo è finito: tutti i turni sono giocati.")


def tournament_running() -> str:
    return _("C'è già un torneo in corso in questa chat: /{tables} mostra a che punto è.").format(
        tables=command_name("tavoli")
    )


def game_running() -> str:
    return _("C'è una partita in corso: chiudetela con /{end} prima del torneo.").format(
        end=command_name("fine")
    )


def fix_usage() -> str:
    return _(
        "Scrivete il numero della smazzata del tavolo e i punti di nuovo: /{command} 2 Anna 0 "
        "Bruno 5 Carlo 12 (turno=1 per un turno chiuso)."
    ).format(command=command_name("correggi"))


def no_such_round(round_: int, current: int) -> str:
    return _("Non c'è il turno {round}: si gioca il turno {current}.").format(
        round=round_, current=current
    )


def _mp(t: Tournament, round_: int, table: int) -> str:
    mp = t.match_points(round_, table)
    running = ", ".join(f"{p} {points}" for p, points in sorted(mp.items(), key=lambda i: i[1]))
    return _("MP: {running}").format(running=running)


def deal_fixed(t: Tournament, round_: int, table: int, number: int) -> str:
    heading = _("Turno {round}, tavolo {table}: smazzata {n} corretta.").format(
        round=round_, table=table, n=number
    )
    lines = texts.deal_lines(t.deals_at(round_, table)[number - 1], number)
    return "\n\n".join([heading, lines, _mp(t, round_, table)])


def deal_undone(t: Tournament, round_: int, table: int, number: int) -> str:
    heading = _("Turno {round}, tavolo {table}: smazzata {n} annullata.").format(
        round=round_, table=table, n=number
    )
    return heading + "\n" + _mp(t, round_, table)


def withdraw_usage() -> str:
    return _("Scrivete chi si ritira: /{command} Anna").format(command=command_name("esci"))


def withdrawn(t: Tournament, player: str) -> str:
    first = t.withdrawn[player]
    return _(
        "{player} si ritira: dal turno {round} al suo posto c'è un BYE. Tiene i suoi VP ed è "
        "in classifica come ritirato."
    ).format(player=player, round=first)


def late_arrival(player: str) -> str:
    return _(
        "Il torneo è cominciato: {player} non può entrare dopo il turno 1, i posti di ogni "
        "turno sono già sorteggiati."
    ).format(player=player)


def not_before_the_start(player: str) -> str:
    return _(
        "I tavoli sono già sorteggiati: {player} non può entrare. Per averlo in gioco, "
        "ricominciate il torneo con tutti i nomi."
    ).format(player=player)


def no_round_closed() -> str:
    return _("Nessun turno è ancora finito: /{tables} mostra i tavoli che giocano.").format(
        tables=command_name("tavoli")
    )


def nothing_to_export() -> str:
    return _("Il torneo non ha ancora smazzate da esportare.")


__all__ = [
    "arrive",
    "deal",
    "export",
    "fix",
    "hooked",
    "named_tournament",
    "sheets",
    "standings",
    "start",
    "tables",
    "undo",
    "withdraw",
]
