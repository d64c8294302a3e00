"""A chat's settings: /impostazioni, and /lingua, the language the bot speaks in it."""

from __future__ import annotations

import functools
import logging
import re

from sqlalchemy.exc import SQLAlchemyError
from telegram import Bot, BotCommand, BotCommandScopeChat, Update
from telegram.constants import ChatType
from telegram.error import TelegramError

from bot import i18n, texts
from bot.answers import ANSWER
from bot.context import Context
from bot.handling import (
    changes,
    chat_id_of,
    is_admin,
    message_of,
    on_claim,
    reading,
    replies_to_mistakes,
)
from bot.parsing import parse_language, parse_settings
from bot.standings import standings_on_arrival
from play import settings as play_settings
from storage import Arrival, chat_on_arrival

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


#: A new message whose command says nothing before its unit of work claims the message (a
#: hand typed after /mano): the claim reads the chat's language.
SPEAKS_AFTER_CLAIM = re.compile(r"/(mano|hand)(@\w+)?\s+\S", re.IGNORECASE)


async def speak_the_chats_language(update: Update, context: Context) -> None:
    """Before the handler of a command or a button: it answers in the chat's language
    (``/lingua``), read with the update as the inbox took it (``storage.UpdateJournal.
    next_update``). Handled without the inbox (the console, tools), one read of one row on
    a connection of its own, but for a command that says nothing before it claims its
    message (``SPEAKS_AFTER_CLAIM``): that claim reads it (``bot.handling.on_claim``),
    or else, if the command fails before it, the report of the failure
    (``speak_if_unsaid``). A private chat that never chose speaks the language
    of the person's Telegram app, if the bot knows it (and shows them the menu of that
    language: see ``bot.app.publish_menus``)."""
    chat = update.effective_chat
    if chat is None:
        return
    answer = ANSWER.get()
    if answer is not None and answer.update_id == update.update_id and answer.arrival is not None:
        on_claim.set(None)
        speak(update, answer.arrival)  # read with the update, as the inbox took it
        return
    message = update.message
    if message is not None and SPEAKS_AFTER_CLAIM.match(message.text or ""):
        speak(update, Arrival())  # nothing is said before the claim
        on_claim.set(functools.partial(speak, update))
        return
    on_claim.set(None)
    try:
        arrival = await chat_on_arrival(context.db, chat.id)
    except SQLAlchemyError as error:  # the handler will meet the same trouble and say so
        log.warning("Could not read the language of chat %s: %r", chat.id, error)
        arrival = Arrival()
    speak(update, arrival)


def speak(update: Update, arrival: Arrival) -> None:
    """The update is answered in the language its chat speaks, and knows whether the chat's
    standings message may still be edited."""
    standings_on_arrival.set(arrival.standings)
    language = arrival.language
    chat = update.effective_chat
    if language is None and chat and chat.type == ChatType.PRIVATE and update.effective_user:
        language = (update.effective_user.language_code or "").partition("-")[0].casefold()
    i18n.use(language or i18n.DEFAULT)


async def speak_if_unsaid(update: object, context: Context) -> None:
    """A command that failed before its claim read the chat's language: read now, for the
    report of the failure (the database may be failing: then the default language)."""
    if on_claim.get() is None or not isinstance(update, Update) or not update.effective_chat:
        return
    on_claim.set(None)
    try:
        speak(update, await chat_on_arrival(context.db, update.effective_chat.id))
    except SQLAlchemyError as error:
        log.warning("Could not read the language of chat %s: %r", update.effective_chat.id, error)


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
