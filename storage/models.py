"""Tables: enough to recompute any game from its hands. The tables of the bot's delivery
(the inbox, the outbox, the messages handled) are ``storage.delivery_tables``'s, and the
live scoreboard's links ``storage.boards``'s; both are named here too. Every table derives
from ``storage.base.Base``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from storage.base import NAMING, Base, utcnow
from storage.boards import BoardEntry, BoardToken
from storage.delivery_tables import (
    HandledMessage,
    InboxLease,
    OutboxLease,
    OutboxMessage,
    ReceivedUpdate,
)

__all__ = [
    "NAMING",
    "Base",
    "BoardEntry",
    "BoardToken",
    "HandledMessage",
    "InboxLease",
    "OutboxLease",
    "OutboxMessage",
    "ReceivedUpdate",
    "utcnow",
]


class Chat(Base):
    """A Telegram chat; every game and player belongs to one."""

    __tablename__ = "chats"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The group's name when last seen, to tell a person's groups apart in private.
    title: Mapped[str | None] = mapped_column(String(128))
    #: IANA time zone for "tonight" and the dates shown; empty means the default (Rome).
    timezone: Mapped[str | None] = mapped_column(String(64))
    #: Only the group's admins may undo, fix, close or annul (``/impostazioni admin=sì``).
    admins_only: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The language the bot speaks in the chat (``/lingua en``); empty means the default.
    language: Mapped[str | None] = mapped_column(String(8))
    #: Each hand's reply says who is likely to win (``/impostazioni previsione=no``: it does not).
    forecast: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class StandingsMessage(Base):
    """The bot's standings message in a chat while it is the last thing the bot said there:
    a /classifica soon after edits it instead of adding another message. Any later answer
    removes it (what the chat's screen shows, not a setting: a refused command removes it
    too, since its answer comes after)."""

    __tablename__ = "standings_messages"

    chat_id: Mapped[int] = mapped_column(
        ForeignKey("chats.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    message_id: Mapped[int] = mapped_column(BigInteger)
    shown_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The update it answered: the one answer that leaves it the last.
    update_id: Mapped[int | None] = mapped_column(BigInteger)


class Player(Base):
    """A name in a chat: matched case-insensitively, shown as first typed."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("chat_id", "name_key"),
        # A person is one player of a chat (``/sonoio``); players without Telegram have none.
        UniqueConstraint("chat_id", "user_id"),
        Index("ix_players_user_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32))
    #: The Telegram user who said "/sonoio" this name, if anyone did.
    user_id: Mapped[int | None] = mapped_column(BigInteger)


#: The partial unique indexes, each with its condition: SQLite's is named with the index, and
#: PostgreSQL's once a PostgreSQL schema is upgraded (``on_postgresql``). Named here, it
#: would import SQLAlchemy's PostgreSQL dialect at every start, on SQLite too (issue 35).
_PARTIAL: list[tuple[Index, str]] = []


def _running_only(name: str, condition: str) -> Index:
    """A unique index of ``chat_id`` over the rows that meet ``condition`` (the running)."""
    index = Index(name, "chat_id", unique=True, sqlite_where=text(condition))
    _PARTIAL.append((index, condition))
    return index


def on_postgresql() -> None:
    """Name the partial indexes' conditions for PostgreSQL too (its dialect is loaded)."""
    for index, condition in _PARTIAL:
        index.dialect_kwargs["postgresql_where"] = text(condition)


class Tournament(Base):
    """Two tables then a final, in one chat; its games point to it."""

    __tablename__ = "tournaments"
    __table_args__ = (_running_only("uq_tournaments_running_per_chat", "state = 'running'"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"))
    state: Mapped[str] = mapped_column(String(16))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Game(Base):
    """One game of any kind: its kind, its own options, its state, and its seats and hands."""

    __tablename__ = "games"
    __table_args__ = (
        # At most one running game per chat outside tournaments, whatever the number of bot
        # processes; a tournament has one game per stage.
        _running_only("uq_games_running_per_chat", "state = 'running' AND tournament_id IS NULL"),
        Index("ix_games_chat_id_id", "chat_id", "id"),
        # A chat's games of one kind, in order: each game's own figures (0020).
        Index("ix_games_chat_id_kind_id", "chat_id", "kind", "id"),
        Index("ix_games_chat_id_started_at", "chat_id", "started_at"),
        UniqueConstraint("tournament_id", "stage"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"))
    # Seat position of who deals the first hand; the deal then rotates clockwise.
    first_dealer: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    state: Mapped[str] = mapped_column(String(16))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE")
    )
    # In a tournament: "1" or "2" for the tables, "finale" for the final.
    stage: Mapped[str | None] = mapped_column(String(8))
    #: The Telegram user who started it (the phone at the table), if known.
    started_by: Mapped[int | None] = mapped_column(BigInteger)
    #: Which game it is (``tamalo``, ``macchiavelli``, ``tago``): every layer has a module
    #: per kind.
    kind: Mapped[str] = mapped_column(String(16), default="tamalo", server_default="tamalo")
    #: The game's own options as JSON (its rules, as its own storage module writes them).
    options: Mapped[str | None] = mapped_column(Text)
    #: The game's own grouping of its history, if it has one (Tamalo's scoring mode): the
    #: games its statistics and forecast count together.
    variant: Mapped[str | None] = mapped_column(String(32))
    #: Its seats and hands as one JSON text (``storage.games``: ``snapshot_text``), written in
    #: the same transaction as every change to them, so that a game loads in one statement;
    #: empty (or of an older format) means "read the seats and hands themselves".
    snapshot: Mapped[str | None] = mapped_column(Text)

    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.position", cascade="all, delete-orphan", lazy="raise"
    )
    hands: Mapped[list[HandRow]] = relationship(
        order_by="HandRow.number", cascade="all, delete-orphan", lazy="raise"
    )


class Seat(Base):
    """A player at a game, in seat order; late joiners take the next position."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    # Hands already played when the player sat down: they play from the next one on.
    joined_after: Mapped[int] = mapped_column(Integer, default=0)
    #: When a late joiner (/entra) sat down; empty for the seats the game started with.
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Hands already played when the player left (/esci): they play none after.
    left_after: Mapped[int | None] = mapped_column(Integer)
    # Seats the game had when the player left: a late joiner at a later position sat down
    # after the leave, and does not enter at the leaver's total.
    left_before_seat: Mapped[int | None] = mapped_column(Integer)

    player: Mapped[Player] = relationship(lazy="raise")


class HandRow(Base):
    """One recorded hand; ``message_id`` is the chat message it came from."""

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        Index("ix_hands_message_id", "message_id"),  # an edited /mano finds its hand
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    #: The Telegram user who sent it (typed, or entered with the buttons), if known.
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The deal's own detail as JSON, for a game whose deals its lines do not hold whole.
    detail: Mapped[str | None] = mapped_column(Text)

    results: Mapped[list[HandResult]] = relationship(cascade="all, delete-orphan", lazy="raise")


class HandResult(Base):
    """A player's line in a hand, as every game has one: the figure reported, the game's own
    flags for it (what each bit means is the game's: ``storage.<game>``), and the points it
    scored."""

    __tablename__ = "hand_results"
    # Statistics read a player's lines: keep them together with what they add up.
    __table_args__ = (Index("ix_hand_results_player_id_hand_id", "player_id", "hand_id"),)

    hand_id: Mapped[int] = mapped_column(
        ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    value: Mapped[int] = mapped_column(Integer)
    flags: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    points: Mapped[int] = mapped_column(Integer)

    player: Mapped[Player] = relationship(lazy="raise")


class HandEntry(Base):
    """A hand being entered with buttons (``/mano`` alone): one at a time per game. ``state``
    is the entry as JSON (``bot.keypad.Entry``); ``message_id`` the bot's message it edits."""

    __tablename__ = "hand_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    user_name: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(Text)
    #: The last press: an entry left alone for a while expires.
    touched_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LastUndo(Base):
    """The chat's latest ``/annulla``: another sent before its reply could be seen, by someone
    else, was meant for the same hand and removes nothing."""

    __tablename__ = "last_undos"

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    #: The hand it removed.
    number: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    undone_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The bot's reply, once sent: a message with a higher id was sent after it appeared.
    reply_id: Mapped[int | None] = mapped_column(BigInteger)


class PendingHand(Base):
    """A typed hand equal to the one just recorded, waiting for a button to say whether it
    really is a new hand."""

    __tablename__ = "pending_hands"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    chat_id: Mapped[int] = mapped_column(BigInteger)
    #: The /mano message: the hand is recorded as coming from it.
    message_id: Mapped[int] = mapped_column(BigInteger)
    #: The hand number it would be: another hand recorded meanwhile makes the question stale.
    number: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NamedMove(Base):
    """A named move (``/mossa coppiona Anna``) a player made: their hall of fame."""

    __tablename__ = "named_moves"
    __table_args__ = (Index("ix_named_moves_player_id_move", "player_id", "move"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat_id: Mapped[int] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    #: The move's key (``bot.games.tamalo.lore.MOVES``), such as ``coppiona``.
    move: Mapped[str] = mapped_column(String(32))
    #: The game being played when it was recorded, if any.
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Vote(Base):
    """A tres-sex vote to annul a game; ``outcome`` stays empty while it is open."""

    __tablename__ = "votes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    outcome: Mapped[str | None] = mapped_column(String(16))
    #: The Telegram user who opened it (the phone at the table), who marks who agrees.
    opened_by: Mapped[int | None] = mapped_column(BigInteger)


class Agreement(Base):
    """A player of the game agrees to annul it: marked by who opened the vote, or by the
    player themselves (``/sonoio``). No row: they do not agree (or not yet)."""

    __tablename__ = "agreements"

    vote_id: Mapped[int] = mapped_column(
        ForeignKey("votes.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    marked_by: Mapped[int] = mapped_column(BigInteger)
    marked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameResult(Base):
    """A finished game's final place of each player, and their rating after it.

    Written when a game ends and rewritten when a finished game changes; annulled and
    running games have none. The all-time figures are read from here, never from hands.
    """

    __tablename__ = "game_results"
    __table_args__ = (Index("ix_game_results_player_id_game_id", "player_id", "game_id"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    rank: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    quadri: Mapped[int | None] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class Rating(Base):
    """A player's all-time line of the chat's leaderboard of one game, kept up to date from
    ``game_results`` so that reading the leaderboard costs one row per player."""

    __tablename__ = "ratings"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    #: The game's kind: each game has its own ladder.
    kind: Mapped[str] = mapped_column(String(16), primary_key=True, server_default="tamalo")
    chat_id: Mapped[int] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"), index=True)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    #: Sum of the final places, for the average place.
    rank_sum: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
