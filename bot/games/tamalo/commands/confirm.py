"""Second thoughts at a Tamalo table: the buttons that record a repeated hand and seat a
newcomer whose name is a letter off a player's; and the reopen button under a game just
closed (``bot.table.Game.reopening``). Every press is one unit of work under the chat's lock
that reads the state from the database, so a second press (or two people at once) finds the
question answered."""

from __future__ import annotations

from dataclasses import dataclass, replace

from telegram import InlineKeyboardMarkup, Message, Update

from bot import names
from bot.context import Context
from bot.games.tamalo import texts
from bot.games.tamalo.commands.buttons import JOIN, SAME
from bot.games.tamalo.commands.forecast import forecast_line, forecast_of
from bot.games.tamalo.commands.keypad import edit_in_place
from bot.games.tamalo.commands.replies import chart_if_ended, read_hand, recorded
from bot.games.tamalo.parsing import parse_join
from bot.handling import changing, sender_id
from bot.refusals import UserError, mistake
from bot.table import Press
from play.errors import Refused
from play.tamalo import game as play
from play.tamalo import hands
from play.tamalo.forecast import Outlook
from play.tamalo.hands import HandRecorded, SameHandAnswer
from scoring.errors import RuleBroken
from storage import StoredGame


@dataclass(frozen=True)
class Outcome:
    """What a press did: the toast to answer with, the message's new text and buttons (no
    text: it stays as it is), and what else to send."""

    toast: str | None = None
    #: The toast stays until closed: a refusal, not a stale button.
    alert: bool = False
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None
    #: A hand recorded, and what its forecast's line is worked out from.
    recorded: HandRecorded | None = None
    outlook: Outlook | None = None


async def press(update: Update, context: Context) -> None:
    """A button of a repeated hand or of a newcomer: done once, or not at all."""
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
    except (RuleBroken, Refused) as error:
        outcome = Outcome(toast=mistake(error).message[:200], alert=True)
    await query.answer(outcome.toast, show_alert=outcome.alert)
    message = query.message if isinstance(query.message, Message) else None
    if message is None:
        return
    if outcome.recorded is not None and outcome.text is not None:
        done = outcome.recorded
        line = await forecast_line(context, done.record, outcome.outlook)
        outcome = replace(outcome, text=recorded(done, line))
    if outcome.text is not None:
        await edit_in_place(message, outcome.text, outcome.buttons)
    if outcome.recorded is not None:
        await chart_if_ended(message, context, outcome.recorded)


async def _press(update: Update, context: Context, chat_id: int, data: str) -> Outcome:
    if same := SAME.match(data):
        pending, yes = int(same[1]), same[2] == "y"
        return await _same_hand(context, chat_id, pending, sender_id(update), yes=yes)
    if join := JOIN.match(data):  # anyone may press it, as anyone may type /entra
        return await _join_new(context, chat_id, int(join[1]), join[2])
    return Outcome(toast=texts.common.already_answered())


async def _same_hand(
    context: Context, chat_id: int, pending_id: int, user_id: int | None, *, yes: bool
) -> Outcome:
    """A hand equal to the previous one: recorded as a new hand (sent by ``user_id``, who
    confirmed it), or dropped."""
    async with changing(context, chat_id) as work:
        answer = await hands.answer_same_hand(work, chat_id, pending_id, yes=yes)
        if answer is SameHandAnswer.ANSWERED:
            return Outcome(toast=texts.common.already_answered())
        if answer is SameHandAnswer.DROPPED:
            return Outcome(text=texts.hands.same_hand_dropped())
        if answer is SameHandAnswer.STALE:
            return Outcome(text=texts.hands.same_hand_stale())
        try:
            hand = await read_hand(work, answer.record, answer.text)
        except UserError:  # the players changed meanwhile
            return Outcome(text=texts.hands.same_hand_stale())
        outcome = await hands.record_hand(
            work, answer.record, hand, message_id=answer.message_id, user_id=user_id
        )
        outlook = await forecast_of(context, work, outcome.record, outcome.game)
    return Outcome(text=recorded(outcome), recorded=outcome, outlook=outlook)


async def _join_new(context: Context, chat_id: int, game_id: int, name: str) -> Outcome:
    """``/entra Paola nuovo`` by button: Paola sits down at the game asked about, if it still
    runs and she is not seated yet (a second press, or typed meanwhile)."""
    async with changing(context, chat_id) as work:
        record = await play.join_asked(work, chat_id, game_id)
        if record is None:
            return Outcome(toast=texts.mistakes.join_too_late(name))
        game = record.game
        seated = names.same(name, game.players)
        if seated is not None and seated not in game.left_after:
            return Outcome(toast=texts.mistakes.join_pressed_again(seated))
        name = parse_join(name, game.players, game.left_after, new=True)  # checked as if typed
        joined = await play.join(work, record, name)
    return Outcome(text=texts.game.player_joined(joined.record.game, joined.name))


async def reopening(press: Press, stored: StoredGame) -> str:
    """The reopen button under a game just closed: it goes on, if still the chat's last."""
    game = await play.reopen(press.work, press.chat_id, stored.id)
    return texts.game.game_reopened(game)
