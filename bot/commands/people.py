"""``/sonoio Anna``: the person typing is the player Anna of this group."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from bot import texts
from bot.commands.common import changes, chat_id_of, message_of, replies_to_mistakes
from bot.context import Context
from bot.parsing import UserError, parse_stats
from storage import People, PlayerTaken, StatsStore


@replies_to_mistakes
async def i_am(update: Update, context: Context) -> None:
    message, user = message_of(update), update.effective_user
    if message.chat.type == ChatType.PRIVATE or user is None:
        raise UserError(texts.IAM_IN_GROUP)
    name = parse_stats(context.text_args)
    if name is None:
        async with context.db.reading() as session:
            player = await People(session).player_in(message.chat_id, user.id)
        await message.reply_text(texts.iam_shown(player))
        return
    async with changes(update, context) as games:
        try:
            linked = await People(games.session).link(
                message.chat_id, message.chat.title, user.id, name
            )
        except PlayerTaken as error:
            raise UserError(texts.iam_taken(name)) from error
        if linked is None:
            known = await StatsStore(games.session).players(chat_id_of(update))
            raise UserError(
                texts.unknown_move_player(name, known) if known else texts.MOVE_NO_PLAYERS
            )
    await message.reply_text(texts.iam_linked(linked))
