"""A chat's database for the play tests: migrated by the project's own migrations, changed
through units of work as the bot changes it, games set up through the stores."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from play.tamalo import records
from play.tamalo.rebuild import lines_of
from play.tamalo.records import GameRecord
from scoring import tamalo
from scoring.tamalo import Hand, Report, Rules
from storage import Database, Stage, UnitOfWork

CHAT = -100


@asynccontextmanager
async def unit(db: Database) -> AsyncIterator[UnitOfWork]:
    """One unit of work, committed when the block ends, rolled back if it raises."""
    async with db.transaction() as session:
        yield UnitOfWork(session)


def hand(**totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()))


async def start(
    work: UnitOfWork,
    players: Sequence[str],
    *hands: Hand,
    chat_id: int = CHAT,
    started_by: int | None = None,
    sent_by: int | None = None,
    tournament_id: int | None = None,
    stage: Stage | None = None,
    rules: Rules | None = None,
) -> GameRecord:
    """A running game with ``hands`` played, each sent by ``sent_by``."""
    record = await records.start(
        work,
        chat_id,
        players,
        rules or Rules(),
        started_by=started_by,
        tournament_id=tournament_id,
        stage=stage,
    )
    game: tamalo.Game = record.game
    for h in hands:
        game = game.with_hand(h)
        dealer = record.game.dealer_of(len(game.hands))
        await work.games.add_hand(record.stored, lines_of(game.hands[-1]), dealer, None, sent_by)
        record = await records.get(work, record.id) or record
    return record
