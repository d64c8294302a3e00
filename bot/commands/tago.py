"""A night of Tagò in the chat: its own commands (/ricarica, /curioso, /jackpot, /saldo) and
the shared ones (/nuova tago, /mano, /correggi, /annulla, /classifica, /fine) handed to it
when the chat's game is a night (``play.errors.OtherGame``, raised by Tamalo's reading of the
chat's game, so a Tamalo command costs nothing more). Each handler opens the unit of work
and replies; what the night does is ``bot.games.tago.game``'s."""

from __future__ import annotations

import functools
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.commands.common import (
    Handler,
    admins_only,
    changes,
    changing,
    chat_id_of,
    may_undo_and_fix,
    message_of,
    reading,
    sender_id,
)
from bot.context import Context
from bot.games.tago import game
from bot.games.tago.choice import parse_choice_data, with_choice
from bot.refusals import UserError, use_rule_texts
from play.errors import OtherGame, Refused
from scoring.errors import RuleBroken
from storage import MessageAlreadyHandled

#: Telegram's longest toast, in characters.
TOAST = 200

use_rule_texts(game.RULE_TEXTS)  # each refusal of the night answered, as any other


def _answers(handler: Handler) -> Handler:
    """A command of the night that changes nothing (its unit of work rolled back) says why."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except (UserError, RuleBroken, Refused) as error:
            await message_of(update).reply_text(game.answer(error))

    return wrapper


def or_night(tamalo: Handler, night: Handler) -> Handler:
    """A shared command: Tamalo's, unless the chat's game is a night of Tagò."""

    @functools.wraps(tamalo)
    async def handler(update: Update, context: Context) -> None:
        try:
            await tamalo(update, context)
        except OtherGame as other:
            if other.kind != game.KIND:
                raise
            await night(update, context)

    return handler


def tamalo_only(handler: Handler) -> Handler:
    """A command of Tamalo's alone, sent where the chat's game is a night of Tagò: told
    which commands a night has."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except OtherGame as other:
            if other.kind != game.KIND:
                raise
            await message_of(update).reply_text(game.not_for_a_night())

    return wrapper


def new_game_or_night(tamalo: Handler) -> Handler:
    """``/nuova tago …`` opens a night; any other ``/nuova`` is Tamalo's."""

    @functools.wraps(tamalo)
    async def handler(update: Update, context: Context) -> None:
        if game.names_tago(context.text_args):
            await new_night(update, context)
        else:
            await or_night(tamalo, night_running)(update, context)

    return handler


@_answers
async def new_night(update: Update, context: Context) -> None:
    """Open a night: the table, the seats and their buy-ins, the jackpot carried in."""
    async with changes(update, context) as work:
        text = await game.new_night(
            work, chat_id_of(update), context.text_args, started_by=sender_id(update)
        )
    await message_of(update).reply_text(text)


@_answers
async def night_running(update: Update, context: Context) -> None:
    async with reading(context) as work:
        await game.night_running(work, chat_id_of(update))


@_answers
async def record_hand(update: Update, context: Context) -> None:
    """A hand of the night: its pots, who won them, every stack after it; a PUNTO with a
    pair and no ``scelta=`` is asked about first, with two buttons (``press_choice``)."""
    message = message_of(update)
    try:
        async with changes(update, context) as work:
            text = await game.record_hand(
                work,
                message.chat_id,
                context.text_args,
                message_id=message.message_id,
                user_id=sender_id(update),
            )
    except game.ChoiceAsked as asked:  # replying to the command: the press reads it again
        await message.reply_text(asked.question, reply_markup=_keyboard(asked), do_quote=True)
        return
    await message.reply_text(text)


@_answers
async def edit_hand(update: Update, context: Context) -> None:
    """A /mano of the night edited by its author: the hand it recorded is corrected to the
    new text; one that recorded nothing (it had a mistake) records its hand now."""
    message = message_of(update)
    may_fix = await may_undo_and_fix(update, context)  # asked before any lock is held
    try:
        async with changing(context, message.chat_id) as work:
            text = await game.edited_hand(
                work,
                message.chat_id,
                context.text_args,
                message_id=message.message_id,
                update_id=update.update_id,
                user_id=sender_id(update),
                may_fix=may_fix.check,
            )
    except MessageAlreadyHandled:
        return  # an older edit than one handled: the newer one said what it did
    except game.ChoiceAsked as asked:
        await message.reply_text(asked.question, reply_markup=_keyboard(asked), do_quote=True)
        return
    await message.reply_text(text)


def _keyboard(asked: game.ChoiceAsked) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data)] for label, data in asked.buttons]
    )


#: The buttons of a hand's pair question (``bot.games.tago.choice``, ``m`` for /mano).
HAND_CHOICE_PATTERN = r"^tg:c:m:"


async def press_choice(update: Update, context: Context) -> None:
    """A button of a hand's pair question: the /mano it answers is read again with the
    choice and recorded (once: its message is claimed, as the command's own would be); the
    question becomes the hand's reply."""
    query = update.callback_query
    assert query is not None
    chosen = parse_choice_data(query.data or "")
    message = query.message if isinstance(query.message, Message) else None
    command = message.reply_to_message if message is not None else None
    if chosen is None or message is None or command is None or not command.text:
        await query.answer(game.stale_question())
        return
    text = with_choice(" ".join(command.text.split()[1:]), chosen[1])
    try:
        async with changing(context, message.chat_id) as work:
            await work.claim(message.chat_id, command.message_id)
            reply = await game.record_hand(
                work,
                message.chat_id,
                text,
                message_id=command.message_id,
                user_id=query.from_user.id,
            )
    except MessageAlreadyHandled:
        await query.answer(game.hand_already_recorded())
        return
    except (UserError, RuleBroken, Refused) as error:
        await query.answer(game.answer(error)[:TOAST], show_alert=True)
        return
    await query.answer()
    await message.edit_text(reply)


@_answers
@admins_only
async def fix_hand(update: Update, context: Context) -> None:
    async with changes(update, context) as work:
        text = await game.fix_hand(work, chat_id_of(update), context.text_args)
    await message_of(update).reply_text(text)


@_answers
@admins_only
async def undo(update: Update, context: Context) -> None:
    async with changes(update, context) as work:
        text = await game.undo(work, chat_id_of(update))
    await message_of(update).reply_text(text)


@_answers
async def standings(update: Update, context: Context) -> None:
    async with reading(context) as work:
        text = await game.standings(work, chat_id_of(update))
    await message_of(update).reply_text(text)


@_answers
@admins_only
async def settle(update: Update, context: Context) -> None:
    """``/saldo`` (``/fine``): the night closed, its results and payments."""
    async with changes(update, context) as work:
        text = await game.end(work, chat_id_of(update), datetime.now(UTC))
    await message_of(update).reply_text(text)


@_answers
async def rebuy(update: Update, context: Context) -> None:
    message = message_of(update)
    async with changes(update, context) as work:
        text = await game.rebuy(
            work,
            message.chat_id,
            context.text_args,
            message_id=message.message_id,
            user_id=sender_id(update),
        )
    await message.reply_text(text)


@_answers
async def curious(update: Update, context: Context) -> None:
    message = message_of(update)
    async with changes(update, context) as work:
        text = await game.curious(
            work,
            message.chat_id,
            context.text_args,
            message_id=message.message_id,
            user_id=sender_id(update),
        )
    await message.reply_text(text)


@_answers
async def jackpot(update: Update, context: Context) -> None:
    async with reading(context) as work:
        text = await game.jackpot(work, chat_id_of(update))
    await message_of(update).reply_text(text)
