"""Tournaments: /torneo draws two tables; when both have ended, the final starts by itself."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import changes, chat_id_of, message_of, replies_to_mistakes, sender_id
from bot.context import Context
from bot.parsing import parse_tournament
from play.tamalo import tournament
from play.tamalo.tournament import FinalStarted, Progress, TableOver, TournamentWon


@replies_to_mistakes
async def start_tournament(update: Update, context: Context) -> None:
    """Draw two tables and start a game at each."""
    new = parse_tournament(context.text_args)
    async with changes(update, context) as work:
        started = await tournament.start_tournament(
            work, chat_id_of(update), new.players, new.rules, started_by=sender_id(update)
        )
    await message_of(update).reply_text(
        texts.tournament.tournament_started(
            [t.game for t in started.tables], propose_target=not new.target_given
        )
    )


def after(progress: Progress | None) -> str:
    """What a tournament's progress adds to the reply about the game that moved it on."""
    match progress:
        case TableOver(finalists):
            return texts.tournament.table_over_wait(finalists)
        case FinalStarted(final, tables):
            return texts.tournament.final_started(final, tables)
        case TournamentWon(final):
            return texts.tournament.tournament_won(final)
    return ""
