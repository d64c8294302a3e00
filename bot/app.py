"""The composition root: builds the Application and registers every handler in one place."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from telegram import BotCommandScopeAllPrivateChats, Update
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError
from telegram.ext import (
    ApplicationBuilder,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import BaseRequest, HTTPXRequest

from bot import games, i18n, standings, texts
from bot import vote as bot_vote
from bot.answers import answering, before_unit_of_work, begin_answer, end_answer
from bot.botapi import FIRST_WAIT, LONGEST_WAIT, TamaloBot
from bot.commands import confirm, dispatch, entries, help, lifecycle, registry, vote
from bot.commands import settings as chat_settings
from bot.config import Settings
from bot.context import CONTEXT_TYPES, Context, TamaloApp
from bot.delivery import AnswerFirst, JournalingRequest
from bot.handling import Handler
from bot.logs import one_line
from bot.outage import DATABASE, is_outage
from bot.outbox import KEPT_SENT
from bot.pacing import ChangesFirst
from bot.render import Renderer
from bot.updates import ChatOrderedUpdates
from storage import Database, UnitOfWork, UpdateJournal, chats_speaking, models, upgrade_schema
from storage.outbox import OutboxStore

log = logging.getLogger(__name__)

# New messages are commands. An edited "/mano" corrects the hand it recorded; any other
# edited command is answered with how to correct instead.
NEW_MESSAGES = filters.UpdateType.MESSAGE
EDITED_MESSAGES = filters.UpdateType.EDITED_MESSAGE
EDITED_COMMANDS = EDITED_MESSAGES & filters.COMMAND
#: How many times a message Telegram refused with "retry after" is sent again.
RETRIES_AFTER_429 = 3
#: Connections open to the Bot API for sending (python-telegram-bot's own default).
CONNECTIONS = 256
#: How often ``keep_tidy`` runs, in seconds.
TIDY_EVERY = 60.0
#: Seconds a stopping bot waits for the futures still being drawn in the background.
DRAWING_WAIT = 1.0
#: Seconds a stopping bot waits for the units of work still under way (an update being kept,
#: a message being marked sent) before it closes the database.
CLOSING_WAIT = 0.2
ALLOWED_UPDATES = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY]

#: Every command's names and handler, from the one table of commands.
HANDLERS: tuple[tuple[tuple[str, ...], Handler], ...] = tuple(
    (command.names, command.handler) for command in registry.COMMANDS
)
#: The group of handlers that run before every other: the chat's language is set there.
FIRST = -1
#: The group of handlers that run after every other, once the update has its answer.
LAST = 1
#: Before even the first: the update's answer begins; and after every handler, it ends (a
#: change that said nothing is committed: see ``bot.delivery.Answer``).
ANSWER_BEGINS, ANSWER_ENDS = -2, 100


def build_application(
    settings: Settings,
    *,
    request: BaseRequest | None = None,
    rate_limit: bool = True,
    database: Database | None = None,
) -> TamaloApp:
    """The bot talking to Telegram, or to ``request`` alone (tests, tools). Updates reach it
    through the inbox (``bot.inbox``), or ``process_update`` with a ``request``.

    With ``rate_limit`` (always, but in tests) messages are paced to Telegram's limits
    (about 30 a second in all, the answers to a change first; 20 a minute in a group), and a
    "retry after" is waited out and retried instead of failing the command. ``database``: one
    already made (a test's smaller pool), instead of one on the settings' URL."""
    db = database or Database(settings.database_url)
    if request is None:  # one TLS context for both (loading its certificates takes 25 ms)
        tls = {"verify": httpx.create_ssl_context()}
        sends: BaseRequest = HTTPXRequest(connection_pool_size=CONNECTIONS, httpx_kwargs=tls)
        polled: BaseRequest = HTTPXRequest(connection_pool_size=1, httpx_kwargs=tls)
    else:
        sends = polled = request
    # Every update polled is kept in the inbox before the next poll confirms it.
    polls = JournalingRequest(polled, UpdateJournal(db))
    pace = ChangesFirst(max_retries=RETRIES_AFTER_429) if rate_limit else None
    bot = TamaloBot(  # waits for Telegram at start-up; every message within its limits
        settings.require_token(),
        base_url=settings.base_url,
        base_file_url=settings.base_file_url,
        request=sends,
        get_updates_request=polls,
        rate_limiter=AnswerFirst(pace),  # a change is committed with its answer
    )
    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = (
        ApplicationBuilder()
        .bot(bot)
        .context_types(CONTEXT_TYPES)
        .updater(None)
        .concurrent_updates(ChatOrderedUpdates())
    )
    app: TamaloApp = builder.build()
    db.before_unit_of_work = before_unit_of_work
    app.bot_data.db = db
    app.bot_data.paced = rate_limit
    app.bot_data.renderer = Renderer(settings.chart_workers)
    app.bot_data.board_url, app.bot_data.mini_app = settings.board_url, settings.mini_app
    app.bot_data.drawing = set()
    # Before the handlers that answer (commands and buttons): the chat's language.
    app.add_handler(TypeHandler(Update, begin_answer), group=ANSWER_BEGINS)
    app.add_handler(TypeHandler(Update, end_answer), group=ANSWER_ENDS)
    speak = chat_settings.speak_the_chats_language
    app.add_handler(MessageHandler(filters.COMMAND, speak), group=FIRST)
    app.add_handler(CallbackQueryHandler(speak), group=FIRST)
    for commands, callback in HANDLERS:
        app.add_handler(CommandHandler(commands, callback, filters=NEW_MESSAGES))
    # An edited /mano: the chat's game says what it changes.
    edited = CommandHandler(("mano", "hand"), dispatch.edited_deal, filters=EDITED_MESSAGES)
    app.add_handler(edited)
    app.add_handler(MessageHandler(EDITED_COMMANDS, help.explain_edits))
    app.add_handler(CallbackQueryHandler(confirm.press, pattern=confirm.PATTERN))
    app.add_handler(CallbackQueryHandler(vote.cast_vote, pattern=bot_vote.PATTERN))
    for game in games.GAMES.values():  # each game's own buttons, in its own order
        for pattern, pressed in game.buttons:
            app.add_handler(CallbackQueryHandler(pressed, pattern=pattern))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, lifecycle.chat_migrated))
    # After them (even a mistake or an error is an answer): the chat's standings message is
    # no longer the bot's last, and /classifica sends a new one instead of editing it.
    app.add_handler(MessageHandler(filters.COMMAND, standings.answered), group=LAST)
    app.add_handler(CallbackQueryHandler(standings.answered), group=LAST)
    app.add_error_handler(report_error)
    return app


async def open_resources(app: TamaloApp) -> None:
    """Upgrade the schema, then publish the command menu (``bot.inbox.serving``, ``running``)."""
    await upgrade_when_reachable(app.bot_data.db)
    app.bot_data.sweeper = asyncio.create_task(keep_tidy(app))
    await publish_menus(app)


async def upgrade_when_reachable(db: Database) -> None:
    """Upgrade the schema as soon as the database answers: started while it cannot be reached
    (down, not answering, refusing the user or the password, without the database named),
    the bot waits, one line per try and each wait longer (as for Telegram, ``bot.botapi``),
    instead of stopping on a page of traceback."""
    wait = FIRST_WAIT
    while True:
        reached = False
        try:
            await db.reach()
            reached = True
            await upgrade_schema(db, upkeep)
            return
        except Exception as error:
            if reached and not is_outage(error):
                raise
            log.warning("Cannot reach the database (%s), retrying in %d s", one_line(error), wait)
        await asyncio.sleep(wait)
        wait = min(2 * wait, LONGEST_WAIT)


async def upkeep(work: UnitOfWork) -> None:
    """What each game works out from its games already stored, after a schema upgrade."""
    for game in games.GAMES.values():
        if game.upkeep is not None:
            await game.upkeep(work)


async def publish_menus(app: TamaloApp) -> None:
    """The command menus. Italian for everyone; English in private chats with people whose
    Telegram app is in English (the bot answers them in English too); and each chat that chose
    a language with /lingua gets that language's menu again, so it lists this version's
    commands. In the background: the first update is answered without waiting for them,
    and many chats take a while at Telegram's pace."""
    app.bot_data.menus = asyncio.create_task(_publish_menus(app))


async def _publish_menus(app: TamaloApp) -> None:
    try:
        await app.bot.set_my_commands(chat_settings.menu_in(i18n.DEFAULT))
        for language in i18n.LANGUAGES[1:]:
            await app.bot.set_my_commands(
                chat_settings.menu_in(language),
                scope=BotCommandScopeAllPrivateChats(),
                language_code=language,
            )
        for chat_id, language in await chats_speaking(app.bot_data.db):
            await chat_settings.show_menu(app.bot, chat_id, language)
    except Exception:
        log.exception("Publishing the command menus failed; they are published at the next start")


async def keep_tidy(app: TamaloApp) -> None:
    """Runs beside the bot: every minute, hand entries left alone are closed (and say so),
    updates handled long ago leave the journal of updates received, and messages sent long
    enough ago leave the outbox."""
    while True:
        await asyncio.sleep(TIDY_EVERY)
        try:
            await entries.sweep_expired(app)
            await UpdateJournal(app.bot_data.db).let_go()
            await OutboxStore(app.bot_data.db).forget_sent(models.utcnow() - KEPT_SENT)
        except Exception as error:
            if is_outage(error):
                DATABASE.failed("tidy up", error)
            else:
                log.exception("Tidying up failed; trying again in a minute")


async def close_resources(app: TamaloApp) -> None:
    for task in (app.bot_data.sweeper, app.bot_data.menus):
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    app.bot_data.renderer.close()
    if app.bot_data.drawing:  # a few milliseconds of CPU each: let them end, or drop them
        _, late = await asyncio.wait(app.bot_data.drawing, timeout=DRAWING_WAIT)
        for task in late:
            task.cancel()
    await app.bot_data.db.close(wait=CLOSING_WAIT)


@asynccontextmanager
async def running(app: TamaloApp) -> AsyncIterator[TamaloApp]:
    """The Application initialised with its resources open, without polling (tests, tools)."""
    async with app:
        await open_resources(app)
        try:
            yield app
        finally:
            await close_resources(app)


async def report_error(update: object, context: Context) -> None:
    """The one place failures end up: logged with where they happened (chat, user, text), and
    the chat told briefly that nothing was recorded (a failed unit of work is rolled back)."""
    error = context.error
    where = describe(update)
    answer = answering(update)
    if answer is not None and answer.from_inbox and error is not None and is_outage(error):
        # The database failed: the inbox tries the update again, and the chat hears of it
        # only then. No other handler runs on it now.
        answer.outage = error
        raise ApplicationHandlerStop
    if isinstance(error, NetworkError | RetryAfter) and not isinstance(error, BadRequest):
        # Telegram itself is not answering (or asks to slow down, after the rate limiter's
        # retries): a message to the chat would fail the same way.
        log.warning("Telegram failed while handling %s: %r", where, error)
        return
    log.error("Error while handling %s", where, exc_info=error)
    if isinstance(update, Update) and update.effective_message is not None:
        await chat_settings.speak_if_unsaid(update, context)
        try:
            await update.effective_message.reply_text(texts.common.something_went_wrong())
        except TelegramError as failed:
            log.warning("Could not tell %s about the error: %r", where, failed)


def describe(update: object) -> str:
    """Where an update comes from, for the log: its chat, sender and text (no secrets)."""
    if not isinstance(update, Update):
        return repr(update)
    chat = update.effective_chat.id if update.effective_chat else None
    user = update.effective_user.id if update.effective_user else None
    message = update.effective_message
    text = message.text if message is not None else None
    if update.callback_query is not None:
        text = f"button {update.callback_query.data!r}"
    return f"update {update.update_id} (chat {chat}, user {user}, {text!r})"
