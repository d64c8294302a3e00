"""What Tamalo's replies to a hand share, wherever it was recorded (typed, edited, with the
keypad, confirmed by a button): the hand read against its game, the reply to it recorded or
fixed, the chart when it ends the game, what a tournament adds, and a game closed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from telegram import Message, MessageEntity

from bot.confirmations import reopen_button
from bot.context import Context
from bot.games.tamalo import texts
from bot.games.tamalo.commands.charts import send_final_chart
from bot.games.tamalo.commands.tournament import after as tournament_after
from bot.games.tamalo.parsing import parse_hand
from play.tamalo import tournament as play_tournament
from play.tamalo.game import GameClosed
from play.tamalo.hands import HandFixed, HandRecorded
from play.tamalo.records import GameRecord
from play.tamalo.tournament import Progress
from storage import GameState, UnitOfWork


async def read_hand(
    work: UnitOfWork, record: GameRecord, text: str, number: int | None = None
) -> Any:
    """Hand ``number`` of ``record``'s game (``None``: the next), as ``text`` reports it."""
    game = record.game
    seated = game.next_players if number is None else game.seated_for(number)
    return parse_hand(
        text,
        seated,
        game.rules,
        absent=[p for p in game.players if p not in seated],
        number=number,
        elsewhere=await elsewhere(work, record),
        joinable=record.tournament_id is None,
    )


async def elsewhere(work: UnitOfWork, record: GameRecord) -> dict[str, str]:
    """A player of a tournament's ended table named is told: a finalist waits for the final,
    anyone else is out."""
    here = record.game.players
    return {
        player: texts.mistakes.waits_for_final(player, here)
        if waits
        else texts.mistakes.out_of_tournament(player, here)
        for player, waits in (await play_tournament.elsewhere(work, record)).items()
    }


def after(progress: Progress | None) -> str:
    """What the reply about a game adds about what it moved on (a tournament)."""
    return tournament_after(progress)


def recorded(outcome: HandRecorded, line: str = "") -> str:
    """The reply to a hand recorded: its points, the standings, the forecast's ``line``, then
    what its end did (a tournament table's finalists, the final that starts)."""
    label = texts.words.table_label(outcome.record)
    reply = texts.hands.hand_recorded(outcome.game, label)
    return reply + line + after(outcome.progress)


def fixed(outcome: HandFixed, line: str = "") -> str:
    """The reply to a hand fixed: the game as it is now, reopened or ended by the fix, the
    forecast's ``line``, then what the tournament did."""
    reopened = texts.hands.game_reopened_text() if outcome.reopened else ""
    label = texts.words.table_label(outcome.record)
    return (
        texts.hands.hand_fixed(outcome.game, outcome.number, label)
        + reopened
        + line
        + after(outcome.progress)
    )


async def chart_if_ended(
    message: Message, context: Context, outcome: HandRecorded | HandFixed
) -> None:
    """The hand just stored ended the game: send its chart."""
    if outcome.ended:
        ended = replace(outcome.record, game=outcome.game, state=GameState.FINISHED)
        await send_final_chart(message, context, ended)


async def reply_with_command(message: Message, text: str, command: str) -> Message:
    """Reply with ``text``, in which ``command`` is marked as code: a tap on it copies it."""
    start = text.rindex(command)
    offset = len(text[:start].encode("utf-16-le")) // 2  # Telegram counts UTF-16 units
    length = len(command.encode("utf-16-le")) // 2
    entity = MessageEntity(MessageEntity.CODE, offset, length)
    return await message.reply_text(text, entities=[entity])


def closed_text(closed: GameClosed) -> str:
    """A game just closed by /fine: its final standings, and how to reopen it."""
    record = closed.record
    hint = "" if record.tournament_id is not None else texts.game.reopen_hint()
    return (
        texts.game.game_ended(record.game, texts.words.table_label(record))
        + after(closed.progress)
        + hint
    )


def closed_buttons(record: GameRecord) -> Any:
    return None if record.tournament_id is not None else reopen_button(record.id)
