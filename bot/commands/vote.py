"""Tres sex non expedit: /tresei opens a vote with Sì/No buttons; more than half of the
game's players saying yes annul the game."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot import texts
from bot.commands.common import (
    admins_only,
    changing,
    chat_id_of,
    message_of,
    replies_to_mistakes,
)
from bot.commands.game import running_game
from bot.context import Context
from bot.entry import MAX_ID
from storage import GameRecord, GameState, GameStore, Tally

#: ``tresei:<vote id>:<1 yes | 0 no>``, well under Telegram's 64 bytes.
CALLBACK = re.compile(r"^tresei:(\d+):([01])$")
ANNULLED, REJECTED = "annulled", "rejected"


def needed(players: int) -> int:
    """More than half: 50% + 1."""
    return players // 2 + 1


def buttons(vote_id: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(texts.VOTE_YES, callback_data=f"tresei:{vote_id}:1"),
                InlineKeyboardButton(texts.VOTE_NO, callback_data=f"tresei:{vote_id}:0"),
            ]
        ]
    )


@replies_to_mistakes
@admins_only
async def open_vote(update: Update, context: Context) -> None:
    """Ask the chat whether to annul the running game."""
    async with changing(context, chat_id_of(update)) as session:
        games = GameStore(session)
        record = await running_game(games, chat_id_of(update), context.text_args, "tresei")
        players, tournament = await electorate(games, record)
        vote_id = await games.open_vote(record)
        tally = await games.vote(vote_id)
    assert tally is not None
    await message_of(update).reply_text(
        texts.vote(tally, players, needed(players), tournament=tournament),
        reply_markup=buttons(vote_id),
    )


async def electorate(games: GameStore, record: GameRecord) -> tuple[int, bool]:
    """How many players the vote counts, and whether it is about a whole tournament: a
    tournament is one contest, so a vote at any of its tables is about all of it."""
    if record.tournament_id is None:
        return len(record.game.ranked), False
    played = await games.tournament_games(record.tournament_id)
    tables = [r for r in played if r.is_table]
    return len({p for r in tables for p in r.game.ranked}), True


async def cast_vote(update: Update, context: Context) -> None:
    """One press of Sì or No: counted once per Telegram user; the message shows the count."""
    query = update.callback_query
    assert query is not None
    assert query.data is not None
    match = CALLBACK.match(query.data)
    forged = match is not None and int(match[1]) > MAX_ID  # no such vote: a stale button
    if match is None or forged or update.effective_user is None or query.message is None:
        await query.answer(texts.VOTE_CLOSED)
        return
    vote_id, yes = int(match[1]), match[2] == "1"
    chat_id = query.message.chat.id
    text: str | None = None
    outcome: str | None = None
    async with changing(context, chat_id) as session:
        games = GameStore(session)
        tally = await games.vote(vote_id)
        record = await games.get(tally.game_id) if tally is not None else None
        if (
            tally is None
            or record is None
            or record.chat_id != chat_id  # a button can only vote in its own chat
            or tally.outcome is not None
            or not record.running
        ):
            answer = texts.VOTE_CLOSED
        elif not await games.cast(vote_id, update.effective_user.id, yes):
            answer = texts.ALREADY_VOTED
        else:
            players, tournament = await electorate(games, record)
            counted = await games.vote(vote_id)
            assert counted is not None
            if counted.yes >= needed(players):
                outcome = ANNULLED
                await _annul(games, record.id, record.tournament_id)
            elif counted.no > players - needed(players):
                outcome = REJECTED
            if outcome is not None:
                await games.close_vote(vote_id, outcome)
            answer = texts.VOTE_COUNTED
            text = texts.vote(
                Tally(vote_id, counted.game_id, counted.yes, counted.no, outcome),
                players,
                needed(players),
                tournament=tournament,
            )
    await query.answer(answer)
    if text is not None:  # every counted ballot changes the text: never "not modified"
        markup = buttons(vote_id) if outcome is None else None
        await query.edit_message_text(text, reply_markup=markup)


async def _annul(games: GameStore, game_id: int, tournament_id: int | None) -> None:
    """Annul the game; at a tournament, the whole tournament, which is one contest."""
    now = datetime.now(UTC)
    if tournament_id is None:
        record = await games.get(game_id)
        assert record is not None
        await games.set_state(record, GameState.ANNULLED, now)
        return
    for record in await games.tournament_games(tournament_id):
        await games.set_state(record, GameState.ANNULLED, now)
    await games.set_tournament_state(tournament_id, GameState.ANNULLED, now)
