"""Playing a game of Tamalo: its turns at the chat-wide commands (``bot.table``): /nuova, /mano
(/mano alone: the keypad), /correggi, /annulla, /entra, /esci, /fine, /riapri, /rivincita,
/mazziere, /classifica; and what its replies share (a hand recorded or fixed, the game
closed). Each turn plays in the command's unit of work and says what to reply once it is
committed."""

from __future__ import annotations

from typing import Any

from telegram import Message

from bot import standings
from bot.answers import sending_now
from bot.confirmations import ask_to_end
from bot.games.tamalo import texts
from bot.games.tamalo.commands.buttons import join_new, same_hand
from bot.games.tamalo.commands.charts import send_final_chart
from bot.games.tamalo.commands.forecast import (
    draw_ahead,
    drawn_at_start,
    forecast_line,
    forecast_of,
)
from bot.games.tamalo.commands.keypad import open_entry
from bot.games.tamalo.commands.replies import (
    after,
    chart_if_ended,
    closed_buttons,
    closed_text,
    fixed,
    read_hand,
    recorded,
    reply_with_command,
)
from bot.games.tamalo.commands.shown import shown_games
from bot.games.tamalo.commands.target import offer
from bot.games.tamalo.parsing import (
    CloseToSeated,
    parse_fix,
    parse_join,
    parse_leave,
    parse_new_game,
    parse_table,
    pick_table,
)
from bot.handling import changing
from bot.parsing import parse_nothing
from bot.table import Press, Pressed, Reply, RollBack, Turn
from play.tamalo import game as play
from play.tamalo import hands, records
from play.tamalo.game import EndAsked
from play.tamalo.hands import HandFixed, HandRecorded, SameHandAsked
from play.tamalo.records import GameRecord
from storage import StoredGame


def running_game(turn: Turn, text: str = "", command: str | None = None) -> GameRecord:
    """The running game; at a tournament, the table whose players are named in ``text``.
    For a ``command`` that takes nothing else, ``text`` may only name one such player."""
    found = play.running_in(turn.front)
    tables = [r.game.players for r in found]
    return found[parse_table(tables, text, command) if command else pick_table(tables, text)]


def _answer(
    turn: Turn, outcome: HandRecorded | HandFixed, outlook: Any, message: Message | None = None
) -> Reply:
    """The reply to a hand recorded or fixed, with its forecast's line and, if the hand ended
    the game, its chart."""
    context, said = turn.context, message or turn.message

    async def reply() -> None:
        line = await forecast_line(context, outcome.record, outlook)
        text = (
            recorded(outcome, line) if isinstance(outcome, HandRecorded) else fixed(outcome, line)
        )
        await said.reply_text(text)
        await chart_if_ended(said, context, outcome)

    return reply


async def new_game(turn: Turn) -> Reply:
    """Start a game: its options, then the players in seat order."""
    new = parse_new_game(turn.text)
    started = await play.start_game(
        turn.work,
        turn.chat_id,
        new.players,
        new.rules,
        first_dealer=new.first_dealer,
        started_by=turn.sender,
    )
    outlook = await drawn_at_start(turn.context, turn.work, started.record)
    record, message, context = started.record, turn.message, turn.context

    async def reply() -> None:
        await message.reply_text(
            texts.game.game_started(record.game, propose_target=not new.target_given),
            reply_markup=offer(record, target_given=new.target_given),
        )
        draw_ahead(context, outlook)

    return reply


async def record_hand(turn: Turn) -> Reply:
    """``/mano Anna 3 Bruno 12 …``: one hand of the running game, its points and standings; a
    hand equal to the one recorded just before is asked about first. ``/mano`` alone: the
    keypad."""
    if not turn.text.strip():
        return await open_entry(turn)
    record = running_game(turn, turn.text)
    hand = await read_hand(turn.work, record, turn.text)
    outcome = await hands.record_typed_hand(
        turn.work, record, hand, turn.text, message_id=turn.message.message_id, user_id=turn.sender
    )
    if isinstance(outcome, SameHandAsked):
        question = texts.hands.same_hand_again(outcome.number, outcome.previous)
        return turn.say(question, same_hand(outcome.pending_id))
    outlook = await forecast_of(turn.context, turn.work, outcome.record, outcome.game)
    return _answer(turn, outcome, outlook)


async def edit_hand(turn: Turn) -> Reply:
    """A /mano edited by its author: the hand it recorded is corrected to the new text; a
    /mano that recorded nothing (it had a mistake) records its hand now."""
    message, work = turn.message, turn.work
    edited = await hands.edited_hand(
        work, message.chat_id, message.message_id, turn.update.update_id
    )
    outcome: HandRecorded | HandFixed
    if edited is None:
        record = running_game(turn, turn.text)
        hand = await read_hand(work, record, turn.text)
        outcome = await hands.record_hand(
            work, record, hand, message_id=message.message_id, user_id=turn.sender
        )
    else:
        record, number = edited
        assert turn.may_fix is not None
        await turn.may_fix.check(work)
        hand = await read_hand(work, record, turn.text, number)
        outcome = await hands.fix_hand(work, record, number, hand)
    outlook = await forecast_of(turn.context, work, outcome.record, outcome.game)
    return _answer(turn, outcome, outlook)


async def fix_hand(turn: Turn) -> Reply:
    """Replace hand N: totals, quadri, the end and the winner are worked out again; hand N
    alone is shown as recorded, ready to edit."""
    work = turn.work
    records_ = await hands.correctable(work, turn.chat_id)
    record = records_[pick_table([r.game.players for r in records_], turn.text)]
    if turn.text.strip().isdecimal():
        return _show_hand(turn, record)
    number, rest = parse_fix(turn.text, len(record.game.hands), record.game.ranked)
    hand = await read_hand(work, record, rest, number)
    outcome = await hands.fix_hand(work, record, number, hand)
    outlook = await forecast_of(turn.context, work, outcome.record, outcome.game)
    return _answer(turn, outcome, outlook)


