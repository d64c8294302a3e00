"""Tamalo's tournaments: /torneo draws two tables; when both have ended, the final starts."""

from __future__ import annotations

from telegram import Update

from bot.context import Context
from bot.games.tamalo.parsing import parse_tournament
from bot.games.tamalo.texts import tournament as tournament_texts
from bot.handling import changes, chat_id_of, message_of, replies_to_mistakes, sender_id
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
        tournament_texts.tournament_started(
            [t.game for t in started.tables], propose_target=not new.target_given
        )
    )


def after(progress: Progress | None) -> str:
    """What a tournament's progress adds to the reply about the game that moved it on."""
    match progress:
        case TableOver(finalists):
            return tournament_texts.table_over_wait(finalists)
        case FinalStarted(final, tables):
            return tournament_texts.final_started(final, tables)
        case TournamentWon(final):
            return tournament_texts.tournament_won(final)
    return ""
