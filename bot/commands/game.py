"""Playing a game: /nuova, /mano, /entra, /esci, /correggi, /annulla, /fine, /mazziere."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from telegram import InlineKeyboardMarkup, Message, MessageEntity, Update

from bot import games, texts
from bot.answers import sending_now
from bot.commands import buttons
from bot.commands.charts import send_final_chart
from bot.context import Context
from bot.games.tamalo.commands.forecast import (
    draw_ahead,
    drawn_at_start,
    forecast_line,
    forecast_of,
)
from bot.handling import (
    admins_only,
    changes,
    changing,
    chat_id_of,
    may_undo_and_fix,
    message_of,
    reading,
    replies_to_mistakes,
    sender_id,
)
from bot.parsing import (
    CloseToSeated,
    parse_fix,
    parse_join,
    parse_leave,
    parse_nothing,
    parse_table,
    pick_table,
)
from play import game as play
from play import hands
from play.game import EndAsked, GameClosed
from play.hands import HandFixed, HandRecorded, SameHandAsked
from play.records import GameRecord
from storage import GameState, UnitOfWork


async def running_game(
    work: UnitOfWork, chat_id: int, text: str = "", command: str | None = None
) -> GameRecord:
    """The running game; at a tournament, the table whose players are named in ``text``.
    For a ``command`` that takes nothing else, ``text`` may only name one such player."""
    records = await play.running_games(work, chat_id)
    tables = [r.game.players for r in records]
    return records[parse_table(tables, text, command) if command else pick_table(tables, text)]


async def next_hand(work: UnitOfWork, record: GameRecord, text: str) -> Any:
    """The next hand of ``record``'s game, as ``text`` reports it (as typed after /mano)."""
    return await hand_again(work, record, None, text)


async def hand_again(work: UnitOfWork, record: GameRecord, number: int | None, text: str) -> Any:
    """Hand ``number`` of ``record``'s game (``None``: the next), as ``text`` reports it."""
    game = games.played(record)
    return game.read_hand(
        text,
        record.game,
        number=number,
        elsewhere=await game.elsewhere(work, record),
        joinable=record.tournament_id is None,
    )


def after(record: GameRecord, progress: object) -> str:
    """What the reply about ``record``'s game adds about what it moved on (a tournament)."""
    return games.played(record).after(progress)


def recorded(outcome: HandRecorded, line: str = "") -> str:
    """The reply to a hand recorded: its points, the standings, the forecast's ``line``, then
    what its end did (a tournament table's finalists, the final that starts)."""
    label = texts.common.table_label(outcome.record)
    reply = games.played(outcome.record).hand_recorded(outcome.game, label)
    return reply + line + after(outcome.record, outcome.progress)


def fixed(outcome: HandFixed, line: str = "") -> str:
    """The reply to a hand fixed: the game as it is now, reopened or ended by the fix, the
    forecast's ``line``, then what the tournament did."""
    reopened = texts.hands.game_reopened_text() if outcome.reopened else ""
    label = texts.common.table_label(outcome.record)
    game = games.played(outcome.record)
    return (
        game.hand_fixed(outcome.game, outcome.number, label)
        + reopened
        + line
        + after(outcome.record, outcome.progress)
    )


@replies_to_mistakes
async def new_game(update: Update, context: Context) -> None:
    """Start a game: the game (none named: Tamalo), its options, then the players in seat
    order."""
    game, text = games.named(context.text_args)
    new = game.parse_new_game(text)
    async with changes(update, context) as work:
        started = await play.start_game(
            work,
            chat_id_of(update),
            new.players,
            new.rules,
            first_dealer=new.first_dealer,
            started_by=sender_id(update),
        )
        outlook = await drawn_at_start(context, work, started.record)
    await message_of(update).reply_text(
        game.game_started(started.record.game, propose_target=not new.target_given),
        reply_markup=game.offer(started.record, target_given=new.target_given),
    )
    draw_ahead(context, outlook)


