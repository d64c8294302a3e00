"""A chat's settings: /impostazioni, and /lingua, the language the bot speaks in it."""

from __future__ import annotations

import logging

from sqlalchemy.exc import SQLAlchemyError
from telegram import Bot, BotCommand, BotCommandScopeChat, Update
from telegram.constants import ChatType
from telegram.error import TelegramError

from bot import i18n, texts
from bot.commands.common import (
    changes,
    chat_id_of,
    is_admin,
    message_of,
    reading,
    replies_to_mistakes,
)
from bot.commands.standings import standings_on_arrival
from bot.context import Context
from bot.parsing import parse_language, parse_settings
from play import settings as play_settings
from storage import chat_on_arrival

log = logging.getLogger(__name__)


@replies_to_mistakes
async def settings(update: Update, context: Context) -> None:
    """Show the chat's settings, or change them: ``/impostazioni fuso=Europe/London``."""
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        before = await play_settings.current(work, chat_id)
    asked = parse_settings(context.text_args, before)
    # Who may undo and fix is itself for the admins to decide: Telegram is asked before the
    # lock, the setting is compared under it (another instance may have just changed it).
    in_group = message_of(update).chat.type != ChatType.PRIVATE
    admin = None
    if in_group and asked is not None and asked.admins_only != before.admins_only:
        admin = await is_admin(update, context)

    async def admin_now() -> bool:
        """Asked under the lock only if the setting changed since it was read: rarely."""
        return admin if admin is not None else await is_admin(update, context)

    async with changes(update, context) as work:
        current = await play_settings.current(work, chat_id)
        wanted = parse_settings(context.text_args, current)
        if wanted is not None:
            await play_settings.change(
                work, chat_id, current, wanted, in_group=in_group, is_admin=admin_now
            )
    if wanted is None:
        await message_of(update).reply_text(texts.settings.settings_shown(current))
    else:
        await message_of(update).reply_text(texts.settings.settings_changed(wanted))


async def speak_the_chats_language(update: Update, context: Context) -> None:
    """Before the handler of a command or a button: it answers in the chat's language
    (``/lingua``). One read of one row, about a millisecond per command on SQLite. A private
    chat that never chose speaks the language of the person's Telegram app, if the bot knows
    it (and shows them the menu of that language: see ``bot.app.publish_menus``)."""
    chat = update.effective_chat
    if chat is None:
        return
    try:
        language, standings = await chat_on_arrival(context.db, chat.id)
    except SQLAlchemyError as error:  # the handler will meet the same trouble and say so
        log.warning("Could not read the language of chat %s: %r", chat.id, error)
        language, standings = None, False
    standings_on_arrival.set(standings)
    if language is None and chat.type == ChatType.PRIVATE and update.effective_user:
        language = (update.effective_user.language_code or "").partition("-")[0].casefold()
    i18n.use(language or i18n.DEFAULT)


@replies_to_mistakes
async def choose_language(update: Update, context: Context) -> None:
    """``/lingua en``: from now on the bot speaks English in this chat, and the chat's command
    menu lists the English commands; ``/lingua`` alone says which language it speaks."""
    wanted = parse_language(context.text_args)
    message = message_of(update)
    if wanted is None:
        await message.reply_text(texts.settings.language_shown(i18n.language()))
        return
    async with changes(update, context) as work:
        await play_settings.choose_language(work, message.chat_id, wanted)
    i18n.use(wanted)
    await message.reply_text(texts.settings.language_changed())
    await show_menu(context.bot, message.chat_id, wanted)


def menu_in(language: str) -> list[BotCommand]:
    """The command menu Telegram shows under "/", in ``language``."""
    with i18n.speaking(language):
        return [BotCommand(command, text) for command, text in texts.common.command_menu()]


async def show_menu(bot: Bot, chat_id: int, language: str) -> None:
    """The chat's command menu in ``language``, whatever each person's app speaks. Failing
    changes nothing else: the menu catches up at the next start (``bot.app``)."""
    try:
        await bot.set_my_commands(menu_in(language), scope=BotCommandScopeChat(chat_id))
    except TelegramError as error:
        log.warning("Could not set the command menu of chat %s: %r", chat_id, error)
