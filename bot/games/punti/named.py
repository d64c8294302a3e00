"""The names a chat gave its points games: ``/giochi`` lists them with their rules, and
``/nuova scopa …`` finds them (``Game.chat_names``)."""

from __future__ import annotations

from collections.abc import Collection

from telegram import Update

from bot.context import Context
from bot.games.punti import texts
from bot.handling import message_of, reading, replies_to_mistakes
from play.punti.named import named_games, rules_of
from storage import UnitOfWork


async def chat_names(work: UnitOfWork, chat_id: int) -> Collection[str]:
    """The words ``/nuova`` takes for the chat's named points games."""
    return set(await named_games(work, chat_id))


@replies_to_mistakes
async def show_games(update: Update, context: Context) -> None:
    """``/giochi``: the chat's named games, their rules and how often each was played."""
    chat_id = message_of(update).chat_id
    async with reading(context) as work:
        named = await named_games(work, chat_id)
    listed = [(game.name, rules_of(game), game.played) for game in named.values()]
    await message_of(update).reply_text(texts.named_games(listed))
