"""The buttons of a vote to annul a game (``bot.vote``), whatever the game: a player's,
pressed from the phone holding the vote or by the player themselves, or the one that closes
the vote, pressed by anyone who may open it; anyone else is told so and nothing changes. The
vote's game says what is voted on (its ``poll``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from telegram import InlineKeyboardMarkup, Update
from telegram.constants import ChatType

from bot import games
from bot.context import Context
from bot.handling import changing, is_admin
from bot.table import VoteWords
from bot.texts import vote as texts
from bot.vote import buttons, shown
from play import vote as play
from play.vote import (
    AlreadyMarked,
    Ballot,
    Closed,
    HeldElsewhere,
    Marked,
    NotYours,
    Pressed,
    Stale,
    Voting,
)

#: ``tresei:<vote>:<player>:<1 agrees | 0 no longer>``, or ``tresei:<vote>:fine``.
PRESS = re.compile(r"^tresei:(\d{1,9}):(?:(\d{1,9}):([01])|fine)$")


@dataclass(frozen=True)
class Answer:
    """What a press comes to: a short notice, and the vote's message again if it changed."""

    toast: str
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None


def voting_of(kind: str) -> Voting | None:
    game = games.GAMES.get(kind)
    return game.poll.voting if game is not None and game.poll is not None else None


def _words(ballot: Ballot) -> VoteWords:
    poll = games.of(ballot.kind).poll
    assert poll is not None  # its vote was opened by it
    return poll.words


async def cast_vote(update: Update, context: Context) -> None:
    """A button of a vote pressed."""
    query = update.callback_query
    assert query is not None
    match = PRESS.match(query.data or "")
    chat = update.effective_chat
    if match is None or chat is None:
        await query.answer(texts.vote_closed())
        return
    mark = (int(match[2]), match[3] == "1") if match[2] else None
    # Who may open the vote may close it: whether a group admin presses is asked only then,
    # before the lock.
    private = chat.type == ChatType.PRIVATE
    admin = mark is None and (private or await is_admin(update, context))
    async with changing(context, chat.id) as work:
        pressed = await play.press(
            work, chat.id, query.from_user.id, int(match[1]), mark, voting_of, admin=admin
        )
    answer = _answer(pressed)
    await query.answer(answer.toast)
    if answer.text is not None:
        await query.edit_message_text(answer.text, reply_markup=answer.buttons)


def _answer(pressed: Pressed) -> Answer:
    match pressed:
        case Stale():
            return Answer(texts.vote_closed())
        case NotYours(closing=True):
            return Answer(texts.vote_not_yours_to_close())
        case NotYours():
            return Answer(texts.vote_not_yours())
        case HeldElsewhere():
            return Answer(texts.vote_held_elsewhere())
        case Closed(ballot):
            return Answer(texts.vote_closed_now(), shown(ballot, _words(ballot)))
        case AlreadyMarked(player, agrees):
            return Answer(texts.vote_marked(player, agrees=agrees))
        case Marked(player, agrees, ballot):
            words = _words(ballot)
            return Answer(
                texts.vote_marked(player, agrees=agrees),
                shown(ballot, words),
                buttons(ballot, words),
            )