@replies_to_mistakes
async def record_hand(update: Update, context: Context) -> None:
    """Record one hand of the running game and show the points and standings; a hand equal
    to the one recorded just before is asked about first."""
    message, text = message_of(update), context.text_args
    async with changes(update, context) as work:
        record = await running_game(work, message.chat_id, text)
        hand = await next_hand(work, record, text)
        outcome = await hands.record_typed_hand(
            work, record, hand, text, message_id=message.message_id, user_id=sender_id(update)
        )
        outlook = None
        if isinstance(outcome, HandRecorded):
            outlook = await forecast_of(context, work, outcome.record, outcome.game)
    if isinstance(outcome, SameHandAsked):
        await message.reply_text(
            texts.hands.same_hand_again(outcome.number, outcome.previous),
            reply_markup=buttons.same_hand(outcome.pending_id),
        )
        return
    line = await forecast_line(context, outcome.record, outlook)
    await message.reply_text(recorded(outcome, line))
    await chart_if_ended(message, context, outcome)


@replies_to_mistakes
async def edit_hand(update: Update, context: Context) -> None:
    """A /mano edited by its author: the hand it recorded is corrected to the new text; a
    /mano that recorded nothing (it had a mistake) records its hand now."""
    message, text = message_of(update), context.text_args
    may_correct = await may_undo_and_fix(update, context)  # asked before any lock is held
    async with changing(context, message.chat_id) as work:
        edited = await hands.edited_hand(
            work, message.chat_id, message.message_id, update.update_id
        )
        outcome: HandRecorded | HandFixed
        if edited is None:
            record = await running_game(work, message.chat_id, text)
            hand = await next_hand(work, record, text)
            outcome = await hands.record_hand(
                work, record, hand, message_id=message.message_id, user_id=sender_id(update)
            )
        else:
            record, number = edited
            await may_correct.check(work)
            hand = await hand_again(work, record, number, text)
            outcome = await hands.fix_hand(work, record, number, hand)
        outlook = await forecast_of(context, work, outcome.record, outcome.game)
    line = await forecast_line(context, outcome.record, outlook)
    reply = recorded(outcome, line) if isinstance(outcome, HandRecorded) else fixed(outcome, line)
    await message.reply_text(reply)
    await chart_if_ended(message, context, outcome)


async def chart_if_ended(
    message: Message, context: Context, outcome: HandRecorded | HandFixed
) -> None:
    """The hand just stored ended the game: send its chart."""
    if outcome.ended:
        ended = replace(outcome.record, game=outcome.game, state=GameState.FINISHED)
        await send_final_chart(message, context, ended)


@replies_to_mistakes
@admins_only
async def fix_hand(update: Update, context: Context) -> None:
    """Replace hand N: totals, quadri, the end and the winner are worked out again; hand N
    alone is shown as recorded, ready to edit."""
    if context.text_args.strip().isdecimal():
        await _show_hand(update, context)
        return
    async with changes(update, context) as work:
        record = await _correctable(work, chat_id_of(update), context.text_args)
        number, rest = parse_fix(context.text_args, len(record.game.hands), record.game.ranked)
        hand = await hand_again(work, record, number, rest)
        outcome = await hands.fix_hand(work, record, number, hand)
        outlook = await forecast_of(context, work, outcome.record, outcome.game)
    line = await forecast_line(context, outcome.record, outlook)
    await message_of(update).reply_text(fixed(outcome, line))
    await chart_if_ended(message_of(update), context, outcome)


async def _show_hand(update: Update, context: Context) -> None:
    """``/correggi N``: hand N as recorded, as the /correggi that types it again."""
    async with reading(context) as work:
        record = await _correctable(work, chat_id_of(update), "")
    number, _ = parse_fix(context.text_args, len(record.game.hands))
    command = texts.common.hand_command(record.game.hands[number - 1].hand, number)
    text = texts.hands.hand_to_fix(number, command, texts.common.table_label(record))
    await reply_with_command(message_of(update), text, command)


async def _correctable(work: UnitOfWork, chat_id: int, text: str) -> GameRecord:
    """The game whose hand to fix: at a tournament, the table named in ``text``."""
    records = await hands.correctable(work, chat_id)
    return records[pick_table([r.game.players for r in records], text)]


@replies_to_mistakes
async def join(update: Update, context: Context) -> None:
    """Seat a late joiner, who starts level with the last in the standings."""
    message = message_of(update)
    try:
        async with changes(update, context) as work:
            record = await play.joinable_game(work, message.chat_id)  # before asking who
            name = parse_join(context.text_args, record.game.players, record.game.left_after)
            joined = await play.join(work, record, name)
    except CloseToSeated as asked:  # Paola with Paolo seated: a typo, or one tap seats her
        await message.reply_text(
            asked.message, reply_markup=buttons.join_new(record.id, asked.name)
        )
        return
    await message.reply_text(texts.game.player_joined(joined.record.game, joined.name))


