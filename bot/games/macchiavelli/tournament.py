"""A Macchiavelli tournament in the chat: ``/torneo macchiavelli`` draws the tables, each table
types its deals by names with ``/mano``, the bot posts each round when every table has played
it. Its turns at the chat-wide commands (``/mano``, ``/correggi``, ``/annulla``, ``/esci``,
``/entra``, ``/classifica``, ``/fine``, ``/riapri``), taken while it is the chat's latest
game, and its own commands, ``/tavoli`` and ``/cartellini``.

``/fine`` is its director's (who started it) or an admin's: close it with its standings as
they are, or discard it; anyone else is told who may (or to vote with ``/tresei``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatAction, ChatType

from bot import names
from bot import vote as bot_vote
from bot.context import Context
from bot.games.macchiavelli import tournament_replies as said
from bot.games.macchiavelli import tournament_texts
from bot.games.macchiavelli.errors import InputError
from bot.games.macchiavelli.parsing import (
    parse_deal,
    parse_name,
    parse_tournament,
    resolve_at_table,
)
from bot.games.macchiavelli.refusals import refused
from bot.games.macchiavelli.render import draw_sheets
from bot.games.macchiavelli.sheets import programme_of
from bot.games.macchiavelli.table_fix import parse_table_fix
from bot.handling import changing, is_admin, message_of, reading, replies_to_mistakes
from bot.i18n import _
from bot.parsing.words import parse_nothing, tokens
from bot.refusals import Mistake, Render, UserError, says
from bot.table import Action, Poll, Reply, Turn, VoteWords
from play.errors import AlreadyRunning, GameRunning, TournamentInProgress
from play.macchiavelli import tournament as play
from play.macchiavelli import tournament_vote
from play.macchiavelli.tournament import Running
from scoring.errors import RuleBroken
from scoring.macchiavelli import NotInTournament, Tournament
from storage import GameState

#: The buttons of its ``/fine``: ``mt:fine:<game id>:c`` (close as it is), ``d`` (discard),
#: ``n`` (go on).
END_PATTERN = r"^mt:fine:"
_END = re.compile(r"^mt:fine:(\d{1,9}):([cdn])$")


#: What the chat is told when a tournament's action refuses (``bot.table.Game.rule_texts``).
RULE_TEXTS: Mapping[type[Mistake], Render] = dict(
    [
        says(play.TournamentClosed, lambda _: said.already_closed()),
        says(play.TournamentDiscarded, lambda _: said.discarded_stays()),
        says(play.AllRoundsPlayed, lambda e: said.all_rounds_played(e.rounds)),
    ]
)


def answers(action: Action) -> Action:
    """A Macchiavelli mistake or refusal, raised inside the turn's unit of work, rolls it
    back and is answered in one message."""

    @functools.wraps(action)
    async def wrapper(turn: Turn) -> Reply:
        try:
            return await action(turn)
        except (InputError, RuleBroken) as error:
            raise refused(error) from error
        except TournamentInProgress as error:
            raise UserError(said.tournament_running()) from error
        except GameRunning as error:
            raise UserError(said.game_running()) from error

    return wrapper


async def _tournament(turn: Turn) -> Running:
    """The chat's tournament in front (the command reached it: it is there)."""
    found = await play.in_front(turn.work, turn.front)
    if found is None:
        raise UserError(said.no_tournament())
    return found


@answers
async def start(turn: Turn) -> Reply:
    """``/torneo macchiavelli turni=4 smazzate=4 danese Anna Bruno …``: the tables drawn."""
    new = parse_tournament(turn.text)
    started = await play.start(
        turn.work, turn.chat_id, new.players, new.rules, started_by=turn.sender
    )
    return turn.say(tournament_texts.tournament_started(started.tournament))


@answers
async def deal(turn: Turn) -> Reply:
    """``/mano Anna 0 Bruno K,A,7 Carlo 12``: a deal of the table these names sit at; the
    round posted when it was the last deal of the round."""
    if not turn.text.strip():
        raise UserError(said.texts_needed())
    typed = parse_deal(turn.text)
    at = await _tournament(turn)
    t = at.tournament
    if t.is_over() or not at.stored.running:
        raise UserError(said.over())
    table, found = resolve_at_table(typed, t.seating(t.current_round), t.rules)
    done = await play.record(
        turn.work,
        at,
        table,
        found,
        message_id=turn.message.message_id,
        user_id=turn.sender,
        now=datetime.now(UTC),
    )
    message = turn.message

    async def reply() -> None:
        await message.reply_text(
            tournament_texts.table_deal_recorded(done.tournament, done.round, table)
        )
        if done.round_closed:
            await message.reply_text(tournament_texts.round_closed(done.tournament, done.round))

    return reply


