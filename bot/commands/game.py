"""Playing a game: /nuova, /mano, /entra, /esci, /correggi, /annulla, /fine, /mazziere."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from telegram import InlineKeyboardMarkup, Message, MessageEntity, Update

from bot import texts
from bot.commands import buttons, target
from bot.commands.charts import send_final_chart
from bot.commands.common import (
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
from bot.commands.tournament import drop_final_not_begun, elsewhere, final_of, progress
from bot.context import Context
from bot.parsing import (
    UserError,
    parse_fix,
    parse_hand,
    parse_join,
    parse_leave,
    parse_new_game,
    parse_nothing,
    parse_table,
    pick_table,
)
from scoring import Game, Hand
from storage import (
    GameAlreadyRunning,
    GameRecord,
    GameState,
    GameStore,
    LastUndos,
    MessageAlreadyHandled,
    PendingHands,
    TournamentRunning,
    TournamentStore,
)

#: A typed hand equal to the previous one, this soon after it, is asked about first.
SAME_HAND_WINDOW = timedelta(minutes=2)


async def running_game(
    games: GameStore, chat_id: int, text: str = "", command: str | None = None
) -> GameRecord:
    """The running game; at a tournament, the table whose players are named in ``text``.
    For a ``command`` that takes nothing else, ``text`` may only name one such player."""
    records = await games.running_games(chat_id)
    if not records:
        raise UserError(texts.NO_RUNNING_GAME)
    tables = [r.game.players for r in records]
    return records[parse_table(tables, text, command) if command else pick_table(tables, text)]


async def settle(games: GameStore, record: GameRecord, game: Game) -> str:
    """After a hand is added, fixed or undone: end or reopen the game as its totals say, and
    move its tournament on. Returns what the tournament's progress adds to the reply."""
    now = datetime.now(UTC)
    over = game.is_over()
    if over and record.running:
        await games.set_state(record, GameState.FINISHED, now)
        return await progress(games, record, game, now)
    if not over and not record.running:
        await games.set_state(record, GameState.RUNNING, now)
        if record.tournament_id is not None:
            await TournamentStore(games.session).set_state(
                record.tournament_id, GameState.RUNNING, now
            )
        return ""
    if over and record.tournament_id is not None:  # a finished game changed: still over
        return await progress(games, record, game, now)
    return ""


@replies_to_mistakes
async def new_game(update: Update, context: Context) -> None:
    """Start a game: mode and options, then the players in seat order."""
    new = parse_new_game(context.text_args)
    async with changes(update, context) as work:
        try:
            record = await work.games.start(
                chat_id_of(update),
                new.players,
                new.rules,
                first_dealer=new.first_dealer,
                started_by=sender_id(update),
            )
        except GameAlreadyRunning as error:
            raise UserError(texts.game_running(error.players)) from error
        except TournamentRunning as error:
            raise UserError(texts.TOURNAMENT_IN_PROGRESS) from error
    await message_of(update).reply_text(
        texts.game_started(record.game, propose_target=not new.target_given),
        reply_markup=target.offer(record, target_given=new.target_given),
    )


@replies_to_mistakes
async def record_hand(update: Update, context: Context) -> None:
    """Record one hand of the running game and show the points and standings; a hand equal
    to the one recorded just before is asked about first."""
    message = message_of(update)
    async with changes(update, context) as work:
        record = await running_game(work.games, message.chat_id, context.text_args)
        pending = await _same_as_last(work.games, record, message.message_id, context.text_args)
        if pending is None:
            record, game, after = await record_text(
                work.games,
                message.chat_id,
                message.message_id,
                context.text_args,
                record,
                user_id=sender_id(update),
            )
    if pending is not None:
        pending_id, previous = pending
        number = len(record.game.hands) + 1
        await message.reply_text(
            texts.same_hand_again(number, previous), reply_markup=buttons.same_hand(pending_id)
        )
        return
    await message.reply_text(texts.hand_recorded(game, texts.table_label(record)) + after)
    await chart_if_ended(message, context, record, game)


async def _same_as_last(
    games: GameStore, record: GameRecord, message_id: int, text: str
) -> tuple[int, Hand] | None:
    """A hand equal to the one recorded less than two minutes before is kept waiting for a
    button, not recorded twice: its id and the previous hand."""
    game = record.game
    if not game.hands or record.last_hand_id is None:
        return None
    absent = [p for p in game.players if p not in game.next_players]
    previous = game.hands[-1].hand
    try:
        if parse_hand(text, game.next_players, game.rules, absent=absent) != previous:
            return None
    except UserError:  # not a hand: recording it says what is wrong
        return None
    recorded_at = await games.hand_recorded_at(record.last_hand_id)
    if recorded_at is None or datetime.now(UTC) - recorded_at > SAME_HAND_WINDOW:
        return None
    pending_id = await PendingHands(games.session).ask(
        record.id, record.chat_id, message_id, len(game.hands) + 1, text
    )
    return pending_id, previous


