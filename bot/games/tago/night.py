"""A night of Tagò in the chat: its turns at the chat-wide commands (``/nuova tago``, ``/mano``,
``/correggi``, ``/annulla``, ``/classifica``, ``/fine``, ``/riapri``, ``/rivincita``,
``/mazziere``; ``bot.table``), the handlers of its own commands (``/ricarica``,
``/curioso``, ``/jackpot``, ``/saldo``) and of a hand's pair question. What the night does is
``bot.games.tago.actions``'s; each turn plays it in the command's unit of work."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.confirmations import ask_to_end
from bot.context import Context
from bot.games.tago import actions, texts
from bot.games.tago.choice import parse_choice_data, with_choice
from bot.games.tago.night_texts import night_opened, stacks_reply
from bot.handling import (
    Handler,
    admins_only,
    changes,
    changing,
    message_of,
    reading,
    replies_to_mistakes,
    sender_id,
)
from bot.i18n import _
from bot.parsing import parse_nothing
from bot.refusals import UserError
from bot.table import Press, Pressed, Reply, RollBack, Turn
from bot.texts.common import command_name
from play.errors import Refused
from play.tago import night as play
from scoring.errors import RuleBroken
from storage import MessageAlreadyHandled, StoredGame

#: Telegram's longest toast, in characters.
TOAST = 200
#: The buttons of a hand's pair question (``bot.games.tago.choice``, ``m`` for /mano).
HAND_CHOICE = r"^tg:c:m:"

# --- its turns at the chat-wide commands ---


async def new_night(turn: Turn) -> Reply:
    """``/nuova tago …``: a night opens, the table, the seats and their buy-ins, the jackpot
    carried in."""
    text = await actions.new_night(turn.work, turn.chat_id, turn.text, started_by=turn.sender)
    return turn.say(text)


def _asked(asked: actions.ChoiceAsked, message: Message) -> RollBack:
    """The pair question, asked in reply to the command (the press reads it again)."""

    async def ask() -> None:
        await message.reply_text(asked.question, reply_markup=_keyboard(asked), do_quote=True)

    return RollBack(ask)


async def record_hand(turn: Turn) -> Reply:
    """A hand of the night: its pots, who won them, every stack after it; a PUNTO with a
    pair and no ``scelta=`` is asked about first, with two buttons (``press_choice``)."""
    try:
        text = await actions.record_hand(
            turn.work,
            turn.front,
            turn.text,
            message_id=turn.message.message_id,
            user_id=turn.sender,
        )
    except actions.ChoiceAsked as asked:
        raise _asked(asked, turn.message) from asked
    return turn.say(text)


async def edit_hand(turn: Turn) -> Reply:
    """A /mano of the night edited by its author: the hand it recorded is corrected to the
    new text; one that recorded nothing (it had a mistake) records its hand now."""
    assert turn.may_fix is not None
    try:
        text = await actions.edited_hand(
            turn.work,
            turn.front,
            turn.chat_id,
            turn.text,
            message_id=turn.message.message_id,
            update_id=turn.update.update_id,
            user_id=turn.sender,
            may_fix=turn.may_fix.check,
        )
    except MessageAlreadyHandled as error:  # an older edit than one handled: said already
        raise RollBack(_nothing) from error
    except actions.ChoiceAsked as asked:
        raise _asked(asked, turn.message) from asked
    return turn.say(text)


async def _nothing() -> None:
    """Nothing to say."""


async def fix_hand(turn: Turn) -> Reply:
    return turn.say(await actions.fix_hand(turn.work, turn.front, turn.text))


async def undo(turn: Turn) -> Reply:
    parse_nothing(turn.text, "annulla")
    return turn.say(await actions.undo(turn.work, turn.front))


async def standings(turn: Turn) -> Reply:
    """``/classifica``: the night's stacks, or the last night's results."""
    return turn.say(await actions.standings(turn.work, turn.front))


async def end(turn: Turn) -> Reply:
    """``/fine``: a night with hands is asked about first (the press settles it, as
    ``/saldo``); one without any closes at once."""
    parse_nothing(turn.text, "fine")
    record = await play.running_night(turn.work, turn.front)
    if record.night.deals:
        return turn.say(_night_question(), ask_to_end(record.id, _("🏁 Sì, chiudi la serata")))
    return turn.say(await actions.end(turn.work, record, datetime.now(UTC)))


def _night_question() -> str:
    return _(
        "Chiudere la serata di Tagò adesso? Si fanno i conti e i pagamenti (/{reopen} la "
        "riapre finché non si gioca altro)."
    ).format(reopen=command_name("riapri"))


async def closing(press: Press, stored: StoredGame, yes: bool) -> Pressed:
    """The question of ``/fine`` answered: the night settled, or going on."""
    if not yes:
        return Pressed(_("La serata continua."))
    record = await play.record_of(press.work, stored)
    return Pressed(await actions.end(press.work, record, datetime.now(UTC)))


async def reopen(turn: Turn) -> Reply:
    """``/riapri``: the last night, closed, runs again with its stacks as they were."""
    parse_nothing(turn.text, "riapri")
    record = await play.reopen_night(turn.work, turn.front, datetime.now(UTC))
    reopened = _("🔓 Serata di Tagò riaperta: si continua con le fiches di prima.")
    return turn.say(reopened + "\n" + stacks_reply(record.night))


async def rematch(turn: Turn) -> Reply:
    """``/rivincita``: a new night at the same table, with who was still seated at the end,
    each buying in the table's stack; the next seat deals first."""
    parse_nothing(turn.text, "rivincita")
    record = await play.latest_night(turn.work, turn.front)
    if record.running:
        raise UserError(_rematch_while_running())
    started = await play.rematch(turn.work, record, started_by=turn.sender)
    return turn.say(night_opened(started.night))


