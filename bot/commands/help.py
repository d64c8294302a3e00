"""What the bot does: /start, /aiuto (the chat's game's commands first, then how to start the
other games), and what an edited command does (nothing)."""

from __future__ import annotations

from telegram import Update

from bot import games, texts
from bot.commands.dispatch import game_of
from bot.context import Context
from bot.handling import message_of, reading, replies_to_mistakes
from bot.parsing import parse_help


@replies_to_mistakes
async def show_help(update: Update, context: Context) -> None:
    """The commands a table of the chat's game needs, with an example each (``/aiuto
    tutto``: every command of it, and the group's). ``/start`` may carry what a link to the
    bot adds (``t.me/TamaloBot?start=…``): that is not typed, so it is not refused."""
    message = message_of(update)
    command = (message.text or "").split(maxsplit=1)[0][1:].partition("@")[0]
    everything = command.casefold() != "start" and parse_help(context.text_args)
    async with reading(context) as work:
        game = game_of(await work.games.front(message.chat_id))
    others = [
        (other.title(), "" if other is games.DEFAULT else other.names[0])
        for other in games.GAMES.values()
        if other is not game
    ]
    section = game.help(everything)
    await message.reply_text(texts.help.help_text(section, others, everything=everything))


async def explain_edits(update: Update, context: Context) -> None:
    """An edited command changes nothing recorded: say how to correct instead."""
    await message_of(update).reply_text(texts.help.edits_change_nothing())
