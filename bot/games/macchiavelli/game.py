"""Macchiavelli's home game in the chat: its entry in the table of games (``GAME``), with the
handlers the shared commands hand over to when the chat's game is a Macchiavelli game:
``/nuova macchiavelli``, ``/mano`` (``/smazzata``), ``/annulla``, ``/correggi``,
``/classifica``, ``/fine``, ``/riapri``, ``/rivincita``. Each parses, works in one unit of
work (``play.macchiavelli``), renders and replies, as Tamalo's handlers do (the same claim,
delivery and answer kept); a deal's reply (and /annulla's, /correggi's) ends with "Chi
vince?" while a game with an end runs (``forecast``)."""

from __future__ import annotations

import functools

from telegram import Update

from bot.context import Context
from bot.games.macchiavelli import figures, texts
from bot.games.macchiavelli import tournament_commands as tournament
from bot.games.macchiavelli.errors import InputError
from bot.games.macchiavelli.forecast import forecast_line, forecast_of
from bot.games.macchiavelli.pad_commands import or_typed
from bot.games.macchiavelli.parsing import GAME_WORDS, parse_deal, parse_new_game, resolve
from bot.games.macchiavelli.refusals import TEXTS, refused
from bot.games.macchiavelli.tonight import tonight
from bot.games.macchiavelli.tournament_commands import hooked, not_here
from bot.handling import (
    EDITED_DEAL,
    GameEntry,
    Handler,
    SharedAnswer,
    admins_only,
    changes,
    chat_id_of,
    message_of,
    reading,
    replies_to_mistakes,
    sender_id,
)
from bot.parsing import parse_standings
from bot.parsing.words import parse_nothing
from bot.refusals import UserError
from play import macchiavelli as play
from play.errors import NoRunningGame, ReopenReachedTarget
from scoring.errors import RuleBroken
from storage.macchiavelli import MACCHIAVELLI


