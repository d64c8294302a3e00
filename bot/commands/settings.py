"""A chat's settings: /impostazioni."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot import texts
from bot.commands.common import changes, chat_id_of, is_admin, message_of, replies_to_mistakes
from bot.context import Context
from bot.parsing import UserError, parse_settings
from storage import ChatStore


@replies_to_mistakes
async def settings(update: Update, context: Context) -> None:
    """Show the chat's settings, or change them: ``/impostazioni fuso=Europe/London``."""
    chat_id = chat_id_of(update)
    async with context.db.reading() as session:
        before = await ChatStore(session).settings(chat_id)
    asked = parse_settings(context.text_args, before)
    # Who may undo and fix is itself for the admins to decide.
    changes_admins = asked is not None and asked.admins_only != before.admins_only
    in_group = message_of(update).chat.type != ChatType.PRIVATE
    if changes_admins and in_group and not await is_admin(update, context):
        raise UserError(texts.ADMIN_SETTING_FOR_ADMINS)
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
