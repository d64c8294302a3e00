"""Second thoughts at the table: the buttons that record a repeated hand, seat a newcomer
whose name is a letter off a player's, close a game or reopen it; ``/riapri``, and
``/rivincita``. Every press is one unit of work under the chat's lock that reads the state
from the database, so a second press (or two people at once) finds the question answered."""

from __future__ import annotations

from dataclasses import dataclass, replace

from telegram import InlineKeyboardMarkup, Message, Update

from bot import names, texts
from bot.commands import buttons
from bot.commands.charts import send_final_chart
from bot.commands.entry import edit_in_place
from bot.commands.game import chart_if_ended, closed_text, next_hand, recorded, reopen_button
from bot.context import Context
from bot.games.tamalo.commands.forecast import (
    draw_ahead,
    drawn_at_start,
    forecast_line,
    forecast_of,
)
from bot.handling import (
    UndoAndFix,
    admins_only,
    changes,
    changing,
    chat_id_of,
    may_undo_and_fix,
    message_of,
    replies_to_mistakes,
    sender_id,
)
from bot.parsing import parse_join, parse_nothing
from bot.refusals import UserError, mistake
from play import game as play
from play import hands
from play.errors import Refused
from play.forecast import Outlook
from play.hands import HandRecorded, SameHandAnswer
from play.records import GameRecord
from scoring.tamalo import Game, RuleBroken


@dataclass(frozen=True)
class Outcome:
    """What a press did: the toast to answer with, the message's new text and buttons (no
    text: it stays as it is), and what else to send."""

    toast: str | None = None
    #: The toast stays until closed: a refusal, not a stale button.
    alert: bool = False
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None
    #: A hand recorded, and what its forecast's line is worked out from.
    recorded: HandRecorded | None = None
    outlook: Outlook | None = None
    #: A game closed: its record, for the final chart.
    closed: GameRecord | None = None
    #: A game reopened: said in a message of its own.
    reopened: Game | None = None


async def press(update: Update, context: Context) -> None:
    """A confirmation's button: the action it asks about is done once, or not at all."""
    query = update.callback_query
    assert query is not None
    data, chat = query.data or "", update.effective_chat
    if chat is None:
        await query.answer()
        return
    try:
        outcome = await _press(update, context, chat.id, data)
    except UserError as error:
        outcome = Outcome(toast=error.message[:200], alert=True)
    except (RuleBroken, Refused) as error:
        outcome = Outcome(toast=mistake(error).message[:200], alert=True)
    await query.answer(outcome.toast, show_alert=outcome.alert)
    message = query.message if isinstance(query.message, Message) else None
    if message is None:
        return
    if outcome.recorded is not None and outcome.text is not None:
        done = outcome.recorded
        line = await forecast_line(context, done.record, outcome.outlook)
        outcome = replace(outcome, text=recorded(done, line))
    if outcome.text is not None:
        await edit_in_place(message, outcome.text, outcome.buttons)
    if outcome.recorded is not None:
        await chart_if_ended(message, context, outcome.recorded)
    if outcome.closed is not None:
        await send_final_chart(message, context, outcome.closed)
    if outcome.reopened is not None:
        await message.reply_text(texts.game.game_reopened(outcome.reopened))


async def _press(update: Update, context: Context, chat_id: int, data: str) -> Outcome:
    if same := buttons.SAME.match(data):
        pending, yes = int(same[1]), same[2] == "y"
        return await _same_hand(context, chat_id, pending, sender_id(update), yes=yes)
    if join := buttons.JOIN.match(data):  # anyone may press it, as anyone may type /entra
        return await _join_new(context, chat_id, int(join[1]), join[2])
    end, reopen = buttons.END.match(data), buttons.REOPEN.match(data)
    if end is None and reopen is None:
        return Outcome(toast=texts.common.already_answered())
    permission = await may_undo_and_fix(update, context)  # Telegram asked before any lock
    if end is not None:
        return await _end(context, chat_id, int(end[1]), permission, yes=end[2] == "y")
    assert reopen is not None
    async with changing(context, chat_id) as work:
        await permission.check(work)
        game = await play.reopen(work, chat_id, int(reopen[1]))
    return Outcome(reopened=game)


async def _same_hand(
    context: Context, chat_id: int, pending_id: int, user_id: int | None, *, yes: bool
) -> Outcome:
    """A hand equal to the previous one: recorded as a new hand (sent by ``user_id``, who
    confirmed it), or dropped."""
    async with changing(context, chat_id) as work:
        answer = await hands.answer_same_hand(work, chat_id, pending_id, yes=yes)
        if answer is SameHandAnswer.ANSWERED:
            return Outcome(toast=texts.common.already_answered())
        if answer is SameHandAnswer.DROPPED:
            return Outcome(text=texts.hands.same_hand_dropped())
        if answer is SameHandAnswer.STALE:
            return Outcome(text=texts.hands.same_hand_stale())
        try:
            hand = await next_hand(work, answer.record, answer.text)
        except UserError:  # the players changed meanwhile
            return Outcome(text=texts.hands.same_hand_stale())
        outcome = await hands.record_hand(
            work, answer.record, hand, message_id=answer.message_id, user_id=user_id
        )
        outlook = await forecast_of(context, work, outcome.record, outcome.game)
    return Outcome(text=recorded(outcome), recorded=outcome, outlook=outlook)


async def _join_new(context: Context, chat_id: int, game_id: int, name: str) -> Outcome:
    """``/entra Paola nuovo`` by button: Paola sits down at the game asked about, if it still
    runs and she is not seated yet (a second press, or typed meanwhile)."""
    async with changing(context, chat_id) as work:
        record = await play.join_asked(work, chat_id, game_id)
        if record is None:
            return Outcome(toast=texts.mistakes.join_too_late(name))
        game = record.game
        seated = names.same(name, game.players)
        if seated is not None and seated not in game.left_after:
            return Outcome(toast=texts.mistakes.join_pressed_again(seated))
        name = parse_join(name, game.players, game.left_after, new=True)  # checked as if typed
        joined = await play.join(work, record, name)
    return Outcome(text=texts.game.player_joined(joined.record.game, joined.name))


async def _end(
    context: Context, chat_id: int, game_id: int, permission: UndoAndFix, *, yes: bool
) -> Outcome:
    """Close the game asked about, or leave it running."""
    async with changing(context, chat_id) as work:
        await permission.check(work)
        record = await play.end_asked(work, chat_id, game_id)
        if record is None:
            return Outcome(toast=texts.game.game_already_closed())
        if not yes:
            return Outcome(text=texts.game.game_goes_on())
        closed = await play.close(work, record)
    return Outcome(text=closed_text(closed), buttons=reopen_button(record), closed=closed.closed)


@replies_to_mistakes
@admins_only
async def reopen(update: Update, context: Context) -> None:
    """``/riapri``: the game closed with /fine goes on."""
    parse_nothing(context.text_args, "riapri")
    async with changes(update, context) as work:
        game = await play.reopen(work, chat_id_of(update))
    await message_of(update).reply_text(texts.game.game_reopened(game))


@replies_to_mistakes
async def rematch(update: Update, context: Context) -> None:
    """``/rivincita``: a new game with the last game's players, mode and options; the first
    dealer is the next seat after the last game's."""
    parse_nothing(context.text_args, "rivincita")
    async with changes(update, context) as work:
        started = await play.rematch(work, chat_id_of(update), started_by=sender_id(update))
        outlook = await drawn_at_start(context, work, started.record)
    await message_of(update).reply_text(texts.game.rematch_started(started.record.game))
    draw_ahead(context, outlook)
