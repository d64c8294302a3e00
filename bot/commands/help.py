"""What the bot does: /start, /aiuto, and what an edited command does (nothing)."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.context import Context
from bot.handling import message_of, replies_to_mistakes
from bot.parsing import parse_help


@replies_to_mistakes
async def show_help(update: Update, context: Context) -> None:
    """The commands a table needs, with an example each; ``/aiuto tutto``, every command.
    ``/start`` may carry what a link to the bot adds (``t.me/TamaloBot?start=…``): that is
    not typed, so it is not refused."""
    command = (message_of(update).text or "").split(maxsplit=1)[0][1:].partition("@")[0]
    everything = command.casefold() != "start" and parse_help(context.text_args)
    await message_of(update).reply_text(texts.help.help_text(everything=everything))


async def explain_edits(update: Update, context: Context) -> None:
    """An edited command changes nothing recorded: say how to correct instead."""
    await message_of(update).reply_text(texts.help.edits_change_nothing())