async def record_text(
    games: GameStore,
    chat_id: int,
    message_id: int,
    text: str,
    record: GameRecord | None = None,
    *,
    user_id: int | None,
) -> tuple[GameRecord, Game, str]:
    """Add the hand ``text`` reports (as typed after /mano; ``message_id`` is the message it
    came in, ``user_id`` who sent it) to ``record``'s game, or else the running game (at a
    tournament, the table of its players): the game as it was, as it is now, and what its end
    adds to the reply."""
    if record is None:
        record = await running_game(games, chat_id, text)
    game = record.game
    absent = [p for p in game.players if p not in game.next_players]
    hand = parse_hand(
        text,
        game.next_players,
        game.rules,
        absent=absent,
        elsewhere=await elsewhere(games, record),
        joinable=record.tournament_id is None,
    )
    game = game.with_hand(hand)
    await games.add_hand(record, game.hands[-1], message_id, user_id)
    return record, game, await settle(games, record, game)


@replies_to_mistakes
async def edit_hand(update: Update, context: Context) -> None:
    """A /mano edited by its author: the hand it recorded is corrected to the new text; a
    /mano that recorded nothing (it had a mistake) records its hand now."""
    message = message_of(update)
    may_correct = await may_undo_and_fix(update, context)  # asked before any lock is held
    async with changing(context, message.chat_id) as work:
        games = work.games
        try:
            handled = await work.claims.edit(message.chat_id, message.message_id, update.update_id)
        except MessageAlreadyHandled as error:
            raise UserError(texts.ALREADY_HANDLED) from error
        found = await games.hand_of_message(message.chat_id, message.message_id)
        if found is None and handled:
            raise UserError(texts.EDITED_HAND_GONE)
        if found is None:
            record, game, after = await record_text(
                games,
                message.chat_id,
                message.message_id,
                context.text_args,
                user_id=sender_id(update),
            )
            reply = texts.hand_recorded(game, texts.table_label(record)) + after
        else:
            game_id, number = found
            allowed = await _correctable_records(games, message.chat_id)
            fixable = next((r for r in allowed if r.id == game_id), None)
            if fixable is None:
                raise UserError(texts.EDITED_HAND_CLOSED)
            record = fixable
            await may_correct.check(work)
            game, after = await _correct(games, record, number, context.text_args)
            reply = texts.hand_fixed(game, number, texts.table_label(record)) + after
    await message.reply_text(reply)
    await chart_if_ended(message, context, record, game)


async def chart_if_ended(
    message: Message, context: Context, record: GameRecord, game: Game
) -> None:
    """The hand just stored ended the game: send its chart."""
    if record.running and game.is_over():
        ended = replace(record, game=game, state=GameState.FINISHED)
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
        record = await _correctable(work.games, chat_id_of(update), context.text_args)
        number, rest = parse_fix(context.text_args, len(record.game.hands), record.game.ranked)
        game, after = await _correct(work.games, record, number, rest)
    await message_of(update).reply_text(
        texts.hand_fixed(game, number, texts.table_label(record)) + after
    )
    await chart_if_ended(message_of(update), context, record, game)


async def _show_hand(update: Update, context: Context) -> None:
    """``/correggi N``: hand N as recorded, as the /correggi that types it again."""
    async with reading(context) as work:
        record = await _correctable(work.games, chat_id_of(update), "")
    number, _ = parse_fix(context.text_args, len(record.game.hands))
    command = texts.hand_command(record.game.hands[number - 1].hand, number)
    text = texts.hand_to_fix(number, command, texts.table_label(record))
    await reply_with_command(message_of(update), text, command)


async def _correct(
    games: GameStore, record: GameRecord, number: int, text: str
) -> tuple[Game, str]:
    """Replace hand ``number`` of ``record`` with the one ``text`` reports: the game as it is
    now, and what a reopening or an end adds to the reply."""
    game = record.game
    seated = game.seated_for(number)
    absent = [p for p in game.players if p not in seated]
    hand = parse_hand(
        text,
        seated,
        game.rules,
        absent=absent,
        number=number,
        elsewhere=await elsewhere(games, record),
        joinable=record.tournament_id is None,
    )
    game = game.with_hand_replaced(number, hand)
    if record.tournament_id is not None and not record.running:
        await drop_final_not_begun(games, record)
    await games.replace_hand(record, number, game.hands[number - 1])
    after = await settle(games, record, game)
    if not record.running and not game.is_over():
        after = texts.GAME_REOPENED + after
    return game, after


