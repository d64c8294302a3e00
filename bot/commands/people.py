"""``/sonoio Anna``: the person typing is the player Anna of this group; ``/sonoio no`` takes
it back (an admin may take back anyone's)."""

from __future__ import annotations

from telegram import Update, User
from telegram.constants import ChatType

from bot import texts
from bot.context import Context
from bot.handling import changes, is_admin, message_of, reading, replies_to_mistakes
from bot.parsing import parse_iam
from bot.refusals import UserError
from play import people


@replies_to_mistakes
async def i_am(update: Update, context: Context) -> None:
    """Say, show or take back who the sender is among the group's players."""
    message, user = message_of(update), update.effective_user
    if message.chat.type == ChatType.PRIVATE:
        raise UserError(texts.people.iam_in_group())
    if user is None or message.sender_chat is not None:  # anonymous: no person to link
        raise UserError(texts.people.iam_needs_person())
    claim = parse_iam(context.text_args)
    if claim.undo:
        await _take_back(update, context, user, claim.player)
    elif claim.player is None:
        async with reading(context) as work:
            player = await people.who_is(work, message.chat_id, user.id)
        await message.reply_text(texts.people.iam_shown(player))
    else:
        await _link(update, context, user, claim.player)


async def _link(update: Update, context: Context, user: User, name: str) -> None:
    """The sender is ``name`` from now on: said in the group for everyone to see, with how to
    take it back, since that player's private figures now go to this person."""
    message = message_of(update)
    async with changes(update, context) as work:
        linked = await people.link(work, message.chat_id, message.chat.title, user.id, name)
    await message.reply_text(texts.people.iam_linked(linked.player, _who(user)))


async def _take_back(update: Update, context: Context, user: User, name: str | None) -> None:
    """``/sonoio no``: the sender is nobody any more; ``/sonoio no Anna``: nobody is Anna,
    which only Anna's person or an admin may say."""
    message = message_of(update)
    async with reading(context) as work:
        claim = await people.claim_of(work, message.chat_id, user.id, name)
    # Asked of Telegram before the unit of work, so no lock waits on the answer.
    admin = claim.owner != user.id and await is_admin(update, context)
    async with changes(update, context) as work:
        unlinked = await people.unlink(work, message.chat_id, claim, user.id, admin=admin)
    await message.reply_text(texts.people.iam_unlinked(unlinked.player, mine=unlinked.mine))


def _who(user: User) -> str:
    """How the group knows the person: their name, and their username if they have one."""
    return f"{user.full_name} (@{user.username})" if user.username else user.full_name
