"""Persistence: SQLAlchemy 2 async models, queries and Alembic migrations."""

from storage.db import Database
from storage.games import (
    GameAlreadyRunning,
    GameRecord,
    GameState,
    GameStore,
    MessageAlreadyHandled,
    Stage,
    Tally,
    TournamentRunning,
)

__all__ = [
    "Database",
    "GameAlreadyRunning",
    "GameRecord",
    "GameState",
    "GameStore",
    "MessageAlreadyHandled",
    "Stage",
    "Tally",
    "TournamentRunning",
]
