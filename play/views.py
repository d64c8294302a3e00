"""What the chat looks at, read in one snapshot: the standings, the figures, the charts'
data, the history to export. Nothing here changes a game; refusals say there is nothing to
show."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from play import records as kept
from play.errors import (
    GameAnnulled,
    LeaderboardEmpty,
    NoGamesTonight,
    NoGameYet,
    NoHandsToDraw,
    NoStatsFor,
)
from play.records import GameRecord
from scoring.tamalo import Rules
from scoring.tamalo.classic import ZERO_BELOW
from storage import (
    ChatOverview,
    ExportRow,
    GameState,
    LeaderboardLine,
    PlayerStats,
    UnitOfWork,
)
from storage.tamalo import TAMALO

#: A named move and how many times (``(move, times)``), the most made first.
Moves = Sequence[tuple[str, int]]


async def shown_games(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    """What the chat looks at: the running game (every table of a tournament, finished ones
    too), or else the last game played."""
    records = await kept.running_games(work, chat_id)
    if tournament := next((r.tournament_id for r in records if r.tournament_id), None):
        records = await kept.tournament_games(work, tournament)
    if not records and (latest := await kept.latest(work, chat_id)) is not None:
        records = [latest]
    if not records:
        raise NoGameYet
    if records[0].state is GameState.ANNULLED:
        raise GameAnnulled
    return records


@dataclass(frozen=True)
class Standings:
    """The games to show the standings of; the chat's standings message shown since the time
    asked about, to edit instead of sending another (``None``: none); the chat's time zone."""

    games: list[GameRecord]
    recent: int | None
    timezone: str


async def standings(work: UnitOfWork, chat_id: int, since: datetime) -> Standings:
    """/classifica: the shown games, and the standings message to edit if shown ``since``."""
    records = await shown_games(work, chat_id)
    recent = await work.chats.standings_message(chat_id, since)
    return Standings(records, recent, (await work.chats.settings(chat_id)).timezone)


async def standings_shown(
    work: UnitOfWork, chat_id: int, message_id: int, at: datetime, update_id: int
) -> None:
    """The chat's standings are in message ``message_id``, sent or edited ``at`` in answer to
    ``update_id``: the next /classifica may edit it."""
    await work.chats.keep_standings_message(chat_id, message_id, at, update_id)


async def leaderboard(work: UnitOfWork, chat_id: int) -> list[LeaderboardLine]:
    """The chat's all-time leaderboard of the game it plays (its last game's kind; Tamalo
    before any game); refused while no game of that kind has finished."""
    latest = await work.games.latest(chat_id)
    lines = await work.results.leaderboard(chat_id, TAMALO if latest is None else latest.kind)
    if not lines:
        raise LeaderboardEmpty
    return lines


async def ladders(work: UnitOfWork, chat_id: int) -> list[tuple[str, list[LeaderboardLine]]]:
    """Every all-time ladder of the chat, one per kind of game it finished a game of: the
    game it plays first (its last game's kind), then the others; refused while none has."""
    latest = await work.games.latest(chat_id)
    first = TAMALO if latest is None else latest.kind
    kinds = sorted(await work.results.kinds(chat_id), key=lambda kind: kind != first)
    found = [(kind, await work.results.leaderboard(chat_id, kind)) for kind in kinds]
    if not (shown := [(kind, lines) for kind, lines in found if lines]):
        raise LeaderboardEmpty
    return shown


@dataclass(frozen=True)
class ChatStats:
    """The chat's figures, its time zone, and its hall of fame (``(move, player, times)``)."""

    overview: ChatOverview
    timezone: str
    champions: Sequence[tuple[str, str, int]]

    @property
    def played(self) -> bool:
        """Whether anything was ever played in the chat."""
        overview = self.overview
        return bool(overview.finished or overview.hands or overview.annulled)


async def chat_stats(work: UnitOfWork, chat_id: int) -> ChatStats:
    overview = await work.stats.overview(chat_id)
    timezone = (await work.chats.settings(chat_id)).timezone
    return ChatStats(overview, timezone, await work.moves.champions(chat_id))


@dataclass(frozen=True)
class PlayerFigures:
    """A player's figures in a chat, and the named moves they made."""

    stats: PlayerStats
    moves: Moves


async def player_stats(work: UnitOfWork, chat_id: int, name: str) -> PlayerFigures:
    """The figures of the chat's player ``name``; refused if nobody has that name."""
    player = await work.stats.player(chat_id, name, low=ZERO_BELOW)
    if player is None:
        raise NoStatsFor(name, tuple(await work.stats.players(chat_id)))
    return PlayerFigures(player, await work.moves.of_player(player.player_id))


@dataclass(frozen=True)
class OwnFigures:
    """A person's figures in one group where they said who they are (``/sonoio``)."""

    title: str | None
    figures: PlayerFigures


async def own_stats(work: UnitOfWork, user_id: int) -> list[OwnFigures]:
    """The person's figures, group by group, in the order they said who they are there."""
    return [
        OwnFigures(group.title, PlayerFigures(player, await work.moves.of_player(player.player_id)))
        for group in await work.people.players_of(user_id)
        if (player := await work.stats.player(group.chat_id, group.player, low=ZERO_BELOW))
    ]


@dataclass(frozen=True)
class History:
    """The chat's history to export: its time zone, each game's late joiners (game → player →
    (hands played before they sat down, total they entered at)), and every player's line of
    every hand in batches (read while the unit of work lasts)."""

    timezone: str
    late_entries: dict[int, dict[str, tuple[int, int]]]
    rows: AsyncIterator[Sequence[ExportRow]]


async def history(work: UnitOfWork, chat_id: int) -> History:
    timezone = (await work.chats.settings(chat_id)).timezone
    entries = await kept.late_entries(work, chat_id)
    return History(timezone, entries, work.stats.export(chat_id))


@dataclass(frozen=True)
class Look:
    """How the chat's charts look: the time zone of their dates, and each player's colour."""

    timezone: str
    colours: dict[str, int]


async def look(work: UnitOfWork, chat_id: int) -> Look:
    settings = await work.chats.settings(chat_id)
    return Look(settings.timezone, await work.chats.colours(chat_id))


async def to_draw(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    """/grafico: the shown games that have a hand to draw."""
    drawn = [record for record in await shown_games(work, chat_id) if record.game.hands]
    if not drawn:
        raise NoHandsToDraw
    return drawn


async def night(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime, *, others: int = 0
) -> list[GameRecord]:
    """/serata: the Tamalo games started between ``start`` and ``end`` (the night); refused
    if none, and no game of another kind either (``others``: how many the night had)."""
    records = await kept.started_between(work, chat_id, start, end)
    if not records and not others:
        raise NoGamesTonight
    return records


async def rules(work: UnitOfWork, chat_id: int) -> Rules | None:
    """The rules of the game the chat is playing, if one is running."""
    records = await kept.running_games(work, chat_id)
    return records[0].game.rules if records else None
