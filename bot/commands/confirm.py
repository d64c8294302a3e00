"""Second thoughts at the table: the buttons that record a repeated hand, close a game or
reopen it; ``/riapri``, and ``/rivincita``. Every press is one unit of work under the chat's
lock that reads the state from the database, so a second press (or two people at once)
finds the question answered."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from telegram import InlineKeyboardMarkup, Message, Update

from bot import texts
from bot.commands import buttons
from bot.commands.charts import send_final_chart
from bot.commands.common import (
    UndoAndFix,
    admins_only,
    changes,
    changing,
    chat_id_of,
    may_undo_and_fix,
    message_of,
    replies_to_mistakes,
    sender_id,
)
from bot.commands.entry import edit_in_place
from bot.commands.game import chart_if_ended, close, closed_text, record_text, reopen_button
from bot.context import Context
from bot.parsing import UserError, parse_nothing
from scoring import Game
from storage import GameAlreadyRunning, GameRecord, GameState, GameStore


@dataclass(frozen=True)
class Outcome:
    """What a press did: the toast to answer with, the message's new text and buttons (no
    text: it stays as it is), and what else to send."""

    toast: str | None = None
    #: The toast stays until closed: a refusal, not a stale button.
    alert: bool = False
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None
    #: A hand recorded: the game's record before it and the game after.
    recorded: tuple[GameRecord, Game] | None = None
    #: A game closed: its record, for the final chart.
    closed: GameRecord | None = None
    #: A game reopened: said in a message of its own.
    reopened: Game | None = None


async def press(update: Update, context: Context) -> None:
    """A confirmation's button: the action it asks about is done once, or not at all."""
    query = update.callback_query
    assert query is not None
    data, chat = query.data or "", update.effective_chat
    if chat is None:
        await query.answer()
        return
    try:
        outcome = await _press(update, context, chat.id, data)
    except UserError as error:
        outcome = Outcome(toast=error.message[:200], alert=True)
    await query.answer(outcome.toast, show_alert=outcome.alert)
    message = query.message if isinstance(query.message, Message) else None
    if message is None:
        return
    if outcome.text is not None:
        await edit_in_place(message, outcome.text, outcome.buttons)
    if outcome.recorded is not None:
        await chart_if_ended(message, context, *outcome.recorded)
    if outcome.closed is not None:
        await send_final_chart(message, context, outcome.closed)
    if outcome.reopened is not None:
        await message.reply_text(texts.game_reopened(outcome.reopened))


async def _press(update: Update, context: Context, chat_id: int, data: str) -> Outcome:
    if same := buttons.SAME.match(data):
        pending, yes = int(same[1]), same[2] == "y"
        return await _same_hand(context, chat_id, pending, sender_id(update), yes=yes)
    end, reopen = buttons.END.match(data), buttons.REOPEN.match(data)
    if end is None and reopen is None:
        return Outcome(toast=texts.ALREADY_ANSWERED)
    permission = await may_undo_and_fix(update, context)  # Telegram asked before any lock
    if end is not None:
        return await _end(context, chat_id, int(end[1]), permission, yes=end[2] == "y")
    assert reopen is not None
    async with changing(context, chat_id) as work:
        await permission.check(work)
        game = await reopen_game(work.games, chat_id, int(reopen[1]))
    return Outcome(reopened=game)


async def _same_hand(
    context: Context, chat_id: int, pending_id: int, user_id: int | None, *, yes: bool
) -> Outcome:
    """A hand equal to the previous one: recorded as a new hand (sent by ``user_id``, who
    confirmed it), or dropped."""
    async with changing(context, chat_id) as work:
        games = work.games
        pending = await work.pending_hands.take(pending_id, chat_id)
        if pending is None:
            return Outcome(toast=texts.ALREADY_ANSWERED)
        if not yes:
            return Outcome(text=texts.SAME_HAND_DROPPED)
        record = await games.get(pending.game_id)
        if record is None or not record.running or len(record.game.hands) + 1 != pending.number:
            return Outcome(text=texts.SAME_HAND_STALE)
        try:
            record, game, after = await record_text(
                games, chat_id, pending.message_id, pending.text, record, user_id=user_id
            )
        except UserError:  # the players changed meanwhile
            return Outcome(text=texts.SAME_HAND_STALE)
    text = texts.hand_recorded(game, texts.table_label(record)) + after
    return Outcome(text=text, recorded=(record, game))


