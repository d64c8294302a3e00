"""Macchiavelli's home games as ``play`` works on them: started, a deal recorded, the last
deal undone, deal N fixed, closed; each rebuilt from what storage holds (``records``). Its
tournaments are ``tournament``'s."""

from play.macchiavelli import home, tournament
from play.macchiavelli.home import (
    DealFixed,
    DealRecorded,
    DealUndone,
    MatchClosed,
    end,
    fix_deal,
    record_deal,
    rematch,
    reopen,
    start,
    undo,
)
from play.macchiavelli.records import (
    MatchRecord,
    correctable,
    correctable_in,
    home_in,
    latest,
    record_of,
    running,
    running_in,
)
from storage import StoredGame, UnitOfWork

__all__ = [
    "DealFixed",
    "DealRecorded",
    "DealUndone",
    "MatchClosed",
    "MatchRecord",
    "closed_by_move",
    "correctable",
    "correctable_in",
    "end",
    "fix_deal",
    "home_in",
    "latest",
    "record_deal",
    "record_of",
    "rematch",
    "reopen",
    "running",
    "running_in",
    "start",
    "undo",
]


async def closed_by_move(work: UnitOfWork, stored: StoredGame) -> None:
    """A game the chat's move closed, a home game's or a tournament's: its places kept."""
    if stored.tournament_id is not None:
        await tournament.closed_by_move(work, stored)
    else:
        await home.closed_by_move(work, stored)
