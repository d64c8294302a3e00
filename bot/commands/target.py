"""The lower target proposed at ``/nuova contro``: a button on the reply sets it on the game
just created, as long as its first hand has not been recorded."""

from __future__ import annotations

import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot import texts
from bot.commands.common import changing
from bot.context import Context
from storage import GameRecord

#: ``soglia:<game id>``: the game whose target the button lowers to ``texts.CONTRO_TARGET``.
CALLBACK = re.compile(r"^soglia:(\d{1,9})$")


def offer(record: GameRecord, *, target_given: bool) -> InlineKeyboardMarkup | None:
    """The button under a new game's reply, when a lower target is proposed for it."""
    if target_given or not texts.lower_target_proposed(record.game.rules):
        return None
    button = InlineKeyboardButton(texts.lower_target_button(), callback_data=f"soglia:{record.id}")
    return InlineKeyboardMarkup([[button]])


async def lower_target(update: Update, context: Context) -> None:
    """The button pressed: the game's target becomes the lower one, and the reply says so;
    once a hand is recorded (or the game is over) the target stays as it is."""
    query = update.callback_query
    assert query is not None
    match = CALLBACK.match(query.data or "")
    chat = update.effective_chat
    if match is None or chat is None:
        await query.answer(texts.TARGET_TOO_LATE)
        return
    async with changing(context, chat.id) as work:
        games = work.games
        record = await games.get(int(match[1]))
        lowered = (
            record is not None
            and record.chat_id == chat.id  # a button changes only a game of its own chat
            and record.running
            and not record.game.hands
            and texts.lower_target_proposed(record.game.rules)
        )
        if lowered:
            assert record is not None
            record = await games.lower_target(record, texts.CONTRO_TARGET)
    if not lowered or record is None:
        await query.answer(texts.TARGET_TOO_LATE)
        await query.edit_message_reply_markup(reply_markup=None)
        return
    await query.answer(texts.target_lowered(record.game.rules.target))
    await query.edit_message_text(texts.game_started(record.game))
