"""The chat's games as ``play`` works on them: each stored game with the game it makes.
Tamalo is the only game stored so far, so its records are every game's (``play.tamalo.
records``); a second game's records join here, by ``StoredGame.kind``."""

from play.tamalo.records import (
    GameRecord,
    get,
    late_entries,
    latest,
    lower_target,
    record_of,
    running,
    running_games,
    seat,
    start,
    started_between,
    tournament_games,
    unseat,
)

__all__ = [
    "GameRecord",
    "get",
    "late_entries",
    "latest",
    "lower_target",
    "record_of",
    "running",
    "running_games",
    "seat",
    "start",
    "started_between",
    "tournament_games",
    "unseat",
]
