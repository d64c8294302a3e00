"""Tres sex non expedit: /tresei opens a vote with a button for each player of the game (the
rules of the vote: ``play.vote``); its buttons mark who agrees, or close it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType

from bot import texts
from bot.context import Context
from bot.handling import (
    admins_only,
    changing,
    chat_id_of,
    is_admin,
    message_of,
    replies_to_mistakes,
    sender_id,
)
from bot.parsing import parse_table
from play import game as play_game
from play import vote as play_vote
from play.vote import (
    AlreadyMarked,
    Ballot,
    Closed,
    HeldElsewhere,
    Marked,
    NotYours,
    Pressed,
    Stale,
)

#: Every button of a vote (old ones too, answered as closed).
CALLBACK = re.compile(r"^tresei:")
#: ``tresei:<vote>:<player>:<1 agrees | 0 no longer>``, or ``tresei:<vote>:fine`` to close
#: it: well under Telegram's 64 bytes, and ids that fit the database's integers.
PRESS = re.compile(r"^tresei:(\d{1,9}):(?:(\d{1,9}):([01])|fine)$")
#: Player buttons in a row: names stay readable on a phone.
PER_ROW = 3


def shown(ballot: Ballot) -> str:
    vote, voters = ballot.vote, ballot.voters
    return texts.vote.vote(
        ballot.agreeing,
        len(voters.players),
        ballot.needed,
        outcome=vote.outcome,
        tournament=voters.tournament,
    )


def buttons(ballot: Ballot) -> InlineKeyboardMarkup | None:
    """A button per player, ✅ on who agrees (pressed again, it takes the mark back), and one
    to close the vote; none once it is over."""
    vote = ballot.vote
    if vote.outcome is not None:
        return None
    names = [
        InlineKeyboardButton(f"✅ {name}", callback_data=f"tresei:{vote.id}:{player}:0")
        if player in vote.agreeing
        else InlineKeyboardButton(name, callback_data=f"tresei:{vote.id}:{player}:1")
        for name, player in ballot.voters.players.items()
    ]
    rows = [names[start : start + PER_ROW] for start in range(0, len(names), PER_ROW)]
    close = InlineKeyboardButton(texts.vote.vote_goes_on(), callback_data=f"tresei:{vote.id}:fine")
    return InlineKeyboardMarkup([*rows, [close]])


@replies_to_mistakes
@admins_only
async def open_vote(update: Update, context: Context) -> None:
    """Ask the table whether to annul the running game; the sender marks who agrees."""
    user_id, chat_id = sender_id(update), chat_id_of(update)
    # Asked before the lock is held; a group admin may open it whatever the games say.
    admin = message_of(update).chat.type == ChatType.PRIVATE or await is_admin(update, context)
    async with changing(context, chat_id) as work:
        tables = await play_game.running_games(work, chat_id)
        table = parse_table([r.game.players for r in tables], context.text_args, "tresei")
        ballot = await play_vote.open_vote(work, tables[table], user_id, admin=admin)
    await message_of(update).reply_text(shown(ballot), reply_markup=buttons(ballot))


@dataclass(frozen=True)
class Answer:
    """What a press comes to: a short notice, and the vote's message again if it changed."""

    toast: str
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None


async def cast_vote(update: Update, context: Context) -> None:
    """A player's button, pressed from the phone holding the vote or by the player themselves,
    or the one that closes the vote, pressed by anyone who may open it; anyone else is told
    so and nothing changes."""
    query = update.callback_query
    assert query is not None
    match = PRESS.match(query.data or "")
    chat = update.effective_chat
    if match is None or chat is None:
        await query.answer(texts.vote.vote_closed())
        return
    mark = (int(match[2]), match[3] == "1") if match[2] else None
    # Who may open the vote may close it: whether a group admin presses is asked only then,
    # before the lock.
    private = chat.type == ChatType.PRIVATE
    admin = mark is None and (private or await is_admin(update, context))
    async with changing(context, chat.id) as work:
        pressed = await play_vote.press(
            work, chat.id, query.from_user.id, int(match[1]), mark, admin=admin
        )
    answer = _answer(pressed)
    await query.answer(answer.toast)
    if answer.text is not None:
        await query.edit_message_text(answer.text, reply_markup=answer.buttons)


def _answer(pressed: Pressed) -> Answer:
    match pressed:
        case Stale():
            return Answer(texts.vote.vote_closed())
        case NotYours(closing=True):
            return Answer(texts.vote.vote_not_yours_to_close())
        case NotYours():
            return Answer(texts.vote.vote_not_yours())
        case HeldElsewhere():
            return Answer(texts.vote.vote_held_elsewhere())
        case Closed(ballot):
            return Answer(texts.vote.vote_closed_now(), shown(ballot))
        case AlreadyMarked(player, agrees):
            return Answer(texts.vote.vote_marked(player, agrees=agrees))
        case Marked(player, agrees, ballot):
            return Answer(
                texts.vote.vote_marked(player, agrees=agrees), shown(ballot), buttons(ballot)
            )
