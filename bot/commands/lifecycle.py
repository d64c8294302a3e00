"""A chat's life: a group upgraded to a supergroup keeps its history under its new id."""

from __future__ import annotations

import logging

from telegram import Update

from bot import games
from bot.commands.settings import show_menu
from bot.context import Context
from bot.handling import message_of
from play import lifecycle
from storage import UnitOfWork, chat_language

log = logging.getLogger(__name__)


async def chat_migrated(update: Update, context: Context) -> None:
    """Telegram tells both chats (the old group: "moved to", the supergroup: "moved from");
    whichever comes first moves the history, the other finds nothing left to move. The old
    chat's games closed by the move keep their places, each as its game keeps them."""
    message = message_of(update)
    if message.migrate_to_chat_id is not None:
        old, new = message.chat_id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id is not None:
        old, new = message.migrate_from_chat_id, message.chat_id
    else:
        return
    # Not ``changing()``: the move takes both chats' locks itself, always in the same order.
    async with context.db.transaction() as session:
        work = UnitOfWork(session)
        moved = await lifecycle.chat_moved(work, old, new)
        for stored in moved.closed:
            game = games.of(stored.kind)
            if game.moved is not None:
                await game.moved(work, stored)
        if moved.merged:
            await lifecycle.rerate(work, new)
    if moved.moved:
        log.info("Chat %s became chat %s: its history moved with it", old, new)
        if (language := await chat_language(context.db, new)) is not None:
            await show_menu(context.bot, new, language)  # a menu belongs to a chat id
