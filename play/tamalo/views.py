"""What the chat looks at, read in one snapshot: the standings, the figures, the charts'
data, the history to export. Nothing here changes a game; refusals say there is nothing to
show."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from play.errors import GameAnnulled, NoGameYet, NoHandsToDraw
from play.tamalo import records as kept
from play.tamalo.records import GameRecord
from scoring.tamalo import Rules
from scoring.tamalo.classic import ZERO_BELOW
from storage import Front, GameState, UnitOfWork
from storage.tamalo.named import NamedMoves
from storage.tamalo.stats import ChatOverview, ExportRow, PlayerStats, StatsStore

#: A named move and how many times (``(move, times)``), the most made first.
Moves = Sequence[tuple[str, int]]


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
    overview = await work.store(StatsStore).overview(chat_id)
    timezone = (await work.chats.settings(chat_id)).timezone
    return ChatStats(overview, timezone, await work.store(NamedMoves).champions(chat_id))


@dataclass(frozen=True)
class PlayerFigures:
    """A player's figures in a chat, and the named moves they made."""

    stats: PlayerStats
    moves: Moves


async def player_figures(work: UnitOfWork, chat_id: int, name: str) -> PlayerFigures | None:
    """The Tamalo figures of the chat's player ``name``; ``None`` if nobody has that name,
    or she never played Tamalo here (no game, no hand, no named move)."""
    player = await work.store(StatsStore).player(chat_id, name, low=ZERO_BELOW)
    if player is None:
        return None
    moves = await work.store(NamedMoves).of_player(player.player_id)
    if not (player.games or player.hands or player.quadri or moves):
        return None
    return PlayerFigures(player, moves)


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
    return History(timezone, entries, work.store(StatsStore).export(chat_id))


async def night(work: UnitOfWork, chat_id: int, start: datetime, end: datetime) -> list[GameRecord]:
    """/serata: the Tamalo games started between ``start`` and ``end`` (the night)."""
    return await kept.started_between(work, chat_id, start, end)


async def rules(work: UnitOfWork, chat_id: int) -> Rules | None:
    """The rules of the game the chat is playing, if one is running."""
    records = await kept.running_games(work, chat_id)
    return records[0].game.rules if records else None


async def shown_games(work: UnitOfWork, front: Front) -> list[GameRecord]:
    """What the chat looks at, from its games as found: the running game (every table of a
    tournament, finished ones too), or else the last game played."""
    records = kept.running_in(front)
    if tournament := next((r.tournament_id for r in records if r.tournament_id), None):
        records = await kept.tournament_games(work, tournament)
    if not records and (latest := kept.latest_in(front)) is not None:
        records = [latest]
    if not records:
        raise NoGameYet
    if records[0].state is GameState.ANNULLED:
        raise GameAnnulled
    return records


async def to_draw(work: UnitOfWork, front: Front) -> list[GameRecord]:
    """/grafico, /previsione: the shown games that have a hand to draw."""
    drawn = [record for record in await shown_games(work, front) if record.game.hands]
    if not drawn:
        raise NoHandsToDraw
    return drawn
