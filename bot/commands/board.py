"""``/tavolo`` (``/table``): the links to the chat's live scoreboard (``bot.board``). A random
token is kept with the chat and its running game (``storage.boards``): the page's address
names it, and the Mini App's direct link passes it as ``startapp``."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot.context import Context
from bot.handling import changing, chat_id_of, message_of, replies_to_mistakes
from bot.parsing import parse_nothing
from bot.refusals import UserError
from bot.texts import board as texts
from storage.boards import BoardStore

#: Bytes of randomness in a link's token (22 characters of ``A-Za-z0-9_-``, which is what
#: Telegram's ``startapp`` allows).
TOKEN_BYTES = 16


def board_address(base: str, token: str) -> str:
    """The scoreboard's page of ``token``, opened in any browser."""
    return f"{base}/tavolo/{token}"


def direct_link(bot_username: str, app: str, token: str) -> str:
    """The Mini App's direct link, opening its board inside Telegram from any chat."""
    return f"https://t.me/{bot_username}/{app}?startapp={token}"


@replies_to_mistakes
async def table_links(update: Update, context: Context) -> None:
    """``/tavolo``: a new link to the running game's live scoreboard, as buttons."""
    parse_nothing(context.text_args, "tavolo")
    base, app = context.bot_data.board_url, context.bot_data.mini_app
    if base is None:
        raise UserError(texts.no_address())
    chat_id = chat_id_of(update)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    async with changing(context, chat_id) as work:
        running = [stored for stored in await work.games.front(chat_id) if stored.running]
        if not running:
            raise UserError(texts.no_game_for_board())
        await work.store(BoardStore).issue(token, chat_id, running[0].id, datetime.now(UTC))
    address = board_address(base, token)
    buttons = [InlineKeyboardButton(texts.open_in_browser(), url=address)]
    username = context.bot.username
    if app is not None and username:
        link = direct_link(username, app, token)
        buttons.insert(0, InlineKeyboardButton(texts.open_in_telegram(), url=link))
    await message_of(update).reply_text(
        texts.board_links(address, mini_app=len(buttons) > 1),
        reply_markup=InlineKeyboardMarkup([buttons]),
    )
