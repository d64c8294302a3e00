"""Tagò's commands that need no night and record nothing: ``/giudica`` (``/judge``), with the
pair question's buttons, and ``/quote`` (``/odds``). Each parses, answers and replies to the
command's message; the buttons keep nothing meanwhile, so they work after a restart.

(``bot.commands`` registers these handlers, so nothing here imports from it: its
``replies_to_mistakes`` is the few lines of ``_answers_mistakes``.)"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest

from bot.context import Context
from bot.games.tago import texts
from bot.games.tago.answers import Answer, judge_answer, odds_answer
from bot.games.tago.choice import CHOICE_PREFIX, JUDGE_CHOICE, parse_choice_data, with_choice
from bot.games.tago.parsing import parse_judge, parse_odds
from bot.refusals import UserError

#: Every button of Tagò's, well formed or not: ``press`` sorts them out.
PATTERN = r"^tg:"
#: Telegram's longest toast, in characters.
TOAST = 200

_Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]


def _answers_mistakes(handler: _Handler) -> _Handler:
    """Something typed that cannot be taken (``UserError``) is answered with what to type."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except UserError as error:
            await _message(update).reply_text(error.message)

    return wrapper


@_answers_mistakes
async def judge(update: Update, context: Context) -> None:
    """``/giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½``: who wins and with what, each player's
    counted score; a PUNTO with a pair and no ``scelta=`` is asked about with two buttons."""
    answer = judge_answer(parse_judge(context.text_args))
    await _reply(update, answer)


@_answers_mistakes
async def show_odds(update: Update, context: Context) -> None:
    """``/quote punto=4,½ Anna 4,4 Bruno 3,1``: each player's chance, worked out by a worker."""
    answer = await odds_answer(parse_odds(context.text_args), context.renderer)
    await _reply(update, answer)


async def press(update: Update, context: Context) -> None:
    """A button of the pair question: the command it answers is read again, from the message
    the question replies to, with the choice; the question becomes the verdict. A second
    press finds the buttons gone and is told so."""
    query = update.callback_query
    assert query is not None
    data = query.data or ""
    chosen = parse_choice_data(data)
    message = query.message if isinstance(query.message, Message) else None
    if chosen is None or chosen[0] != JUDGE_CHOICE or message is None:
        await query.answer(texts.stale_button())
        return
    if data not in _buttons_of(message):
        await query.answer(texts.already_judged())
        return
    typed = message.reply_to_message.text if message.reply_to_message else None
    if not typed:
        await query.answer(texts.command_gone(chosen[1]), show_alert=True)
        return
    try:
        answer = judge_answer(parse_judge(with_choice(_arguments(typed), chosen[1])))
    except UserError as error:  # the command was edited into something else meanwhile
        await query.answer(error.message[:TOAST], show_alert=True)
        return
    await query.answer()
    try:
        await message.edit_text(answer.text, reply_markup=_keyboard(answer))
    except BadRequest as error:  # two quick presses of the same button: judged already
        if "not modified" not in str(error).casefold():
            raise


async def _reply(update: Update, answer: Answer) -> None:
    """The answer as a reply to the command's message, in a private chat too: a button of
    the pair question reads that message again."""
    await _message(update).reply_text(answer.text, reply_markup=_keyboard(answer), do_quote=True)


def _keyboard(answer: Answer) -> InlineKeyboardMarkup | None:
    if not answer.buttons:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data)] for label, data in answer.buttons]
    )


def _buttons_of(message: Message) -> set[str]:
    """The callback data of the Tagò buttons a message carries as it is now."""
    markup = message.reply_markup
    rows = markup.inline_keyboard if markup is not None else ()
    return {
        button.callback_data
        for row in rows
        for button in row
        if isinstance(button.callback_data, str) and button.callback_data.startswith(CHOICE_PREFIX)
    }


def _arguments(typed: str) -> str:
    """A command's arguments as ``context.args`` gives them: its words after the first."""
    return " ".join(typed.split()[1:])


def _message(update: Update) -> Message:
    message = update.effective_message
    assert message is not None  # command handlers only see messages
    return message
