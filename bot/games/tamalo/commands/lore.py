"""The lore, while the dealer shuffles: /regole, /mosse, /dicono, and /mossa to record one."""

from __future__ import annotations

import random

from telegram import Update

from bot.context import Context
from bot.games.tamalo import texts
from bot.games.tamalo.lore import RUMOURS
from bot.games.tamalo.parsing.moves import parse_move
from bot.handling import changes, chat_id_of, message_of, replies_to_mistakes
from bot.parsing import parse_nothing
from bot.table import Reply, Turn
from play.tamalo import lore, records


async def show_rules(turn: Turn) -> Reply:
    """The rules in short, and the mode of the game the chat is playing."""
    parse_nothing(turn.text, "regole")
    running = records.running_in(turn.front)
    return turn.say(texts.lore.rules_summary(running[0].game.rules if running else None))


@replies_to_mistakes
async def show_moves(update: Update, context: Context) -> None:
    parse_nothing(context.text_args, "mosse")
    await message_of(update).reply_text(texts.lore.moves_glossary())


@replies_to_mistakes
async def rumour(update: Update, context: Context) -> None:
    """«Dicono che…»: one of the collection, at random."""
    parse_nothing(context.text_args, "dicono")
    await message_of(update).reply_text(texts.lore.rumour(random.randrange(len(RUMOURS))))


@replies_to_mistakes
async def record_move(update: Update, context: Context) -> None:
    """``/mossa coppiona Anna``: Anna's hall of fame gets one more Coppiona."""
    move, name = parse_move(context.text_args)
    async with changes(update, context) as work:
        recorded = await lore.record_move(work, chat_id_of(update), name, move.key)
    await message_of(update).reply_text(
        texts.lore.move_recorded(move, recorded.player, recorded.times)
    )
