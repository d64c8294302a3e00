"""A night of Tagò in the chat: the handlers of its own commands (/ricarica, /curioso,
/jackpot, /saldo) and of the shared ones it takes whole (/nuova tago, /mano, /correggi,
/annulla, /classifica, /fine: ``bot.games.dispatching`` hands them over). Each opens the
unit of work and replies; what the night does is ``bot.games.tago.actions``'s."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.context import Context
from bot.games.tago import actions, texts
from bot.games.tago.choice import parse_choice_data, with_choice
from bot.handling import (
    Handler,
    SharedAnswer,
    admins_only,
    changes,
    changing,
    chat_id_of,
    may_undo_and_fix,
    message_of,
    reading,
    replies_to_mistakes,
    sender_id,
)
from bot.parsing import parse_standings
from bot.refusals import UserError
from play.errors import OtherGame, Refused
from scoring.errors import RuleBroken
from storage import MessageAlreadyHandled

#: Telegram's longest toast, in characters.
TOAST = 200
#: The buttons of a hand's pair question (``bot.games.tago.choice``, ``m`` for /mano).
HAND_CHOICE = r"^tg:c:m:"


@replies_to_mistakes
async def new_night(update: Update, context: Context) -> None:
    """``/nuova tago …``: a night opens, the table, the seats and their buy-ins, the jackpot
    carried in."""
    async with changes(update, context) as work:
        text = await actions.new_night(
            work, chat_id_of(update), context.text_args, started_by=sender_id(update)
        )
    await message_of(update).reply_text(text)


async def no_tournament(update: Update, context: Context) -> None:
    """``/torneo tago``: a night has no tournament."""
    await message_of(update).reply_text(actions.not_for_a_night())


@replies_to_mistakes
async def record_hand(update: Update, context: Context) -> None:
    """A hand of the night: its pots, who won them, every stack after it; a PUNTO with a
    pair and no ``scelta=`` is asked about first, with two buttons (``press_choice``)."""
    message = message_of(update)
    try:
        async with changes(update, context) as work:
            text = await actions.record_hand(
                work,
                message.chat_id,
                context.text_args,
                message_id=message.message_id,
                user_id=sender_id(update),
            )
    except actions.ChoiceAsked as asked:  # replying to the command: the press reads it again
        await message.reply_text(asked.question, reply_markup=_keyboard(asked), do_quote=True)
        return
    await message.reply_text(text)


@replies_to_mistakes
async def edit_hand(update: Update, context: Context) -> None:
    """A /mano of the night edited by its author: the hand it recorded is corrected to the
    new text; one that recorded nothing (it had a mistake) records its hand now."""
    message = message_of(update)
    may_fix = await may_undo_and_fix(update, context)  # asked before any lock is held
    try:
        async with changing(context, message.chat_id) as work:
            text = await actions.edited_hand(
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
    except actions.ChoiceAsked as asked:
        await message.reply_text(asked.question, reply_markup=_keyboard(asked), do_quote=True)
        return
    await message.reply_text(text)


def _keyboard(asked: actions.ChoiceAsked) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data)] for label, data in asked.buttons]
    )


async def press_choice(update: Update, context: Context) -> None:
    """A button of a hand's pair question: the /mano it answers is read again with the
    choice and recorded (once: its message is claimed, as the command's own would be); the
    question becomes the hand's reply."""
    query = update.callback_query
    assert query is not None
    chosen = parse_choice_data(query.data or "")
    message = query.message if isinstance(query.message, Message) else None
    command = message.reply_to_message if message is not None else None
    if chosen is None or message is None:
        await query.answer(texts.stale_button())
        return
    if command is None or not command.text:  # the /mano deleted: nothing to read again
        await query.answer(texts.command_gone(chosen[1]), show_alert=True)
        return
    text = with_choice(" ".join(command.text.split()[1:]), chosen[1])
    try:
        async with changing(context, message.chat_id) as work:
            await work.claim(message.chat_id, command.message_id)
            reply = await actions.record_hand(
                work,
                message.chat_id,
                text,
                message_id=command.message_id,
                user_id=query.from_user.id,
            )
    except MessageAlreadyHandled:
        await query.answer(actions.hand_already_recorded())
        return
    except (UserError, RuleBroken, Refused) as error:
        await query.answer(actions.answer(error)[:TOAST], show_alert=True)
        return
    except OtherGame:  # the chat plays another game now
        await query.answer(texts.stale_button())
        return
    await query.answer()
    await message.edit_text(reply)


@replies_to_mistakes
@admins_only
async def fix_hand(update: Update, context: Context) -> None:
    async with changes(update, context) as work:
        text = await actions.fix_hand(work, chat_id_of(update), context.text_args)
    await message_of(update).reply_text(text)


@replies_to_mistakes
@admins_only
async def undo(update: Update, context: Context) -> None:
    async with changes(update, context) as work:
        text = await actions.undo(work, chat_id_of(update))
    await message_of(update).reply_text(text)


@replies_to_mistakes
async def standings(update: Update, context: Context) -> None:
    """``/classifica``: the night's stacks, or the last night's results (``/classifica
    generale``: the shared all-time ladder)."""
    if parse_standings(context.text_args):
        raise SharedAnswer
    async with reading(context) as work:
        text = await actions.standings(work, chat_id_of(update))
    await message_of(update).reply_text(text)


@replies_to_mistakes
@admins_only
async def settle(update: Update, context: Context) -> None:
    """``/saldo``: the night closed, its results and payments."""
    async with changes(update, context) as work:
        text = await actions.end(work, chat_id_of(update), datetime.now(UTC), hand_over=False)
    await message_of(update).reply_text(text)


@replies_to_mistakes
@admins_only
async def end(update: Update, context: Context) -> None:
    """``/fine`` of a night: as ``/saldo`` (a Tamalo game found instead is Tamalo's to end)."""
    async with changes(update, context) as work:
        text = await actions.end(work, chat_id_of(update), datetime.now(UTC), hand_over=True)
    await message_of(update).reply_text(text)


#: A command recording one of the night's events between hands, by what was typed after it:
#: (the unit of work, the chat, the text, message and sender) → the reply.
Acting = Callable[..., Awaitable[str]]


def acting(act: Acting) -> Handler:
    """The handler of a command that records one of the night's events between hands
    (``/ricarica``, ``/curioso``, ``/entra``, ``/esci``): ``act`` in the command's unit of
    work, then its reply."""

    @replies_to_mistakes
    async def handler(update: Update, context: Context) -> None:
        message = message_of(update)
        async with changes(update, context) as work:
            text = await act(
                work,
                message.chat_id,
                context.text_args,
                message_id=message.message_id,
                user_id=sender_id(update),
            )
        await message.reply_text(text)

    return handler


rebuy = acting(actions.rebuy)
curious = acting(actions.curious)


@replies_to_mistakes
async def jackpot(update: Update, context: Context) -> None:
    async with reading(context) as work:
        text = await actions.jackpot(work, chat_id_of(update))
    await message_of(update).reply_text(text)
