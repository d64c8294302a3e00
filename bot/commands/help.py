"""What the bot does: /start, /aiuto, and what an edited command does (nothing)."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import message_of
from bot.context import Context


async def show_help(update: Update, context: Context) -> None:
    """Every command with an example."""
    await message_of(update).reply_text(texts.HELP)


async def explain_edits(update: Update, context: Context) -> None:
    """An edited command changes nothing recorded: say how to correct instead."""
    await message_of(update).reply_text(texts.EDITS_CHANGE_NOTHING)