async def _correctable(games: GameStore, chat_id: int, text: str) -> GameRecord:
    """A running game, a tournament table while the final has not begun, or the last game
    if its last hand ended it (a fix may reopen it)."""
    records = await _correctable_records(games, chat_id)
    if records:
        return records[pick_table([r.game.players for r in records], text)]
    latest = await games.latest(chat_id)
    if latest is None or latest.state is GameState.ANNULLED:
        raise UserError(texts.NO_RUNNING_GAME)
    raise UserError(texts.FIX_CLOSED_GAME)


async def _correctable_records(games: GameStore, chat_id: int) -> list[GameRecord]:
    """The games whose hands can still be fixed: the running ones (the tables of a
    tournament whose final has not begun), or else the last game if its last hand ended it."""
    records = [r for r in await _changeable(games, chat_id) if r.running or r.game.is_over()]
    if records:
        return records
    latest = await games.latest(chat_id)
    if latest is None or latest.state is GameState.ANNULLED or not latest.game.is_over():
        return []
    return [latest]


async def _changeable(games: GameStore, chat_id: int) -> list[GameRecord]:
    """The running games; at a tournament whose final has not begun, all of its tables."""
    records = await games.running_games(chat_id)
    tournament = next((r.tournament_id for r in records if r.tournament_id), None)
    if tournament is None:
        return records
    played = await games.tournament_games(tournament)
    final = final_of(played)
    if final is not None and final.game.hands:
        return records
    return [r for r in played if r is not final]


@replies_to_mistakes
async def join(update: Update, context: Context) -> None:
    """Seat a late joiner, who starts level with the last in the standings."""
    async with changes(update, context) as work:
        records = await work.games.running_games(chat_id_of(update))
        if any(r.tournament_id is not None for r in records):  # before asking which table
            raise UserError(texts.NO_JOINING_TOURNAMENTS)
        record = await running_game(work.games, chat_id_of(update))
        record.game.check_joinable()  # before asking who joins
        name = parse_join(context.text_args, record.game.players, record.game.left_after)
        record.game.with_player(name)  # the rules' last word; the seat is then stored
        record = await work.games.seat(record, name)
    await message_of(update).reply_text(texts.player_joined(record.game, record.game.players[-1]))


@replies_to_mistakes
async def leave(update: Update, context: Context) -> None:
    """A player leaves: no more hands for them, their history stays."""
    async with changes(update, context) as work:
        record = await running_game(work.games, chat_id_of(update), context.text_args)
        name = parse_leave(context.text_args, record.game.ranked)
        game = record.game.without_player(name)
        await work.games.leave(record, name)
    await message_of(update).reply_text(texts.player_left(game, name))


#: The number a join taken back is kept under among the chat's undos (hands count from 1).
JOIN_UNDONE = 0


@replies_to_mistakes
@admins_only
async def undo(update: Update, context: Context) -> None:
    """Take back the latest change: a late joiner no hand has followed is unseated, else the
    chat's last recorded hand is removed (a game that hand had ended reopens). Someone
    else's /annulla sent before the reply to this one was seen removes nothing."""
    message, user = message_of(update), update.effective_user
    user_id = user.id if user else None
    parse_nothing(context.text_args, "annulla")
    async with changes(update, context) as work:
        undos = work.undos
        await _not_undone_just_now(work.games, undos, message, user_id)
        if (joined := await _last_join(work.games, message.chat_id)) is not None:
            record, name = joined
            await undos.keep(message.chat_id, record.id, JOIN_UNDONE, user_id)
            record = await work.games.unseat(record, name)
        else:
            record, number, removed, game, after = await _undo_hand(work.games, message.chat_id)
            await undos.keep(message.chat_id, record.id, number, user_id)
    if joined is not None:
        text, number = texts.join_undone(record.game, name), JOIN_UNDONE
        sent = await message.reply_text(text)
    else:
        reopened = not record.running and not game.is_over()
        label = texts.table_label(record)
        undone = texts.hand_undone(game, number, removed, reopened=reopened, label=label)
        sent = await reply_with_command(message, undone + after, texts.hand_command(removed))
    async with changing(context, message.chat_id) as work:
        await work.undos.replied(message.chat_id, record.id, number, sent.message_id)


