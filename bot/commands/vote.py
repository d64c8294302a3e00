"""Tres sex non expedit: /tresei opens a vote with a button for each player of the game; more
than half of them agreeing annul the game. The phone at the table (whoever opened the vote)
marks who agrees, and a player linked with /sonoio may mark themselves; nobody else counts.
Only someone at the table opens it: who started the game or sent one of its hands, a player
of the game linked with /sonoio, or a group admin."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType

from bot import texts
from bot.commands.common import (
    admins_only,
    changing,
    chat_id_of,
    is_admin,
    message_of,
    replies_to_mistakes,
    sender_id,
)
from bot.commands.game import running_game
from bot.context import Context
from bot.parsing import UserError
from storage import GameRecord, GameState, GameStore, People, TournamentStore, Vote, VoteStore

#: Every button of a vote (old ones too, answered as closed).
CALLBACK = re.compile(r"^tresei:")
#: ``tresei:<vote>:<player>:<1 agrees | 0 no longer>``, or ``tresei:<vote>:fine`` to close
#: it: well under Telegram's 64 bytes, and ids that fit the database's integers.
PRESS = re.compile(r"^tresei:(\d{1,9}):(?:(\d{1,9}):([01])|fine)$")
ANNULLED, REJECTED = "annulled", "rejected"
#: Player buttons in a row: names stay readable on a phone.
PER_ROW = 3


def needed(players: int) -> int:
    """More than half: 50% + 1."""
    return players // 2 + 1


@dataclass(frozen=True)
class Electorate:
    """Who the vote counts: the game's players still in it (at a tournament, every table's,
    since a vote at any table is about all of it), name → player id, in seat order; and the
    games it is about."""

    players: dict[str, int]
    tournament: bool
    games: tuple[int, ...]


async def electorate(games: GameStore, record: GameRecord) -> Electorate:
    if record.tournament_id is None:
        return Electorate(
            {p: record.player_ids[p] for p in record.game.ranked}, False, (record.id,)
        )
    played = await games.tournament_games(record.tournament_id)
    tables = [r for r in played if r.is_table]
    return Electorate(
        {p: r.player_ids[p] for r in tables for p in r.game.ranked},
        True,
        tuple(r.id for r in played),
    )


async def at_the_table(
    session: AsyncSession, chat_id: int, user_id: int | None, voters: Electorate
) -> bool:
    """Whether ``user_id`` is at the table, by what the chat's games say: who started the
    game or sent one of its hands (the phone at the table), or a player of it linked to
    their name with /sonoio."""
    if user_id is None:
        return False
    if await GameStore(session).recorded_by(voters.games, user_id):
        return True
    own = await People(session).player_in(chat_id, user_id)
    return own is not None and own in voters.players


def shown(vote: Vote, voters: Electorate) -> str:
    agreeing = [name for name, player in voters.players.items() if player in vote.agreeing]
    count = len(voters.players)
    return texts.vote(
        agreeing, count, needed(count), outcome=vote.outcome, tournament=voters.tournament
    )


def buttons(vote: Vote, voters: Electorate) -> InlineKeyboardMarkup | None:
    """A button per player, ✅ on who agrees (pressed again, it takes the mark back), and one
    to close the vote; none once it is over."""
    if vote.outcome is not None:
        return None
    names = [
        InlineKeyboardButton(f"✅ {name}", callback_data=f"tresei:{vote.id}:{player}:0")
        if player in vote.agreeing
        else InlineKeyboardButton(name, callback_data=f"tresei:{vote.id}:{player}:1")
        for name, player in voters.players.items()
    ]
    rows = [names[start : start + PER_ROW] for start in range(0, len(names), PER_ROW)]
    close = InlineKeyboardButton(texts.VOTE_GOES_ON, callback_data=f"tresei:{vote.id}:fine")
    return InlineKeyboardMarkup([*rows, [close]])


@replies_to_mistakes
@admins_only
async def open_vote(update: Update, context: Context) -> None:
    """Ask the table whether to annul the running game; the sender marks who agrees. Asked
    again while it is open, the same vote, now marked from the phone that asked; by someone
    not at the table, refused (and whoever opened it keeps it)."""
    user_id, chat_id = sender_id(update), chat_id_of(update)
    # Asked before the lock is held; a group admin may open it whatever the games say.
    admin = message_of(update).chat.type == ChatType.PRIVATE or await is_admin(update, context)
    async with changing(context, chat_id) as work:
        games = work.games
        record = await running_game(games, chat_id, context.text_args, "tresei")
        voters = await electorate(games, record)
        if not admin and not await at_the_table(work.session, chat_id, user_id, voters):
            raise UserError(texts.VOTE_NOT_AT_THE_TABLE)
        vote = await work.votes.open(record.id, user_id)
    await message_of(update).reply_text(shown(vote, voters), reply_markup=buttons(vote, voters))


@dataclass(frozen=True)
class Pressed:
    """What a press comes to: a short notice, and the vote's message again if it changed."""

    toast: str
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None


