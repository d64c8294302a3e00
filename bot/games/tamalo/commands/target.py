"""The lower target proposed at ``/nuova contro``: a button on the reply sets it on the game
just created, as long as its first hand has not been recorded."""

from __future__ import annotations

import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot.context import Context
from bot.games.tamalo import texts
from bot.handling import changing
from play.tamalo import game as play
from play.tamalo.records import GameRecord

#: ``soglia:<game id>``: the game whose target the button lowers to ``texts.words.CONTRO_TARGET``.
CALLBACK = re.compile(r"^soglia:(\d{1,9})$")
#: Every callback data of the button (well formed or not).
PATTERN = r"^soglia:"


def offer(record: GameRecord, *, target_given: bool) -> InlineKeyboardMarkup | None:
    """The button under a new game's reply, when a lower target is proposed for it."""
    if target_given or not texts.words.lower_target_proposed(record.game.rules):
        return None
    button = InlineKeyboardButton(
        texts.words.lower_target_button(), callback_data=f"soglia:{record.id}"
    )
    return InlineKeyboardMarkup([[button]])


async def lower_target(update: Update, context: Context) -> None:
    """The button pressed: the game's target becomes the lower one, and the reply says so;
    once a hand is recorded (or the game is over) the target stays as it is."""
    query = update.callback_query
    assert query is not None
    match = CALLBACK.match(query.data or "")
    chat = update.effective_chat
    if match is None or chat is None:
        await query.answer(texts.game.target_too_late())
        return
    async with changing(context, chat.id) as work:
        record = await play.lower_target(work, chat.id, int(match[1]), texts.words.CONTRO_TARGET)
    if record is None:
        await query.answer(texts.game.target_too_late())
        await query.edit_message_reply_markup(reply_markup=None)
        return
    await query.answer(texts.game.target_lowered(record.game.rules.target))
    await query.edit_message_text(texts.game.game_started(record.game))
