"""Persistence: SQLAlchemy 2 async models, queries and Alembic migrations."""

from storage.chats import (
    DEFAULT_TIMEZONE,
    Arrival,
    ChatSettings,
    ChatStore,
    arrival_in,
    chat_language,
    chat_on_arrival,
    chats_speaking,
    last_message_id,
    standings_passed,
)
from storage.claims import Claims, MessageAlreadyHandled
from storage.db import Database
from storage.entries import ENTRY_LIFETIME, EntryInProgress, EntryStore, StoredEntry
from storage.games import (
    Front,
    GameAlreadyRunning,
    GameCounts,
    GameStore,
    Options,
    StoredGame,
    TournamentRunning,
)
from storage.journal import UpdateJournal
from storage.mistakes import LastUndos, PendingHand, PendingHands, Undo
from storage.moves import ChatMove, move_chat
from storage.people import LinkedPlayer, People, PlayerTaken
from storage.results import LeaderboardLine, Rated, Results
from storage.schema import upgrade_schema
from storage.states import GameState, Stage
from storage.tournaments import TournamentStore
from storage.unit import UnitOfWork
from storage.votes import Vote, VoteStore

__all__ = [
    "DEFAULT_TIMEZONE",
    "ENTRY_LIFETIME",
    "Arrival",
    "ChatMove",
    "ChatSettings",
    "ChatStore",
    "Claims",
    "Database",
    "EntryInProgress",
    "EntryStore",
    "Front",
    "GameAlreadyRunning",
    "GameCounts",
    "GameState",
    "GameStore",
    "LastUndos",
    "LeaderboardLine",
    "LinkedPlayer",
    "MessageAlreadyHandled",
    "Options",
    "PendingHand",
    "PendingHands",
    "People",
    "PlayerTaken",
    "Rated",
    "Results",
    "Stage",
    "StoredEntry",
    "StoredGame",
    "TournamentRunning",
    "TournamentStore",
    "Undo",
    "UnitOfWork",
    "UpdateJournal",
    "Vote",
    "VoteStore",
    "arrival_in",
    "chat_language",
    "chat_on_arrival",
    "chats_speaking",
    "last_message_id",
    "move_chat",
    "standings_passed",
    "upgrade_schema",
]