def _round_to_fix(t: Tournament) -> int:
    """The round under way once it has a deal, else the one just closed (changeable until
    the next starts)."""
    current = min(t.current_round, t.rules.rounds)
    return current if t.is_started(current) or current == 1 else current - 1


@answers
async def fix(turn: Turn) -> Reply:
    """``/correggi 2 Anna 0 Bruno 5 Carlo 12`` (``turno=1`` anywhere for another round; by
    default the round under way, or the one just closed while the next has not started):
    deal 2 of the table these names sit at, counted again, until the next round starts."""
    typed = parse_table_fix(turn.text)
    if typed is None:
        raise UserError(said.fix_usage())
    number, round_ = typed.number, typed.round
    at = await _tournament(turn)
    t = at.tournament
    round_ = _round_to_fix(t) if round_ is None else round_
    if not 1 <= round_ <= min(t.current_round, t.rules.rounds):
        raise UserError(said.no_such_round(round_, min(t.current_round, t.rules.rounds)))
    table, found = resolve_at_table(typed.deal, t.seating(round_), t.rules)
    after = await play.fix(turn.work, at, round_, table, number, found)
    reply = said.deal_fixed(after, round_, table, number)
    if after.is_complete(round_):
        reply += "\n\n" + tournament_texts.round_closed(after, round_)
    return turn.say(reply)


@answers
async def undo(turn: Turn) -> Reply:
    """``/annulla``: the last deal recorded taken back, until the next round starts."""
    parse_nothing(turn.text, "annulla")
    at = await _tournament(turn)
    if at.stored.state is GameState.ANNULLED:
        raise UserError(said.discarded_stays())
    if not at.stored.running and not at.tournament.is_over():
        raise UserError(said.closed_undo())
    after, last = await play.undo(turn.work, at, now=datetime.now(UTC))
    number = len(after.deals_at(last.round, last.table)) + 1
    return turn.say(said.deal_undone(after, last.round, last.table, number))


@answers
async def withdraw(turn: Turn) -> Reply:
    """``/esci Anna``: her seat a BYE from the next round; she keeps her VP."""
    words = tokens(turn.text)
    if len(words) != 1:
        raise UserError(said.withdraw_usage())
    at = await _tournament(turn)
    t = at.tournament
    if (player := names.same(words[0], t.players)) is None:
        raise NotInTournament(words[0])
    after = await play.withdraw(turn.work, at, player)
    return turn.say(said.withdrawn(after, player))


@answers
async def arrive(turn: Turn) -> Reply:
    """``/entra Zoe``: refused, saying why (the seating of every round is drawn)."""
    words = tokens(turn.text)
    name = parse_name(words[0]) if words else "?"
    at = await _tournament(turn)
    if at.tournament.is_started(1):
        raise UserError(said.late_arrival(name))
    raise UserError(said.not_before_the_start(name))


#: Its players may discard it by a vote (``/voto``, ``/tresei``), as its director may.
POLL = Poll(
    tournament_vote.VOTING,
    VoteWords(said.vote_question, said.vote_discarded, said.vote_rejected),
)


@answers
async def vote(turn: Turn) -> Reply:
    """``/voto`` (``/tresei``): the players asked whether to discard the tournament; more than
    half of them agreeing discard it."""
    parse_nothing(turn.text, "tresei")
    at = await _tournament(turn)
    if not at.stored.running:
        raise UserError(said.already_closed())
    assert turn.latest is not None
    return await bot_vote.opened(turn, POLL, turn.latest)


@answers
async def standings(turn: Turn) -> Reply:
    """``/classifica`` during a tournament: the standings after the last round closed."""
    parse_nothing(turn.text, "classifica")
    at = await _tournament(turn)
    t = at.tournament
    closed = t.current_round - 1
    if closed < 1:
        raise UserError(said.no_round_closed())
    heading = tournament_texts.standings_heading(t, closed)
    if t.is_over():
        after = tournament_texts.tournament_won(t)
    elif not at.stored.running:
        after = said.reopen_hint()
    else:
        after = tournament_texts.tables_status(t)
    return turn.say(
        heading + "\n" + tournament_texts.ranking_lines(t.standings(closed)) + "\n\n" + after
    )


