"""Playing a game: /nuova, /mano, /entra, /annulla, /fine."""

from __future__ import annotations

from datetime import UTC, datetime

from telegram import Update

from bot import texts
from bot.commands.common import changes, chat_id_of, message_of, replies_to_mistakes
from bot.context import Context
from bot.parsing import UserError, parse_hand, parse_join, parse_new_game
from scoring import Rules
from storage import GameAlreadyRunning, GameRecord, GameState, GameStore


async def _running(games: GameStore, chat_id: int) -> GameRecord:
    record = await games.running(chat_id)
    if record is None:
        raise UserError(texts.NO_RUNNING_GAME)
    return record


@replies_to_mistakes
async def new_game(update: Update, context: Context) -> None:
    """Start a classic game with the players in seat order."""
    players = parse_new_game(context.text_args)
    async with changes(update, context) as games:
        try:
            record = await games.start(chat_id_of(update), players, Rules())
        except GameAlreadyRunning as error:
            raise UserError(texts.game_running(error.players)) from error
    await message_of(update).reply_text(texts.game_started(record.game))


@replies_to_mistakes
async def record_hand(update: Update, context: Context) -> None:
    """Record one hand of the running game and show the points and standings."""
    message = message_of(update)
    async with changes(update, context) as games:
        record = await _running(games, message.chat_id)
        hand = parse_hand(context.text_args, record.game.next_players, record.game.rules)
        game = record.game.with_hand(hand)
        await games.add_hand(record, game.hands[-1], message.message_id)
        if game.is_over():
            await games.set_state(record, GameState.FINISHED, datetime.now(UTC))
    await message.reply_text(texts.hand_recorded(game))


@replies_to_mistakes
async def join(update: Update, context: Context) -> None:
    """Seat a late joiner, who starts level with the last in the standings."""
    async with changes(update, context) as games:
        record = await _running(games, chat_id_of(update))
        name = parse_join(context.text_args, record.game.players)
        record = await games.seat(record, name)
    await message_of(update).reply_text(texts.player_joined(record.game, record.game.players[-1]))


@replies_to_mistakes
async def undo(update: Update, context: Context) -> None:
    """Remove the last hand; a game that hand had ended by reaching the target reopens."""
    async with changes(update, context) as games:
        record = await games.latest(chat_id_of(update))
        if record is None or not record.game.hands:
            raise UserError(texts.NO_HAND_TO_UNDO)
        if not record.running and not record.game.is_over():
            raise UserError(texts.undo_closed_game())
        await games.remove_last_hand(record)
        if not record.running:
            await games.set_state(record, GameState.RUNNING, datetime.now(UTC))
        game = record.game.without_last_hand()
    await message_of(update).reply_text(
        texts.hand_undone(game, len(record.game.hands), reopened=not record.running)
    )


@replies_to_mistakes
async def end_game(update: Update, context: Context) -> None:
    """Close the running game now, ranked as it stands."""
    async with changes(update, context) as games:
        record = await _running(games, chat_id_of(update))
        await games.set_state(record, GameState.FINISHED, datetime.now(UTC))
    await message_of(update).reply_text(texts.game_ended(record.game))