async def _last_join(games: GameStore, chat_id: int) -> tuple[GameRecord, str] | None:
    """The running game's late joiner, if their join is its latest change."""
    record = await games.running(chat_id)
    if record is None:
        return None
    name = await games.last_join(record)
    return None if name is None else (record, name)


async def _undo_hand(games: GameStore, chat_id: int) -> tuple[GameRecord, int, Hand, Game, str]:
    """Remove the chat's last recorded hand: its game as it was, the hand's number, the hand,
    the game as it is now and what its reopening or end adds to the reply."""
    record = await _last_played(games, chat_id)
    if not record.running and not record.game.is_over():
        raise UserError(texts.undo_closed_game(tournament=record.tournament_id is not None))
    if record.tournament_id is not None and not record.running:
        await drop_final_not_begun(games, record)
    await games.remove_last_hand(record)
    number, removed = len(record.game.hands), record.game.hands[-1].hand
    game = record.game.without_last_hand()
    return record, number, removed, game, await settle(games, record, game)


async def _not_undone_just_now(
    games: GameStore, undos: LastUndos, message: Message, user_id: int | None
) -> None:
    """Two people sending /annulla at the same moment mean the same hand: the later one is
    told it is gone, and how to remove one more."""
    last = await undos.get(message.chat_id)
    if last is None or not last.unseen_by(user_id, message.message_id, message.date):
        return
    if last.number == JOIN_UNDONE:
        raise UserError(texts.JOIN_UNDONE_JUST_NOW)
    record = await games.get(last.game_id)
    hands = len(record.game.hands) if record is not None else 0
    label = texts.table_label(record) if record is not None else ""
    raise UserError(texts.undo_just_done(last.number, hands, label))


async def reply_with_command(message: Message, text: str, command: str) -> Message:
    """Reply with ``text``, in which ``command`` is marked as code: a tap on it copies it."""
    start = text.rindex(command)
    offset = len(text[:start].encode("utf-16-le")) // 2  # Telegram counts UTF-16 units
    length = len(command.encode("utf-16-le")) // 2
    entity = MessageEntity(MessageEntity.CODE, offset, length)
    return await message.reply_text(text, entities=[entity])


async def _last_played(games: GameStore, chat_id: int) -> GameRecord:
    """The game of the chat's most recent hand: among the running games (and the tables of a
    tournament whose final has not begun), or else the last game played."""
    records = await _changeable(games, chat_id)
    if not records:
        latest = await games.latest(chat_id)
        records = [latest] if latest and latest.state is not GameState.ANNULLED else []
    records = [r for r in records if r.last_hand_id is not None]
    if not records:
        raise UserError(texts.NO_HAND_TO_UNDO)
    return max(records, key=lambda r: r.last_hand_id or 0)


@replies_to_mistakes
@admins_only
async def end_game(update: Update, context: Context) -> None:
    """Close the running game now, ranked as it stands; with hands played, ask first."""
    message = message_of(update)
    async with changes(update, context) as work:
        record = await running_game(work.games, message.chat_id, context.text_args, "fine")
        if not record.game.hands:
            after = await close(work.games, record)
    if record.game.hands:
        question = texts.end_asked(record.game, texts.table_label(record))
        await message.reply_text(question, reply_markup=buttons.end(record.id))
        return
    await message.reply_text(closed_text(record, after), reply_markup=reopen_button(record))


async def close(games: GameStore, record: GameRecord) -> str:
    """Finish ``record``'s game as it stands: what its tournament's progress adds."""
    now = datetime.now(UTC)
    await games.set_state(record, GameState.FINISHED, now)
    return await progress(games, record, record.game, now)


def closed_text(record: GameRecord, after: str) -> str:
    """A game just closed by /fine: its final standings, and how to reopen it."""
    hint = "" if record.tournament_id is not None else texts.reopen_hint()
    return texts.game_ended(record.game, texts.table_label(record)) + after + hint


def reopen_button(record: GameRecord) -> InlineKeyboardMarkup | None:
    return None if record.tournament_id is not None else buttons.reopen(record.id)


@replies_to_mistakes
async def next_dealer(update: Update, context: Context) -> None:
    """Who deals next, at every running table."""
    parse_nothing(context.text_args, "mazziere")
    async with reading(context) as work:
        records = await work.games.running_games(chat_id_of(update))
    if not records:
        raise UserError(texts.NO_RUNNING_GAME)
    await message_of(update).reply_text(
        "\n".join(texts.dealer_line(r.game, texts.table_label(r)) for r in records)
    )