def _rematch_while_running() -> str:
    return _("La serata è ancora in corso: chiudetela con /{end} prima della rivincita.").format(
        end=command_name("fine")
    )


async def dealer(turn: Turn) -> Reply:
    """``/mazziere``: who deals the next hand of the night."""
    parse_nothing(turn.text, "mazziere")
    night = (await play.running_night(turn.work, turn.front)).night
    return turn.say(_("🃏 Prossima mano: distribuisce {dealer}.").format(dealer=night.next_dealer))


def _keyboard(asked: actions.ChoiceAsked) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data)] for label, data in asked.buttons]
    )


# --- its own commands ---


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
                await work.games.front(message.chat_id),
                text,
                message_id=command.message_id,
                user_id=query.from_user.id,
            )
    except MessageAlreadyHandled:
        await query.answer(actions.hand_already_recorded())
        return
    except (UserError, RuleBroken, Refused) as error:  # the night is over, say
        await query.answer(actions.answer(error)[:TOAST], show_alert=True)
        return
    await query.answer()
    await message.edit_text(reply)


@replies_to_mistakes
@admins_only
async def settle(update: Update, context: Context) -> None:
    """``/saldo``: the night closed now, its results and payments."""
    async with changes(update, context) as work:
        front = await work.games.front(message_of(update).chat_id)
        parse_nothing(context.text_args, "saldo")
        record = await play.running_night(work, front)
        text = await actions.end(work, record, datetime.now(UTC))
    await message_of(update).reply_text(text)


#: A command recording one of the night's events between hands, by what was typed after it:
#: (the unit of work, the chat's games, the text, message and sender) → the reply.
Acting = Callable[..., Awaitable[str]]


def acting(act: Acting) -> Handler:
    """The handler of a command that records one of the night's events between hands
    (``/ricarica``, ``/curioso``): ``act`` in the command's unit of work, then its reply."""

    @replies_to_mistakes
    async def handler(update: Update, context: Context) -> None:
        message = message_of(update)
        async with changes(update, context) as work:
            text = await act(
                work,
                await work.games.front(message.chat_id),
                context.text_args,
                message_id=message.message_id,
                user_id=sender_id(update),
            )
        await message.reply_text(text)

    return handler


def acting_turn(act: Acting) -> Callable[[Turn], Awaitable[Reply]]:
    """A chat-wide command's turn recording one of the night's events (``/entra``,
    ``/esci``): ``act`` in the command's unit of work."""

    async def turn_at(turn: Turn) -> Reply:
        text = await act(
            turn.work,
            turn.front,
            turn.text,
            message_id=turn.message.message_id,
            user_id=turn.sender,
        )
        return turn.say(text)

    return turn_at


rebuy = acting(actions.rebuy)
curious = acting(actions.curious)


@replies_to_mistakes
async def jackpot(update: Update, context: Context) -> None:
    async with reading(context) as work:
        text = await actions.jackpot(work, message_of(update).chat_id)
    await message_of(update).reply_text(text)
