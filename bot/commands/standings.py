"""Looking up scores: /classifica, and /classifica generale for the all-time leaderboard."""

from __future__ import annotations

from telegram import Update

from bot import texts
from bot.commands.common import chat_id_of, message_of, replies_to_mistakes
from bot.commands.stats import show_leaderboard
from bot.context import Context
from bot.parsing import UserError, parse_standings
from storage import GameRecord, GameState, GameStore


async def shown_games(games: GameStore, chat_id: int) -> list[GameRecord]:
    """What the chat looks at: the running game (every table of a tournament, finished ones
    too), or else the last game played."""
    records = await games.running_games(chat_id)
    if tournament := next((r.tournament_id for r in records if r.tournament_id), None):
        records = await games.tournament_games(tournament)
    if not records and (latest := await games.latest(chat_id)) is not None:
        records = [latest]
    if not records:
        raise UserError(texts.NO_GAME_YET)
    if records[0].state is GameState.ANNULLED:
        raise UserError(texts.ANNULLED_GAME)
    return records


@replies_to_mistakes
async def show_standings(update: Update, context: Context) -> None:
    """Standings of the running game (every table, at a tournament), or of the last one."""
    if parse_standings(context.text_args):
        await show_leaderboard(update, context)
        return
    async with context.db.reading() as session:
        records = await shown_games(GameStore(session), chat_id_of(update))
    await message_of(update).reply_text(
        "\n\n".join(
            texts.standings(r.game, running=r.running, label=texts.table_label(r)) for r in records
        )
    )
