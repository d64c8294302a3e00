"""What the bot does: /start, /aiuto."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import message_of
from bot.context import Context


async def show_help(update: Update, context: Context) -> None:
    """Every command with an example."""
    await message_of(update).reply_text(texts.HELP)
