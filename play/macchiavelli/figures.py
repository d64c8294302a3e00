"""A chat's Macchiavelli home games as figures: a player's (``/stats Nome``), every deal's
lines with each player's running total (``/esporta``), and the game ``/grafico`` draws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from play.macchiavelli.records import MatchRecord, latest
from storage import UnitOfWork
from storage.macchiavelli import detail_of
from storage.macchiavelli.figures import HomeFigures, HomeFiguresStore


@dataclass(frozen=True)
class ExportLine:
    """A player's line of a deal, and their total in that game after it."""

    game: int
    started_at: datetime
    state: str
    deal: int
    dealer: str
    player: str
    closed: bool
    cards: str  # as typed (``K,A,7``); empty where a total was typed
    points: int
    total: int


def _store(work: UnitOfWork) -> HomeFiguresStore:
    return HomeFiguresStore(work.session)


async def player_figures(work: UnitOfWork, chat_id: int, name: str) -> HomeFigures | None:
    """``name``'s home games in the chat; ``None`` if they never played one."""
    return await _store(work).player(chat_id, name)


async def export_lines(work: UnitOfWork, chat_id: int) -> Sequence[ExportLine]:
    """Every line of every deal of the chat's home games, in the order played."""
    lines: list[ExportLine] = []
    totals: dict[str, int] = {}
    game, deal, cards = None, None, {}
    for row in await _store(work).lines(chat_id):
        if row.game != game:
            game, totals = row.game, {}
        if (row.game, row.deal) != deal:
            deal, cards = (row.game, row.deal), detail_of(row.detail)
        totals[row.player] = totals.get(row.player, 0) + row.points
        lines.append(
            ExportLine(
                row.game,
                row.started_at,
                row.state,
                row.deal,
                row.dealer or "",
                row.player,
                row.closed,
                cards.get(row.player, ""),
                row.points,
                totals[row.player],
            )
        )
    return lines


async def to_draw(work: UnitOfWork, chat_id: int) -> MatchRecord | None:
    """``/grafico``: the chat's running home game, or its last one (another game's:
    ``OtherGame``)."""
    return await latest(work, chat_id)
