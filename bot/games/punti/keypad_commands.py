"""``/mano`` alone in a points game: the round entered on a keypad, in one message edited in
place.

Where the entry stands is stored between taps in the entries' table (``work.entries``, one
open entry per game), so a restart or another bot process carries on with it. Every tap is
one unit of work under the chat's lock, and carries the entry's version: a tap from an older
view (a double tap, a redelivered callback) changes nothing. The last tap records the round
through the same ``play.punti.actions.record_round`` as a typed ``/mano``, with the same
reply, and closes the entry in the same transaction: a double tap records it once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest

from bot.answers import sending_now
from bot.context import Context
from bot.games.punti import keypad_texts as pad_texts
from bot.games.punti import texts
from bot.games.punti.forecast import forecast_line, forecast_of
from bot.games.punti.keypad import (
    PREFIX,
    Action,
    Keypad,
    NotAPad,
    PadMistake,
    Step,
    callback,
    parse_callback,
)
from bot.games.punti.refusals import RULE_TEXTS
from bot.handling import changing
from bot.refusals import UserError, answer_in
from bot.table import Action as TurnAction
from bot.table import Reply, Turn
from play.errors import NoRunningGame, Refused
from play.punti import actions
from play.punti.forecast import Outlook
from play.punti.game import latest
from scoring.errors import RuleBroken
from storage import EntryInProgress

#: Callback data of the keypad's buttons.
PATTERN = rf"^{PREFIX}:"


def or_typed(typed: TurnAction) -> TurnAction:
    """``/mano`` with a round typed goes to ``typed``; ``/mano`` alone opens the keypad."""

    async def round_(turn: Turn) -> Reply:
        return await (typed if turn.text.strip() else open_keypad)(turn)

    return round_


async def open_keypad(turn: Turn) -> Reply:
    """``/mano`` alone: the keypad for the next round (or the sender's own, shown again)."""
    message, work, user = turn.message, turn.work, turn.update.effective_user
    if user is None or message.sender_chat is not None:  # nobody could press its buttons
        raise UserError(pad_texts.needs_sender())
    record = latest(turn.front)
    if record is None or not record.running:
        raise NoRunningGame
    who, warning = user.first_name, ""
    number = len(record.match.rounds) + 1
    pad = Keypad(tuple(side.name for side in record.match.playing(number)), number)
    now = datetime.now(UTC)
    try:
        entry_id = await work.entries.open(
            record.stored.id, message.chat_id, user.id, who, pad.to_json(), now
        )
    except EntryInProgress as error:
        if error.entry.user_id != user.id:
            raise UserError(pad_texts.busy(error.user_name)) from error
        # Their own entry, whose message may be out of reach: shown again, here.
        entry_id, who = error.entry.id, error.user_name
        pad = Keypad.from_json(error.entry.state).shown_again()
        if pad.number != number:  # a round typed or undone meanwhile
            if not pad.blank:
                warning = pad_texts.renumbered(pad.number, number)
            pad = Keypad(tuple(s.name for s in record.match.playing(number)), number,
                         version=pad.version, shown_from=pad.shown_from)  # fmt: skip
        await work.entries.keep(entry_id, pad.to_json(), now)
    view = pad_texts.view(pad, number, who)
    context = turn.context

    async def show() -> None:
        with sending_now():  # its id is kept: the taps edit it
            sent = await message.reply_text(
                f"{warning}\n\n{view}" if warning else view, reply_markup=keyboard(entry_id, pad)
            )
        async with changing(context, message.chat_id) as shown:
            await shown.entries.show_in(entry_id, sent.message_id)

    return show


@dataclass(frozen=True)
class Outcome:
    """What a tap did: the answer to the tap (an ``alert`` stays until closed), the message's
    new text and buttons (no text: the message stays as it is)."""

    toast: str | None = None
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None
    alert: bool = False
    #: What the forecast's line under a round recorded is worked out from, once committed.
    outlook: Outlook | None = None


async def press(update: Update, context: Context) -> None:
    """A button of the keypad: the entry moves on, records its round, or closes."""
    query = update.callback_query
    assert query is not None
    parsed = parse_callback(query.data or "")
    chat = update.effective_chat
    if parsed is None or chat is None:  # not data the bot made: a button of nothing open
        await query.answer(pad_texts.closed())
        return
    entry_id, version, action = parsed
    try:
        outcome = await _press(context, chat.id, query.from_user.id, entry_id, version, action)
    except (RuleBroken, Refused) as error:  # the round as entered is refused: nothing kept
        outcome = Outcome(toast=answer_in(RULE_TEXTS, error).message[:200], alert=True)
    await query.answer(outcome.toast, show_alert=outcome.alert)
    if outcome.outlook is not None and outcome.text is not None:
        outcome = replace(
            outcome, text=outcome.text + await forecast_line(context, outcome.outlook)
        )
    if outcome.text is not None:
        await _edit(query.message, outcome.text, outcome.buttons)


async def _press(
    context: Context, chat_id: int, user_id: int, entry_id: int, version: int, action: str
) -> Outcome:
    now = datetime.now(UTC)
    async with changing(context, chat_id) as work:
        entries = work.entries
        stored = await entries.get(entry_id)
        if stored is None or stored.chat_id != chat_id:
            return Outcome(toast=pad_texts.closed())
        try:
            pad = Keypad.from_json(stored.state)
        except NotAPad:  # another game's entry: this is no button of it
            return Outcome(toast=pad_texts.closed())
        record = latest(await work.games.front(chat_id))
        if record is None or not record.running or record.stored.id != stored.game_id:
            await entries.close(entry_id)
            return Outcome(toast=pad_texts.game_over(), text=pad_texts.game_over())
        if stored.expired(now):
            await entries.close(entry_id)
            return Outcome(toast=pad_texts.closed(), text=pad_texts.expired())
        if stored.user_id != user_id:
            return Outcome(toast=pad_texts.not_yours(stored.user_name))
        if version < pad.shown_from:  # a message the entry has since left
            return Outcome(toast=pad_texts.closed())
        number = len(record.match.rounds) + 1
        if version != pad.version:  # a double tap, a redelivered one: where it stands
            return _shown(entry_id, pad, number, stored.user_name, toast=pad_texts.stale())
        if action == Action.CANCEL:
            await entries.close(entry_id)
            return Outcome(text=pad_texts.cancelled())
        if pad.number != number:  # a round typed or undone meanwhile
            warning = pad_texts.renumbered(pad.number, number)
            pad = Keypad(tuple(s.name for s in record.match.playing(number)), number,
                         version=pad.version + 1, shown_from=pad.shown_from)  # fmt: skip
            await entries.keep(entry_id, pad.to_json(), now)
            shown = _shown(entry_id, pad, number, stored.user_name)
            return Outcome(warning, f"{warning}\n\n{shown.text}", shown.buttons, alert=True)
        if action == Action.RECORD and pad.step is Step.CONFIRM:
            shown_in = stored.message_id if stored.message_id is not None else -entry_id
            after = await actions.record_round(work, record, pad.points(), shown_in, user_id)
            await entries.close(entry_id)
            outlook = await forecast_of(context, work, after)
            return Outcome(text=texts.round_recorded(after.match, after.name), outlook=outlook)
        try:
            pad = pad.press(action)
        except PadMistake as mistake:
            return Outcome(toast=pad_texts.mistake(mistake))
        await entries.keep(entry_id, pad.to_json(), now)
        return _shown(entry_id, pad, number, stored.user_name)


def _shown(entry_id: int, pad: Keypad, number: int, who: str, toast: str | None = None) -> Outcome:
    return Outcome(
        toast=toast, text=pad_texts.view(pad, number, who), buttons=keyboard(entry_id, pad)
    )


def keyboard(entry_id: int, pad: Keypad) -> InlineKeyboardMarkup:
    """The buttons of the keypad's current step."""

    def button(label: str, action: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(label, callback_data=callback(entry_id, pad.version, action))

    cancel = button(pad_texts.cancel(), Action.CANCEL)
    back = button(pad_texts.back(), Action.BACK)
    if pad.step is Step.CONFIRM:
        return InlineKeyboardMarkup([[button(pad_texts.record(), Action.RECORD)], [back, cancel]])
    digits = [button(str(d), f"{Action.DIGIT.value}{d}") for d in (*range(1, 10), 0)]
    moves = [button(pad_texts.next_side(), Action.NEXT)]
    if pad.current > 0:
        moves.insert(0, back)
    return InlineKeyboardMarkup(
        [
            digits[0:3],
            digits[3:6],
            digits[6:9],
            [
                button(pad_texts.sign(), Action.SIGN),
                digits[9],
                button(pad_texts.delete(), Action.DELETE),
            ],
            moves,
            [cancel],
        ]
    )


async def _edit(message: object, text: str, buttons: InlineKeyboardMarkup | None) -> None:
    """Show the message's new state; the same state again (two quick taps) is no error."""
    if not isinstance(message, Message):
        return
    try:
        await message.edit_text(text, reply_markup=buttons)
    except BadRequest as error:
        if "not modified" not in str(error).casefold():
            raise
