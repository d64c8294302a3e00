"""The confirmation every game's ``/fine`` asks for once something was played, and the button
that reopens a game just closed (``bot.confirmations``): each press is one unit of work under
the chat's lock that reads the game asked about from the database, and hands it to the game
of its stored kind, so a second press (or two people at once) finds the question answered."""

from __future__ import annotations

from telegram import Message, Update
from telegram.error import BadRequest

from bot import games, texts
from bot.confirmations import END, REOPEN
from bot.context import Context
from bot.handling import changing, may_undo_and_fix
from bot.refusals import UserError, answer_in, mistake
from bot.table import Press, Pressed
from play.errors import Refused
from scoring.errors import RuleBroken

#: Every callback data of these buttons (well formed or not).
PATTERN = r"^(fine|riapri):"


async def press(update: Update, context: Context) -> None:
    """A ``/fine`` question's button, or a reopen button: done once, or not at all."""
    query = update.callback_query
    assert query is not None
    data, chat = query.data or "", update.effective_chat
    message = query.message if isinstance(query.message, Message) else None
    if chat is None or message is None:
        await query.answer()
        return
    try:
        pressed = await _press(update, context, chat.id, data)
    except UserError as error:
        await query.answer(error.message[:200], show_alert=True)
        return
    except (RuleBroken, Refused) as error:
        await query.answer(mistake(error).message[:200], show_alert=True)
        return
    if pressed is None:
        await query.answer(texts.common.already_answered())
        return
    await query.answer()
    if isinstance(pressed, str):  # reopened: said in a message of its own
        await message.reply_text(pressed)
        return
    await edit_in_place(message, pressed)
    if pressed.then is not None:
        await pressed.then(message)


async def _press(update: Update, context: Context, chat_id: int, data: str) -> Pressed | str | None:
    end, reopen = END.match(data), REOPEN.match(data)
    found = end or reopen
    if found is None:
        return None
    game_id = int(found[1])
    permission = await may_undo_and_fix(update, context)  # Telegram asked before any lock
    async with changing(context, chat_id) as work:
        await permission.check(work)
        stored = await work.games.get(game_id)
        if stored is None or stored.chat_id != chat_id:  # a button of another chat: forged
            return None
        game = games.of(stored.kind)
        try:
            if end is not None:
                if not stored.running or game.closing is None:
                    raise UserError(texts.mistakes.closed_already())
                pressing = Press(update, context, work, chat_id)
                return await game.closing(pressing, stored, end[2] == "y")
            if game.reopening is None:
                return None
            return await game.reopening(Press(update, context, work, chat_id), stored)
        except (RuleBroken, Refused) as error:
            raise answer_in(game.rule_texts, error) from error


async def edit_in_place(message: Message, pressed: Pressed) -> None:
    """The question shows what its press did; the same again (two quick presses) is no error."""
    try:
        await message.edit_text(pressed.text, reply_markup=pressed.buttons)
    except BadRequest as error:
        if "not modified" not in str(error).casefold():
            raise