async def _end(
    context: Context, chat_id: int, game_id: int, permission: UndoAndFix, *, yes: bool
) -> Outcome:
    """Close the game asked about, or leave it running."""
    async with changing(context, chat_id) as work:
        await permission.check(work)
        games = work.games
        record = await games.get(game_id)
        if record is None or record.chat_id != chat_id or not record.running:
            return Outcome(toast=texts.GAME_ALREADY_CLOSED)
        if not yes:
            return Outcome(text=texts.GAME_GOES_ON)
        after = await close(games, record)
    text = closed_text(record, after)
    ended = replace(record, state=GameState.FINISHED)
    return Outcome(text=text, buttons=reopen_button(record), closed=ended)


async def reopen_game(games: GameStore, chat_id: int, game_id: int | None = None) -> Game:
    """Reopen the chat's last game (``game_id``, if given) if /fine closed it: as long as no
    other game started since."""
    latest = await games.latest(chat_id)
    if latest is None:
        raise UserError(texts.NOTHING_TO_REOPEN)
    if game_id is not None and latest.id != game_id:
        raise UserError(texts.NEWER_GAME_STARTED)
    if latest.running:
        raise UserError(texts.ALREADY_RUNNING)
    if latest.state is GameState.ANNULLED:
        raise UserError(texts.REOPEN_ANNULLED)
    if latest.tournament_id is not None:
        raise UserError(texts.REOPEN_TOURNAMENT)
    if latest.game.is_over():
        raise UserError(texts.REOPEN_REACHED_TARGET)
    await games.set_state(latest, GameState.RUNNING, datetime.now(UTC))
    return latest.game


@replies_to_mistakes
@admins_only
async def reopen(update: Update, context: Context) -> None:
    """``/riapri``: the game closed with /fine goes on."""
    parse_nothing(context.text_args, "riapri")
    async with changes(update, context) as work:
        game = await reopen_game(work.games, chat_id_of(update))
    await message_of(update).reply_text(texts.game_reopened(game))


@replies_to_mistakes
async def rematch(update: Update, context: Context) -> None:
    """``/rivincita``: a new game with the last game's players, mode and options; the first
    dealer is the next seat after the last game's."""
    parse_nothing(context.text_args, "rivincita")
    async with changes(update, context) as work:
        last = await work.games.latest(chat_id_of(update))
        if last is None:
            raise UserError(texts.NO_GAME_TO_REMATCH)
        if last.tournament_id is not None:
            raise UserError(texts.REMATCH_TOURNAMENT)
        players, dealer = rematch_seats(last.game)
        try:
            record = await work.games.start(
                chat_id_of(update),
                players,
                last.game.rules,
                first_dealer=dealer,
                started_by=sender_id(update),
            )
        except GameAlreadyRunning as error:
            raise UserError(texts.game_running(error.players)) from error
    await message_of(update).reply_text(texts.rematch_started(record.game))


def rematch_seats(game: Game) -> tuple[tuple[str, ...], int]:
    """The last game's players still in at its end, in their seats, and the seat that deals
    first: the one after the last game's first dealer, clockwise, skipping who left."""
    players = game.ranked
    seats = len(game.players)
    following = (game.players[(game.first_dealer + step) % seats] for step in range(1, seats + 1))
    dealer = next(p for p in following if p in players)
    return players, players.index(dealer)
