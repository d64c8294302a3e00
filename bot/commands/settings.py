"""A chat's settings: /impostazioni."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import changes, chat_id_of, message_of, replies_to_mistakes
from bot.context import Context
from bot.parsing import parse_settings
from storage import ChatStore


@replies_to_mistakes
async def settings(update: Update, context: Context) -> None:
    """Show the chat's settings, or change them: ``/impostazioni fuso=Europe/London``."""
    chat_id = chat_id_of(update)
    async with changes(update, context) as games:
        chats = ChatStore(games.session)
        current = await chats.settings(chat_id)
        wanted = parse_settings(context.text_args, current)
        if wanted is not None:
            await chats.change(chat_id, wanted)
    if wanted is None:
        await message_of(update).reply_text(texts.settings_shown(current))
    else:
        await message_of(update).reply_text(texts.settings_changed(wanted))