async def cast_vote(update: Update, context: Context) -> None:
    """A player's button, or the one that closes the vote, pressed by whoever opened it or by
    the player themselves; anyone else is told so and nothing changes."""
    query = update.callback_query
    assert query is not None
    match = PRESS.match(query.data or "")
    chat = update.effective_chat
    if match is None or chat is None:
        await query.answer(texts.VOTE_CLOSED)
        return
    mark = (int(match[2]), match[3] == "1") if match[2] else None
    async with changing(context, chat.id) as work:
        pressed = await _press(work.session, chat.id, query.from_user.id, int(match[1]), mark)
    await query.answer(pressed.toast)
    if pressed.text is not None:
        await query.edit_message_text(pressed.text, reply_markup=pressed.buttons)


async def _press(
    session: AsyncSession, chat_id: int, user_id: int, vote_id: int, mark: tuple[int, bool] | None
) -> Pressed:
    """``mark``: a player agrees (or no longer does); ``None``: close the vote."""
    games, votes = GameStore(session), VoteStore(session)
    vote = await votes.get(vote_id)
    record = await games.get(vote.game_id) if vote is not None else None
    if (
        vote is None
        or record is None
        or record.chat_id != chat_id  # a button can only vote in its own chat
        or vote.outcome is not None
        or not record.running
    ):
        return Pressed(texts.VOTE_CLOSED)
    voters = await electorate(games, record)
    if mark is not None and mark[0] not in voters.players.values():
        return Pressed(texts.VOTE_CLOSED)  # a player who has left the game since
    if vote.opened_by != user_id:
        own = await People(session).player_in(chat_id, user_id)
        if mark is None or own is None or voters.players.get(own) != mark[0]:
            return Pressed(texts.VOTE_NOT_YOURS)
    if mark is None:
        await votes.close(vote_id, REJECTED)
        vote = replace(vote, outcome=REJECTED)
        return Pressed(texts.VOTE_CLOSED_NOW, shown(vote, voters))
    player, agrees = mark
    name = next(n for n, p in voters.players.items() if p == player)
    if (player in vote.agreeing) == agrees:  # pressed twice at once: the mark is there
        return Pressed(texts.vote_marked(name, agrees=agrees))
    await votes.mark(vote_id, player, agrees, by=user_id)
    vote = await votes.get(vote_id)
    assert vote is not None
    if len(vote.agreeing & set(voters.players.values())) >= needed(len(voters.players)):
        await _annul(games, record)
        await votes.close(vote_id, ANNULLED)
        vote = replace(vote, outcome=ANNULLED)
    return Pressed(
        texts.vote_marked(name, agrees=agrees), shown(vote, voters), buttons(vote, voters)
    )


async def _annul(games: GameStore, record: GameRecord) -> None:
    """Annul the game; at a tournament, the whole tournament, which is one contest."""
    now = datetime.now(UTC)
    if record.tournament_id is None:
        await games.set_state(record, GameState.ANNULLED, now)
        return
    for played in await games.tournament_games(record.tournament_id):
        await games.set_state(played, GameState.ANNULLED, now)
    await TournamentStore(games.session).set_state(record.tournament_id, GameState.ANNULLED, now)