def own_mistakes(handler: Handler) -> Handler:
    """Macchiavelli's refusals (its parser's and its engine's) answered in its own words;
    the shared ones (``replies_to_mistakes``) in the shared words."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except InputError as error:
            raise refused(error) from error
        except ReopenReachedTarget as error:  # by its deals, or its target
            raise UserError(texts.reopen_ended_by_rules()) from error
        except RuleBroken as error:
            if type(error) in TEXTS:  # the engine's own rules
                raise refused(error) from error
            raise

    return wrapper


@replies_to_mistakes
@own_mistakes
async def new_game(update: Update, context: Context) -> None:
    """``/nuova macchiavelli Anna Bruno Carlo smazzate=3``: the game word, then the seats
    clockwise and the options."""
    _word, _, rest = context.text_args.strip().partition(" ")
    new = parse_new_game(rest)
    async with changes(update, context) as work:
        record = await play.start(
            work,
            chat_id_of(update),
            new.players,
            new.rules,
            first_dealer=new.first_dealer,
            started_by=sender_id(update),
        )
    await message_of(update).reply_text(texts.match_started(record.match))


# Each handler finds the chat's game before it reads what was typed: a game of another kind
# (``OtherGame``) goes back to that game's handler, whatever was typed for it.


@replies_to_mistakes
@own_mistakes
async def record_deal(update: Update, context: Context) -> None:
    """``/mano Anna 0 Bruno K,A,7 Carlo 12`` or ``/mano 0 28 12``: the next deal. A chat
    whose latest game is a tournament's is found so here (``TournamentInFront``: the hook
    hands the command over), in the same unit of work."""
    message = message_of(update)
    async with changes(update, context) as work:
        record = await play.running_at_home(work, message.chat_id)
        if record is None:
            raise NoRunningGame
        deal = resolve(parse_deal(context.text_args), record.match.players, record.match.rules)
        outcome = await play.record_deal(
            work, record, deal, message_id=message.message_id, user_id=sender_id(update)
        )
        outlook = await forecast_of(context, work, record, outcome.match)
    line = await forecast_line(context, record, outlook)
    await message.reply_text(texts.deal_recorded(outcome.match) + line)


@replies_to_mistakes
@admins_only
@own_mistakes
async def undo(update: Update, context: Context) -> None:
    """``/annulla``: the last deal taken back."""
    async with changes(update, context) as work:
        await play.latest(work, chat_id_of(update))
        parse_nothing(context.text_args, "annulla")
        undone = await play.undo(work, chat_id_of(update))
        outlook = await forecast_of(context, work, undone.record, undone.match)
    line = await forecast_line(context, undone.record, outlook)
    await message_of(update).reply_text(
        texts.deal_undone(undone.match, undone.number, reopened=undone.reopened) + line
    )


@replies_to_mistakes
@admins_only
@own_mistakes
async def fix_deal(update: Update, context: Context) -> None:
    """``/correggi 2 Anna 27 Bruno 40 Carlo 0``: deal 2 counted again."""
    number, _, rest = context.text_args.strip().partition(" ")
    async with changes(update, context) as work:
        record = await play.correctable(work, chat_id_of(update))
        if record is None:
            raise NoRunningGame
        if not number.isdecimal():
            raise UserError(texts.fix_needs_number(max(len(record.match.deals), 1)))
        deal = resolve(parse_deal(rest), record.match.players, record.match.rules)
        fixed = await play.fix_deal(work, record, int(number), deal)
        outlook = await forecast_of(context, work, record, fixed.match)
    line = await forecast_line(context, record, outlook)
    await message_of(update).reply_text(
        texts.deal_fixed(fixed.match, fixed.number, reopened=fixed.reopened) + line
    )


@replies_to_mistakes
@own_mistakes
async def standings(update: Update, context: Context) -> None:
    """``/classifica``: the running game's standings, or the last game's (``/classifica
    generale``: every game's ladder, as ever)."""
    if parse_standings(context.text_args):
        raise SharedAnswer
    async with reading(context) as work:
        record = await play.latest(work, chat_id_of(update))
    if record is None:
        raise NoRunningGame
    await message_of(update).reply_text(texts.standings(record.match, running=record.running))


@replies_to_mistakes
@admins_only
@own_mistakes
async def end(update: Update, context: Context) -> None:
    """``/fine``: the game closed now, ranked as it stands."""
    async with changes(update, context) as work:
        record = await play.running(work, chat_id_of(update))
        parse_nothing(context.text_args, "fine")
        if record is None:
            raise NoRunningGame
        await play.end(work, record)
    await message_of(update).reply_text(texts.match_closed(record.match))


@replies_to_mistakes
@admins_only
@own_mistakes
async def reopen(update: Update, context: Context) -> None:
    """``/riapri``: the last game, closed with ``/fine``, runs again."""
    async with changes(update, context) as work:
        await play.latest(work, chat_id_of(update))
        parse_nothing(context.text_args, "riapri")
        record = await play.reopen(work, chat_id_of(update))
    await message_of(update).reply_text(texts.match_reopened(record.match))


@replies_to_mistakes
@own_mistakes
async def rematch(update: Update, context: Context) -> None:
    """``/rivincita``: the same players and rules again; the next seat deals first."""
    async with changes(update, context) as work:
        await play.latest(work, chat_id_of(update))
        parse_nothing(context.text_args, "rivincita")
        record = await play.rematch(work, chat_id_of(update), started_by=sender_id(update))
    await message_of(update).reply_text(texts.match_started(record.match))


@replies_to_mistakes
async def edited_deal(update: Update, context: Context) -> None:
    """A ``/mano`` edited: nothing changes, ``/correggi`` fixes a deal."""
    async with reading(context) as work:
        await play.latest(work, chat_id_of(update))
    await message_of(update).reply_text(texts.edit_changes_nothing())


GAME = GameEntry(
    kind=MACCHIAVELLI,
    names=GAME_WORDS,
    new_game=new_game,
    tournament=tournament.start,
    refuses=texts.not_for_macchiavelli,
    # Each in front of the tournament's own (``tournament_commands.hooked``): in a chat whose
    # latest game is a Macchiavelli tournament's, the tournament answers.
    handlers={
        # ``/mano`` alone: the card pad (``pad_commands``); a tournament's keeps its own.
        "mano": hooked(or_typed(record_deal), tournament.deal, checks_itself=True),
        "annulla": hooked(undo, tournament.undo),
        "correggi": hooked(fix_deal, tournament.fix),
        "classifica": hooked(standings, tournament.standings, bare=True),
        "fine": hooked(end, not_here("fine")),
        "riapri": hooked(reopen, not_here("riapri")),
        "rivincita": hooked(rematch, not_here("rivincita")),
        "grafico": hooked(figures.show_chart, not_here("grafico")),
        EDITED_DEAL: hooked(edited_deal, tournament.edited_deal),
    },
    # The home games' share of the chat-wide commands (a tournament's /esporta is its own).
    player_stats=figures.player_panel,
    export=figures.export,
    tonight=tonight,
)
