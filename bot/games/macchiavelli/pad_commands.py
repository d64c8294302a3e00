"""``/mano`` alone in a Macchiavelli home game: the deal entered on a card pad, in one message
edited in place.

Where the entry stands is stored between taps in the entries' table (``work.entries``, one
open entry per game, as Tamalo's), so a restart or another bot process carries on with it.
Every tap is one unit of work under the chat's lock, and carries the entry's version: a tap
from an older view (a double tap, a redelivered callback) changes nothing. The last tap
records the deal through the same ``resolve`` and ``play.record_deal`` as a typed ``/mano``,
with the same reply, and closes the entry in the same transaction: a double tap records it
once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest

from bot.answers import sending_now
from bot.context import Context
from bot.games.macchiavelli import pad_texts, texts
from bot.games.macchiavelli.errors import InputError
from bot.games.macchiavelli.forecast import forecast_line, forecast_of
from bot.games.macchiavelli.pad import (
    PREFIX,
    RANKS,
    Action,
    NotAPad,
    Pad,
    PadMistake,
    Step,
    callback,
    parse_callback,
)
from bot.games.macchiavelli.parsing import resolve
from bot.games.macchiavelli.refusals import refused
from bot.handling import changing
from bot.refusals import UserError
from bot.table import Action as TurnAction
from bot.table import Reply, Turn
from play import macchiavelli as play
from play.errors import NoRunningGame
from play.macchiavelli import DealRecorded, MatchRecord
from play.macchiavelli.forecast import Outlook
from scoring.errors import RuleBroken
from scoring.macchiavelli import Rank
from storage import EntryInProgress, UnitOfWork

#: Callback data of the pad's buttons.
PATTERN = rf"^{PREFIX}:"


def or_typed(typed: TurnAction) -> TurnAction:
    """``/mano`` with a deal typed goes to ``typed``; ``/mano`` alone opens the pad."""

    async def deal(turn: Turn) -> Reply:
        return await (typed if turn.text.strip() else open_pad)(turn)

    return deal


async def open_pad(turn: Turn) -> Reply:
    """``/mano`` alone: the pad for the next deal (or the sender's own, shown again here)."""
    message, work, user = turn.message, turn.work, turn.update.effective_user
    if user is None or message.sender_chat is not None:  # nobody could press its buttons
        raise UserError(pad_texts.needs_sender())
    who, warning = user.first_name, ""
    record = play.running_in(turn.front)
    if record is None:
        raise NoRunningGame
    number = len(record.match.deals) + 1
    pad = Pad(record.match.players, jokers=record.match.rules.jokers, number=number)
    now = datetime.now(UTC)
    try:
        entry_id = await work.entries.open(
            record.id, message.chat_id, user.id, who, pad.to_json(), now
        )
    except EntryInProgress as error:
        if error.entry.user_id != user.id:
            raise UserError(pad_texts.busy(error.user_name)) from error
        # Their own entry, whose message may be out of reach: shown again, here.
        entry_id, who = error.entry.id, error.user_name
        pad = Pad.from_json(error.entry.state).shown_again()
        if pad.number != number:  # a deal typed or undone meanwhile
            if not pad.blank:
                warning = pad_texts.renumbered(pad.number, number)
            pad = pad.renumbered(number)
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
    new text and buttons (no text: the message stays as it is), the deal recorded."""

    toast: str | None = None
    text: str | None = None
    buttons: InlineKeyboardMarkup | None = None
    alert: bool = False
    recorded: DealRecorded | None = None
    outlook: Outlook | None = None


async def press(update: Update, context: Context) -> None:
    """A button of the pad: the entry moves on, records its deal, or closes."""
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
    except (InputError, RuleBroken) as error:  # the deal as entered is refused: nothing kept
        outcome = Outcome(toast=refused(error).message[:200], alert=True)
    await query.answer(outcome.toast, show_alert=outcome.alert)
    if (done := outcome.recorded) is not None:
        line = await forecast_line(context, done.record, outcome.outlook)
        outcome = replace(outcome, text=texts.deal_recorded(done.match) + line)
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
            pad = Pad.from_json(stored.state)
        except NotAPad:  # another game's entry: this is no button of it
            return Outcome(toast=pad_texts.closed())
        record = await _running(work, chat_id)
        if record is None or record.id != stored.game_id:  # ended, or closed with /fine
            await entries.close(entry_id)
            return Outcome(toast=pad_texts.game_over(), text=pad_texts.game_over())
        if stored.expired(now):
            await entries.close(entry_id)
            return Outcome(toast=pad_texts.closed(), text=pad_texts.expired())
        if stored.user_id != user_id:
            return Outcome(toast=pad_texts.not_yours(stored.user_name))
        if version < pad.shown_from:  # a message the entry has since left
            return Outcome(toast=pad_texts.closed())
        number = len(record.match.deals) + 1
        if version != pad.version:  # a double tap, a redelivered one: where it stands
            return _shown(entry_id, pad, number, stored.user_name, toast=pad_texts.stale())
        if action == Action.CANCEL:
            await entries.close(entry_id)
            return Outcome(text=pad_texts.cancelled())
        if pad.number != number:  # a deal typed or undone meanwhile
            warning = pad_texts.renumbered(pad.number, number)
            pad = pad.renumbered(number)
            await entries.keep(entry_id, pad.to_json(), now)
            shown = _shown(entry_id, pad, number, stored.user_name)
            return replace(shown, text=f"{warning}\n\n{shown.text}", toast=warning, alert=True)
        if action == Action.RECORD and pad.step is Step.CONFIRM:
            deal = resolve(pad.typed(), record.match.players, record.match.rules)
            message_id = stored.message_id if stored.message_id is not None else -entry_id
            done = await play.record_deal(
                work, record, deal, message_id=message_id, user_id=stored.user_id
            )
            await entries.close(entry_id)
            outlook = await forecast_of(context, work, record, done.match)
            return Outcome(recorded=done, outlook=outlook)
        try:
            pad = pad.press(action)
        except PadMistake as mistake:
            return Outcome(toast=pad_texts.mistake(mistake))
        await entries.keep(entry_id, pad.to_json(), now)
        return _shown(entry_id, pad, number, stored.user_name)


async def _running(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """The chat's running Macchiavelli home game; none if it now plays another game."""
    return await play.running(work, chat_id)


def _shown(entry_id: int, pad: Pad, number: int, who: str, toast: str | None = None) -> Outcome:
    return Outcome(
        toast=toast, text=pad_texts.view(pad, number, who), buttons=keyboard(entry_id, pad)
    )


def keyboard(entry_id: int, pad: Pad) -> InlineKeyboardMarkup:
    """The buttons of the pad's current step."""

    def button(label: str, action: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(label, callback_data=callback(entry_id, pad.version, action))

    cancel = button(pad_texts.cancel(), Action.CANCEL)
    back = button(pad_texts.back(), Action.BACK)
    if pad.step is Step.CONFIRM:
        return InlineKeyboardMarkup([[button(pad_texts.record(), Action.RECORD)], [back, cancel]])
    ranks = [r for r in RANKS if pad.jokers or r is not Rank.JOLLY]
    cards = [button(pad_texts.card_label(r), f"{Action.CARD.value}{r.value}") for r in ranks]
    moves = [button(pad_texts.next_player(), Action.NEXT)]
    if pad.current > 0:
        moves.insert(0, back)
    return InlineKeyboardMarkup(
        [
            cards[:5],  # 2 … 6
            cards[5:9],  # 7 … 10
            cards[9:],  # J Q K A (Jolly)
            [button(pad_texts.undo(), Action.UNDO), button(pad_texts.closes(), Action.CLOSE)],
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
