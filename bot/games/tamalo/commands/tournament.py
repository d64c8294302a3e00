"""Tamalo's tournaments: /torneo draws two tables; when both have ended, the final starts."""

from __future__ import annotations

from bot.games.tamalo.parsing import parse_tournament
from bot.games.tamalo.texts import tournament as tournament_texts
from bot.table import Reply, Turn
from play.tamalo import tournament
from play.tamalo.tournament import FinalStarted, Progress, TableOver, TournamentWon


async def start_tournament(turn: Turn) -> Reply:
    """``/torneo Anna Bruno …``: draw two tables and start a game at each."""
    new = parse_tournament(turn.text)
    started = await tournament.start_tournament(
        turn.work, turn.chat_id, new.players, new.rules, started_by=turn.sender
    )
    return turn.say(
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
