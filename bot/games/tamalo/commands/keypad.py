"""``/mano`` alone: the hand entered with buttons, in one message edited in place.

Where the entry stands is stored between presses (``storage.entries``), so a restart or
another bot process carries on with it. Every press is one unit of work under the chat's
lock; the last one records the hand exactly as ``/mano`` with the same text would, and
closes the entry in the same transaction, so a double tap records it once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest

from bot.answers import sending_now
from bot.context import Context
from bot.games.tamalo.commands.forecast import forecast_line, forecast_of
from bot.games.tamalo.commands.replies import chart_if_ended, read_hand, recorded
from bot.games.tamalo.keypad import (
    PREFIX,
    Action,
    Entry,
    EntryMistake,
    Step,
    callback,
    parse_callback,
)
from bot.games.tamalo.texts import entry as keypad_texts
from bot.handling import changing
from bot.refusals import UserError
from bot.table import Reply, Turn
from play.tamalo import game as play
from play.tamalo import hands, records
from play.tamalo.forecast import Outlook
from play.tamalo.hands import HandRecorded
from scoring.tamalo import Mode
from storage import EntryInProgress
from storage.tamalo import TAMALO

log = logging.getLogger(__name__)

#: Callback data of the entry's buttons.
PATTERN = rf"^{PREFIX}:"


async def open_entry(turn: Turn) -> Reply:
    """``/mano`` alone: the keypad for the next hand (or the sender's own, shown again)."""
    message, user, context = turn.message, turn.update.effective_user, turn.context
    if user is None or message.sender_chat is not None:  # nobody could press its buttons
        raise UserError(keypad_texts.entry_needs_sender())
    who = user.first_name
    work = turn.work
    records = play.running_in(turn.front)
    if len(records) > 1:
        raise UserError(keypad_texts.entry_tournament())
    record = records[0]
    game = record.game
    number = len(game.hands) + 1
    entry = Entry(game.next_players, contro=game.rules.mode is Mode.CONTRO, number=number)
    warning = ""  # why an entry shown again is not as it was left
    entries, now = work.entries, datetime.now(UTC)
    try:
        entry_id = await entries.open(
            record.id, message.chat_id, user.id, who, entry.to_json(), now
        )
    except EntryInProgress as error:
        if error.entry.user_id != user.id:
            raise UserError(keypad_texts.entry_busy(error.user_name)) from error
        # Their own entry, whose message may be out of reach: shown again, here.
        entry_id, who = error.entry.id, error.user_name
        entry = Entry.from_json(error.entry.state).shown_again()
        if entry.players != game.next_players:  # someone left or joined meanwhile
            entry = entry.restarted(game.next_players, number)
            warning = keypad_texts.entry_players_changed()
        elif entry.number is not None and entry.number != number:  # a hand typed or undone
            if not entry.blank:  # what was entered may have been for the other hand
                warning = keypad_texts.entry_renumbered(entry.number, number)
            entry = entry.renumbered(number)  # shown as this number: no warning on a press
        await entries.keep(entry_id, entry.to_json(), now)
    view = keypad_texts.entry_view(entry, number, who)
    shown = f"{warning}\n\n{view}" if warning else view
    buttons = keyboard(entry_id, entry)

    async def show() -> None:
        with sending_now():  # its id is kept: the presses edit it
            sent = await message.reply_text(shown, reply_markup=buttons)
        async with changing(context, message.chat_id) as kept:
            await kept.entries.show_in(entry_id, sent.message_id)

    return show


@dataclass(frozen=True)
class Outcome:
    """What a press did: the toast to answer with (an ``alert`` stays until closed), the
    message's new text and buttons (no text: the message stays as it is)."""

    toast: str | None = None
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None
    alert: bool = False
    #: The hand recorded, and what its forecast's line is worked out from.
    recorded: HandRecorded | None = None
    outlook: Outlook | None = None


async def press(update: Update, context: Context) -> None:
    """A button of an entry: the entry moves on, records its hand, or closes."""
    query = update.callback_query
    assert query is not None
    parsed = parse_callback(query.data or "")
    chat = update.effective_chat
    if parsed is None or chat is None:  # not data the bot made: a button of nothing open
        await query.answer(keypad_texts.entry_closed())
        return
    entry_id, version, action = parsed
    try:
        outcome = await _press(context, chat.id, query.from_user.id, entry_id, version, action)
    except UserError as error:  # the hand as entered is not a hand (the game changed)
        outcome = Outcome(toast=error.message[:200], alert=True)
    await query.answer(outcome.toast, show_alert=outcome.alert)
    if outcome.recorded is not None and outcome.text is not None:
        done = outcome.recorded
        line = await forecast_line(context, done.record, outcome.outlook)
        outcome = replace(outcome, text=recorded(done, line))
    if outcome.text is not None:
        await edit_in_place(query.message, outcome.text, outcome.buttons)
    if outcome.recorded is not None and isinstance(query.message, Message):
        await chart_if_ended(query.message, context, outcome.recorded)


async def _press(
    context: Context, chat_id: int, user_id: int, entry_id: int, version: int, action: str
) -> Outcome:
    now = datetime.now(UTC)
    async with changing(context, chat_id) as work:
        entries = work.entries
        stored = await entries.get(entry_id)
        if stored is None or stored.chat_id != chat_id:
            return Outcome(toast=keypad_texts.entry_closed(), text=None)
        game = await work.games.get(stored.game_id)
        if game is not None and game.kind != TAMALO:  # another game's entry: no button of it
            return Outcome(toast=keypad_texts.entry_closed(), text=None)
        record = None if game is None else records.record_of(game)
        if record is None or not record.running:  # ended, or closed with /fine
            await entries.close(entry_id)
            return Outcome(
                toast=keypad_texts.entry_game_over(),
                text=keypad_texts.entry_game_over(),
            )
        if stored.expired(now):
            await entries.close(entry_id)
            return Outcome(toast=keypad_texts.entry_closed(), text=keypad_texts.entry_expired())
        if stored.user_id != user_id:
            return Outcome(toast=keypad_texts.entry_not_yours(stored.user_name))
        entry = Entry.from_json(stored.state)
        number = len(record.game.hands) + 1
        if version < entry.shown_from:  # a message the entry has since left
            return Outcome(toast=keypad_texts.entry_closed())
        seated = record.game.next_players
        if entry.players != seated and not (action == Action.CANCEL and version == entry.version):
            entry = entry.restarted(seated, number)  # someone left or joined meanwhile
            await entries.keep(entry_id, entry.to_json(), now)
            return _warned(
                entry_id,
                entry,
                number,
                stored.user_name,
                keypad_texts.entry_players_changed(),
            )
        if version != entry.version:
            return _shown(
                entry_id, entry, number, stored.user_name, toast=keypad_texts.entry_stale()
            )
        if action == Action.CANCEL:
            await entries.close(entry_id)
            return Outcome(text=keypad_texts.entry_cancelled())
        if entry.number is not None and entry.number != number:  # a hand typed meanwhile
            warning = keypad_texts.entry_number_taken(entry.number, number)
            entry = entry.renumbered(number)
            await entries.keep(entry_id, entry.to_json(), now)
            return _warned(entry_id, entry, number, stored.user_name, warning)
        if action == Action.RECORD and entry.step is Step.CONFIRM:
            message_id = stored.message_id if stored.message_id is not None else -entry_id
            hand = await read_hand(work, record, entry.hand_text())
            outcome = await hands.record_hand(
                work, record, hand, message_id=message_id, user_id=stored.user_id
            )
            await entries.close(entry_id)
            outlook = await forecast_of(context, work, outcome.record, outcome.game)
            return Outcome(text=recorded(outcome), recorded=outcome, outlook=outlook)
        try:
            entry = entry.press(action)
        except EntryMistake as mistake:
            return Outcome(toast=keypad_texts.entry_mistake(mistake.reason))
        await entries.keep(entry_id, entry.to_json(), now)
        return _shown(entry_id, entry, number, stored.user_name)


def _shown(entry_id: int, entry: Entry, number: int, who: str, toast: str | None = None) -> Outcome:
    return Outcome(
        toast=toast,
        text=keypad_texts.entry_view(entry, number, who),
        buttons=keyboard(entry_id, entry),
    )


def _warned(entry_id: int, entry: Entry, number: int, who: str, warning: str) -> Outcome:
    """The entry shown after something changed under it: ``warning`` says what."""
    shown = _shown(entry_id, entry, number, who)
    return replace(shown, text=f"{warning}\n\n{shown.text}", toast=warning, alert=True)


def keyboard(entry_id: int, entry: Entry) -> InlineKeyboardMarkup:
    """The buttons of the entry's current step."""

    def button(label: str, action: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(label, callback_data=callback(entry_id, entry.version, action))

    def players(verb: Action, skip: str | None = None) -> list[list[InlineKeyboardButton]]:
        seats = [button(p, f"{verb.value}{i}") for i, p in enumerate(entry.players) if p != skip]
        return [seats[i : i + 3] for i in range(0, len(seats), 3)]

    back = button(keypad_texts.entry_back(), Action.BACK)
    cancel = button(keypad_texts.entry_cancel(), Action.CANCEL)
    if entry.step is Step.CALLER:
        rows = [
            *players(Action.CALLER),
            [button(keypad_texts.entry_nobody(), "c-")],
            [cancel],
        ]
    elif entry.step is Step.COUNTER:
        rows = [
            *players(Action.COUNTER, skip=entry.caller),
            [button(keypad_texts.entry_nobody(), "x-")],
            [back, cancel],
        ]
    elif entry.step is Step.TOTALS:
        digits = [[button(str(d), f"d{d}") for d in range(row, row + 3)] for row in (1, 4, 7)]
        rows = [
            *digits,
            [
                button(keypad_texts.entry_delete(), Action.DELETE),
                button("0", "d0"),
                button(keypad_texts.entry_out(), Action.OUT),
            ],
            [back, button(keypad_texts.entry_ok(), Action.OK)],
            [cancel],
        ]
    else:
        rows = [[button(keypad_texts.entry_record(), Action.RECORD)], [back, cancel]]
    return InlineKeyboardMarkup(rows)


async def edit_in_place(message: object, text: str, buttons: InlineKeyboardMarkup | None) -> None:
    """Show a message's new state; the same state again (two quick presses) is no error."""
    if not isinstance(message, Message):
        return
    try:
        await message.edit_text(text, reply_markup=buttons)
    except BadRequest as error:
        if "not modified" not in str(error).casefold():
            raise
