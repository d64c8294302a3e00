"""Macchiavelli's home games as ``play`` works on them: started, a deal recorded, the last
deal undone, deal N fixed, closed; each rebuilt from what storage holds (``records``)."""

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
    TournamentInFront,
    correctable,
    latest,
    record_of,
    running,
    running_at_home,
)

__all__ = [
    "DealFixed",
    "DealRecorded",
    "DealUndone",
    "MatchClosed",
    "MatchRecord",
    "TournamentInFront",
    "correctable",
    "end",
    "fix_deal",
    "latest",
    "record_deal",
    "record_of",
    "rematch",
    "reopen",
    "running",
    "running_at_home",
    "start",
    "undo",
]