@replies_to_mistakes
async def leave(update: Update, context: Context) -> None:
    """A player leaves: no more hands for them, their history stays."""
    async with changes(update, context) as work:
        record = await running_game(work, chat_id_of(update), context.text_args)
        name = parse_leave(context.text_args, record.game.ranked)
        left = await play.leave(work, record, name)
    await message_of(update).reply_text(texts.game.player_left(left.game, left.name))


@replies_to_mistakes
@admins_only
async def undo(update: Update, context: Context) -> None:
    """Take back the latest change: a late joiner no hand has followed is unseated, else the
    chat's last recorded hand is removed (a game that hand had ended reopens). Someone
    else's /annulla sent before the reply to this one was seen removes nothing."""
    message = message_of(update)
    parse_nothing(context.text_args, "annulla")
    async with changes(update, context) as work:
        undone = await hands.undo(
            work,
            message.chat_id,
            message_id=message.message_id,
            sent_at=message.date,
            user_id=sender_id(update),
        )
        outlook = None
        if not isinstance(undone, hands.JoinUndone) and not undone.game.is_over():
            outlook = await forecast_of(context, work, undone.record, undone.game)
    # Sent at once, its id kept: an /annulla sent before it was seen removes nothing more.
    with sending_now():
        if isinstance(undone, hands.JoinUndone):
            joined = texts.hands.join_undone(undone.record.game, undone.name)
            sent = await message.reply_text(joined)
        else:
            label = texts.common.table_label(undone.record)
            text = texts.hands.hand_undone(
                undone.game, undone.number, undone.removed, reopened=undone.reopened, label=label
            )
            command = texts.common.hand_command(undone.removed)
            line = await forecast_line(context, undone.record, outlook)
            progress = after(undone.record, undone.progress)
            sent = await reply_with_command(message, text + line + progress, command)
    async with changing(context, message.chat_id) as work:
        await hands.undo_answered(work, message.chat_id, undone, sent.message_id)


async def reply_with_command(message: Message, text: str, command: str) -> Message:
    """Reply with ``text``, in which ``command`` is marked as code: a tap on it copies it."""
    start = text.rindex(command)
    offset = len(text[:start].encode("utf-16-le")) // 2  # Telegram counts UTF-16 units
    length = len(command.encode("utf-16-le")) // 2
    entity = MessageEntity(MessageEntity.CODE, offset, length)
    return await message.reply_text(text, entities=[entity])


@replies_to_mistakes
@admins_only
async def end_game(update: Update, context: Context) -> None:
    """Close the running game now, ranked as it stands; with hands played, ask first."""
    message = message_of(update)
    async with changes(update, context) as work:
        record = await running_game(work, message.chat_id, context.text_args, "fine")
        outcome = await play.end_game(work, record)
    if isinstance(outcome, EndAsked):
        question = texts.game.end_asked(record.game, texts.common.table_label(record))
        await message.reply_text(question, reply_markup=buttons.end(record.id))
        return
    await message.reply_text(closed_text(outcome), reply_markup=reopen_button(record))


def closed_text(closed: GameClosed) -> str:
    """A game just closed by /fine: its final standings, and how to reopen it."""
    record = closed.record
    hint = "" if record.tournament_id is not None else texts.game.reopen_hint()
    return (
        texts.game.game_ended(record.game, texts.common.table_label(record))
        + after(record, closed.progress)
        + hint
    )


def reopen_button(record: GameRecord) -> InlineKeyboardMarkup | None:
    return None if record.tournament_id is not None else buttons.reopen(record.id)


@replies_to_mistakes
async def next_dealer(update: Update, context: Context) -> None:
    """Who deals next, at every running table."""
    parse_nothing(context.text_args, "mazziere")
    async with reading(context) as work:
        records = await play.running_games(work, chat_id_of(update))
    await message_of(update).reply_text(
        "\n".join(texts.game.dealer_line(r.game, texts.common.table_label(r)) for r in records)
    )