def _show_hand(turn: Turn, record: GameRecord) -> Reply:
    """``/correggi N``: hand N as recorded, as the /correggi that types it again."""
    number, _ = parse_fix(turn.text, len(record.game.hands))
    command = texts.words.hand_command(record.game.hands[number - 1].hand, number)
    text = texts.hands.hand_to_fix(number, command, texts.words.table_label(record))
    message = turn.message

    async def reply() -> None:
        await reply_with_command(message, text, command)

    return reply


async def join(turn: Turn) -> Reply:
    """Seat a late joiner, who starts level with the last in the standings; a name a letter
    off a seated player's is asked about first (rolled back: nothing changed)."""
    record = await play.joinable_game(turn.work, turn.chat_id)  # before asking who
    try:
        name = parse_join(turn.text, record.game.players, record.game.left_after)
    except CloseToSeated as asked:  # Paola with Paolo seated: a typo, or one tap seats her
        raise RollBack(turn.say(asked.message, join_new(record.id, asked.name))) from asked
    joined = await play.join(turn.work, record, name)
    return turn.say(texts.game.player_joined(joined.record.game, joined.name))


async def leave(turn: Turn) -> Reply:
    """A player leaves: no more hands for them, their history stays."""
    record = running_game(turn, turn.text)
    name = parse_leave(turn.text, record.game.ranked)
    left = await play.leave(turn.work, record, name)
    return turn.say(texts.game.player_left(left.game, left.name))


async def undo(turn: Turn) -> Reply:
    """Take back the latest change: a late joiner no hand has followed is unseated, else the
    chat's last recorded hand is removed (a game that hand had ended reopens). Someone
    else's /annulla sent before the reply to this one was seen removes nothing."""
    parse_nothing(turn.text, "annulla")
    message, context = turn.message, turn.context
    undone = await hands.undo(
        turn.work,
        message.chat_id,
        message_id=message.message_id,
        sent_at=message.date,
        user_id=turn.sender,
    )
    outlook = None
    if not isinstance(undone, hands.JoinUndone) and not undone.game.is_over():
        outlook = await forecast_of(context, turn.work, undone.record, undone.game)

    async def reply() -> None:
        # Sent at once, its id kept: an /annulla sent before it was seen removes nothing more.
        with sending_now():
            if isinstance(undone, hands.JoinUndone):
                joined = texts.hands.join_undone(undone.record.game, undone.name)
                sent = await message.reply_text(joined)
            else:
                label = texts.words.table_label(undone.record)
                text = texts.hands.hand_undone(
                    undone.game,
                    undone.number,
                    undone.removed,
                    reopened=undone.reopened,
                    label=label,
                )
                command = texts.words.hand_command(undone.removed)
                line = await forecast_line(context, undone.record, outlook)
                progress = after(undone.progress)
                sent = await reply_with_command(message, text + line + progress, command)
        async with changing(context, message.chat_id) as work:
            await hands.undo_answered(work, message.chat_id, undone, sent.message_id)

    return reply


async def end_game(turn: Turn) -> Reply:
    """Close the running game now, ranked as it stands; with hands played, ask first."""
    record = running_game(turn, turn.text, "fine")
    outcome = await play.end_game(turn.work, record)
    if isinstance(outcome, EndAsked):
        question = texts.game.end_asked(record.game, texts.words.table_label(record))
        return turn.say(question, ask_to_end(record.id))
    return turn.say(closed_text(outcome), closed_buttons(record))


async def closing(press: Press, stored: StoredGame, yes: bool) -> Pressed:
    """The question of ``/fine`` answered: the game closed as it stands (its chart sent), or
    going on."""
    if not yes:
        return Pressed(texts.game.game_goes_on())
    record = records.record_of(stored)
    closed = await play.close(press.work, record)
    context = press.context

    async def chart(message: Message) -> None:
        await send_final_chart(message, context, closed.closed)

    return Pressed(closed_text(closed), closed_buttons(record), chart)


async def next_dealer(turn: Turn) -> Reply:
    """Who deals next, at every running table."""
    parse_nothing(turn.text, "mazziere")
    found = play.running_in(turn.front)
    return turn.say(
        "\n".join(texts.game.dealer_line(r.game, texts.words.table_label(r)) for r in found)
    )


async def reopen(turn: Turn) -> Reply:
    """``/riapri``: the game closed with /fine goes on."""
    parse_nothing(turn.text, "riapri")
    game = await play.reopen(turn.work, turn.chat_id)
    return turn.say(texts.game.game_reopened(game))


async def rematch(turn: Turn) -> Reply:
    """``/rivincita``: a new game with the last game's players, mode and options; the first
    dealer is the next seat after the last game's."""
    parse_nothing(turn.text, "rivincita")
    started = await play.rematch(turn.work, turn.chat_id, started_by=turn.sender)
    outlook = await drawn_at_start(turn.context, turn.work, started.record)
    message, context = turn.message, turn.context

    async def reply() -> None:
        await message.reply_text(texts.game.rematch_started(started.record.game))
        draw_ahead(context, outlook)

    return reply


async def show_standings(turn: Turn) -> Reply:
    """``/classifica``: the standings of the running game (every table, at a tournament), or
    of the last one."""
    parse_nothing(turn.text, "classifica")
    text = "\n\n".join(
        texts.hands.standings(r.game, running=r.running, label=texts.words.table_label(r))
        for r in await shown_games(turn)
    )
    return await standings.shown(turn, text)
