"""``/tavolo`` (``/table``): the links to the chat's live scoreboard (``bot.board``). A random
token is kept with the chat and its running game (``storage.boards``): the page's address
names it, and the Mini App's direct link passes it as ``startapp``."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from urllib.parse import quote, urlencode

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot.board.initdata import sign
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


def local_app_link(base: str, token: str, bot_token: str, user_id: int, name: str) -> str:
    """The Mini App's page on this machine as Telegram opens it for ``user_id`` (the
    console's: its ``initData`` signed with the console's own token)."""
    fields = {
        "user": json.dumps({"id": user_id, "first_name": name}),
        "auth_date": str(int(datetime.now(UTC).timestamp())),
        "start_param": token,
        "chat_instance": "console",
    }
    init_data = urlencode(fields | {"hash": sign(fields, bot_token)})
    fragment = urlencode({"tgWebAppData": init_data}, quote_via=quote)
    return f"{base}/tavolo/app?tgWebAppStartParam={token}#{fragment}"


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
    user = update.effective_user
    if context.bot_data.local_app and user is not None:
        link = local_app_link(base, token, context.bot.token, user.id, user.first_name)
        buttons.insert(0, InlineKeyboardButton(texts.open_as_app(), url=link))
    await message_of(update).reply_text(
        texts.board_links(address, mini_app=app is not None and bool(username))
        + (f"\n{texts.local_app()}" if context.bot_data.local_app else ""),
        reply_markup=InlineKeyboardMarkup([buttons]),
    )
