"""Persistence: SQLAlchemy 2 async models, queries and Alembic migrations."""

from storage.chats import DEFAULT_TIMEZONE, ChatSettings, ChatStore
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
from storage.moves import move_chat
from storage.results import LeaderboardLine, Results
from storage.stats import ChatOverview, ExportRow, HandFigures, PlayerStats, Rivalry, StatsStore

__all__ = [
    "DEFAULT_TIMEZONE",
    "ChatOverview",
    "ChatSettings",
    "ChatStore",
    "Database",
    "ExportRow",
    "GameAlreadyRunning",
    "GameRecord",
    "GameState",
    "GameStore",
    "HandFigures",
    "LeaderboardLine",
    "MessageAlreadyHandled",
    "PlayerStats",
    "Results",
    "Rivalry",
    "Stage",
    "StatsStore",
    "Tally",
    "TournamentRunning",
    "move_chat",
]