async def may_direct(update: Update, context: Context, started_by: int | None) -> bool:
    """Whether the sender (a command's or a button's) directs the tournament: who started
    it, or an admin of the group (in private, whoever writes)."""
    chat = update.effective_chat
    user = update.effective_user
    if chat is None or chat.type == ChatType.PRIVATE:
        return True
    if user is not None and started_by is not None and user.id == started_by:
        return True
    return await is_admin(update, context)


@answers
async def end(turn: Turn) -> Reply:
    """``/fine``: its director (or an admin) is asked whether to close it as it stands or to
    discard it; anyone else is told who may."""
    parse_nothing(turn.text, "fine")
    at = await _tournament(turn)
    if not at.stored.running:
        raise UserError(said.already_closed())
    if not await may_direct(turn.update, turn.context, at.stored.started_by):
        raise UserError(said.director_only())
    return turn.say(said.end_question(at.tournament), _end_buttons(at.stored.game_id))


def _end_buttons(game_id: int) -> InlineKeyboardMarkup:
    def button(label: str, choice: str) -> list[InlineKeyboardButton]:
        return [InlineKeyboardButton(label, callback_data=f"mt:fine:{game_id}:{choice}")]

    return InlineKeyboardMarkup(
        [
            button(said.close_label(), "c"),
            button(said.discard_label(), "d"),
            button(said.go_on_label(), "n"),
        ]
    )


async def press_end(update: Update, context: Context) -> None:
    """A button of the tournament's ``/fine``: closed, discarded or going on, once (a second
    press finds it closed), by its director or an admin only."""
    query = update.callback_query
    assert query is not None
    found = _END.match(query.data or "")
    message = query.message if isinstance(query.message, Message) else None
    if found is None or message is None:
        await query.answer(_("Questo pulsante non vale più."))
        return
    game_id, choice = int(found[1]), found[2]
    try:
        async with changing(context, message.chat_id) as work:
            stored = await work.games.get(game_id)
            if stored is None or stored.chat_id != message.chat_id or not stored.running:
                raise UserError(said.already_closed())
            if not await may_direct(update, context, stored.started_by):
                raise UserError(said.director_only())
            at = await play.in_front(work, (stored,))
            assert at is not None
            if choice == "n":
                text = said.goes_on()
            else:
                closed = await play.close(work, at, datetime.now(UTC), discard=choice == "d")
                text = said.discarded() if choice == "d" else said.closed_early(closed.tournament)
    except UserError as error:
        await query.answer(error.message[:200], show_alert=True)
        return
    await query.answer()
    await message.edit_text(text)


@answers
async def reopen(turn: Turn) -> Reply:
    """``/riapri``: a tournament its director closed runs again from where it stopped."""
    parse_nothing(turn.text, "riapri")
    at = await _tournament(turn)
    try:
        again = await play.reopen(turn.work, at, datetime.now(UTC))
    except AlreadyRunning as error:
        raise UserError(_("Il torneo è ancora in corso: non c'è niente da riaprire.")) from error
    return turn.say(said.reopened(again.tournament))


async def edited_deal(turn: Turn) -> Reply:
    """An edited ``/mano`` changes nothing recorded in a tournament: say how to fix."""
    return turn.say(said.edit_changes_nothing())


# --- its own commands ---


@replies_to_mistakes
async def tables(update: Update, context: Context) -> None:
    """``/tavoli``: the round under way, its seating, and which tables are still playing."""
    message = message_of(update)
    async with reading(context) as work:
        at = await play.latest(work, message.chat_id)
    if at is None or at.stored.state is GameState.ANNULLED:
        raise UserError(said.no_tournament())
    t = at.tournament
    reply = tournament_texts.tables_status(t)
    if not t.is_over() and at.stored.running:
        reply += "\n\n" + tournament_texts.seating_lines(t.seating(t.current_round))
    await message.reply_text(reply)


@replies_to_mistakes
async def sheets(update: Update, context: Context) -> None:
    """``/cartellini``: the printable PDF, drawn off the event loop."""
    message = message_of(update)
    async with reading(context) as work:
        at = await play.latest(work, message.chat_id)
    if at is None or at.stored.state is GameState.ANNULLED:
        raise UserError(said.no_tournament())
    await message.chat.send_action(ChatAction.UPLOAD_DOCUMENT)
    t = at.tournament
    title = _("Torneo di Macchiavelli")
    pdf = await context.renderer.draw(
        draw_sheets, programme_of(t, title), tournament_texts.sheet_words()
    )
    await message.reply_document(
        pdf, filename=_("cartellini") + ".pdf", caption=tournament_texts.sheets_caption(t)
    )
