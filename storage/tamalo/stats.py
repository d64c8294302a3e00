"""Statistics of a chat, counted by the database: aggregates over indexed columns, so that a
chat with a hundred thousand hands answers as quickly as one with a hundred.

Game figures (games, wins, places, streaks, rivals) count finished games, read from
``game_results``; hand figures count every hand of games that are not annulled, the running
game included.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, case, distinct, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import QueryableAttribute, aliased

from storage import models
from storage.players import find_player
from storage.states import GameState
from storage.tamalo.hands import CALLER, COUNTER, OUT, TAMALO, WON


def _count(condition: ColumnElement[bool] | QueryableAttribute[bool]) -> ColumnElement[int]:
    """How many rows meet ``condition`` (booleans do not add up on every database)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def _flagged(flags: Any, bits: int, *, both: bool = False) -> ColumnElement[bool]:
    """The line has ``bits`` among its flags: any of them (``both``: all of them)."""
    found = flags.op("&")(bits)
    flagged: ColumnElement[bool] = found == bits if both else found != 0
    return flagged


def _tamalo(game_id: QueryableAttribute[int], chat_id: int) -> ColumnElement[bool]:
    """The game is Tamalo's: a player's Tamalo figures count no other game's places (each
    game adds its own panel to ``/stats Nome``, ``bot.table.Game.player_stats``).
    Read as "none of the chat's other games" (by ``ix_games_chat_id_id``): few or none."""
    games = models.Game
    return game_id.not_in(select(games.id).where(games.chat_id == chat_id, games.kind != TAMALO))


@dataclass(frozen=True)
class HandFigures:
    """A player's hands in one scoring mode (classic points and ControTamalo points do not
    mix)."""

    mode: str
    hands: int
    average: float
    best: int
    worst: int
    under_five: int
    calls: int
    calls_won: int
    counters: int
    counters_won: int


@dataclass(frozen=True)
class Rivalry:
    """Finished games ``player`` and ``opponent`` both played: who placed ahead how often."""

    opponent: str
    ahead: int
    behind: int


@dataclass(frozen=True)
class PlayerStats:
    player: str
    games: int
    wins: int
    rank_sum: int
    quadri: int
    current_streak: int
    longest_streak: int
    hands: tuple[HandFigures, ...]
    rivalries: tuple[Rivalry, ...]
    player_id: int

    @property
    def rival(self) -> Rivalry | None:
        """Who placed ahead of the player most often."""
        best = max(self.rivalries, key=lambda r: (r.behind, -r.ahead), default=None)
        return best if best is not None and best.behind else None

    @property
    def victim(self) -> Rivalry | None:
        """Whom the player placed ahead of most often."""
        best = max(self.rivalries, key=lambda r: (r.ahead, -r.behind), default=None)
        return best if best is not None and best.ahead else None


@dataclass(frozen=True)
class ChatOverview:
    finished: int
    annulled: int
    hands: int
    players: int
    last_game: datetime | None
    last_winners: tuple[str, ...]


class ExportRow(NamedTuple):
    """One player's line of one hand, as the CSV export writes it."""

    game: int
    started_at: datetime
    mode: str
    quadri: bool
    stage: str | None
    state: str
    hand: int
    dealer: str | None
    player: str
    total: int
    tamalo: bool
    controtamalo: bool
    out: bool
    call_won: bool | None
    points: int


class StatsStore:
    """Read-only figures of a chat."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def players(self, chat_id: int) -> list[str]:
        """Every name ever used in the chat, in the order they first appeared."""
        names = await self.session.scalars(
            select(models.Player.name)
            .where(models.Player.chat_id == chat_id)
            .order_by(models.Player.id)
        )
        return list(names)

    async def player(self, chat_id: int, name: str, *, low: int) -> PlayerStats | None:
        """Everything about one player of the chat; ``None`` if nobody has that name."""
        player = await find_player(self.session, chat_id, name)
        if player is None:
            return None
        results = models.GameResult
        games, wins, rank_sum, quadri = (
            await self.session.execute(
                select(
                    func.count(),
                    _count(results.won),
                    func.coalesce(func.sum(results.rank), 0),
                    func.coalesce(func.sum(results.quadri), 0),
                ).where(results.player_id == player.id, _tamalo(results.game_id, chat_id))
            )
        ).one()
        current, longest = await self._streaks(player.id, chat_id)
        return PlayerStats(
            player=player.name,
            games=games,
            wins=wins,
            rank_sum=rank_sum,
            quadri=quadri or 0,
            current_streak=current,
            longest_streak=longest,
            hands=await self._hands(player.id, low),
            rivalries=await self._rivalries(player.id, chat_id),
            player_id=player.id,
        )

    async def _streaks(self, player_id: int, chat_id: int) -> tuple[int, int]:
        """Wins in a row: the run still going, and the longest (games in the order played)."""
        results = models.GameResult
        last_loss = (
            select(func.coalesce(func.max(results.game_id), 0))
            .where(results.player_id == player_id, ~results.won, _tamalo(results.game_id, chat_id))
            .scalar_subquery()
        )
        current = await self.session.scalar(
            select(func.count()).where(
                results.player_id == player_id,
                results.won,
                results.game_id > last_loss,
                _tamalo(results.game_id, chat_id),
            )
        )
        # Gaps and islands: along the games, a run of wins keeps this difference constant.
        ordered = (
            select(
                results.won,
                (
                    func.row_number().over(order_by=results.game_id)
                    - func.row_number().over(partition_by=results.won, order_by=results.game_id)
                ).label("run"),
            )
            .where(results.player_id == player_id, _tamalo(results.game_id, chat_id))
            .subquery()
        )
        runs = (
            select(func.count().label("length"))
            .where(ordered.c.won)
            .group_by(ordered.c.run)
            .subquery()
        )
        longest = await self.session.scalar(select(func.coalesce(func.max(runs.c.length), 0)))
        return current or 0, longest or 0

    async def _hands(self, player_id: int, low: int) -> tuple[HandFigures, ...]:
        """Each Tamalo mode's hand figures; ``under_five`` counts the totals below ``low`` (Tamalo's
        zero: ``scoring.tamalo.classic.ZERO_BELOW``)."""
        line, hand, game = models.HandResult, models.HandRow, models.Game
        rows = await self.session.execute(
            select(
                game.variant,
                func.count(),
                func.avg(line.points),
                func.min(line.points),
                func.max(line.points),
                _count(line.value < low),
                _count(_flagged(line.flags, CALLER)),
                _count(_flagged(line.flags, CALLER | WON, both=True)),
                _count(_flagged(line.flags, COUNTER)),
                _count(_flagged(line.flags, COUNTER | WON, both=True)),
            )
            .join(hand, hand.id == line.hand_id)
            .join(game, game.id == hand.game_id)
            .where(
                line.player_id == player_id,
                game.state != GameState.ANNULLED,
                game.kind == TAMALO,  # another game's deals are not Tamalo's hands
            )
            .group_by(game.variant)
            .order_by(game.variant)
        )
        return tuple(
            HandFigures(mode, hands, float(average), *rest) for mode, hands, average, *rest in rows
        )

    async def _rivalries(self, player_id: int, chat_id: int) -> tuple[Rivalry, ...]:
        me, other = aliased(models.GameResult), aliased(models.GameResult)
        rows = await self.session.execute(
            select(
                models.Player.name,
                _count(me.rank < other.rank),
                _count(me.rank > other.rank),
            )
            .select_from(me)
            .join(other, (other.game_id == me.game_id) & (other.player_id != me.player_id))
            .join(models.Player, models.Player.id == other.player_id)
            .where(me.player_id == player_id, _tamalo(me.game_id, chat_id))
            .group_by(models.Player.id, models.Player.name)
            .order_by(models.Player.id)
        )
        return tuple(Rivalry(name, ahead, behind) for name, ahead, behind in rows)

    async def overview(self, chat_id: int) -> ChatOverview:
        """The chat's Tamalo at a glance (its games alone: every game has its own panel)."""
        game, hand, results = models.Game, models.HandRow, models.GameResult
        tamalo = (game.chat_id == chat_id, game.kind == TAMALO)
        # Finished games are those with places: a game closed before its first hand has none.
        finished, last = (
            await self.session.execute(
                select(func.count(distinct(results.game_id)), func.max(results.game_id))
                .join(game, game.id == results.game_id)
                .where(*tamalo)
            )
        ).one()
        annulled = await self.session.scalar(
            select(func.count()).where(*tamalo, game.state == GameState.ANNULLED)
        )
        hands = await self.session.scalar(
            select(func.count())
            .select_from(hand)
            .join(game, game.id == hand.game_id)
            .where(*tamalo, game.state != GameState.ANNULLED)
        )
        players = await self.session.scalar(
            select(func.count()).where(
                models.Rating.chat_id == chat_id, models.Rating.kind == TAMALO
            )
        )
        last_game: datetime | None = None
        winners: tuple[str, ...] = ()
        if last is not None:
            last_game = await self.session.scalar(select(game.started_at).where(game.id == last))
            winners = tuple(
                await self.session.scalars(
                    select(models.Player.name)
                    .join(models.GameResult, models.GameResult.player_id == models.Player.id)
                    .where(models.GameResult.game_id == last, models.GameResult.won)
                    .order_by(models.Player.id)
                )
            )
        return ChatOverview(finished, annulled or 0, hands or 0, players or 0, last_game, winners)

    async def export(self, chat_id: int, batch: int = 2000) -> AsyncIterator[Sequence[ExportRow]]:
        """Every line of every hand of the chat, in order, ``batch`` rows at a time."""
        game, hand, line = models.Game, models.HandRow, models.HandResult
        player, dealer = aliased(models.Player), aliased(models.Player)
        result = await self.session.stream(
            select(
                game.id,
                game.started_at,
                game.variant,
                game.options,
                game.stage,
                game.state,
                hand.number,
                dealer.name,
                player.name,
                line.value,
                line.flags,
                line.points,
            )
            .select_from(line)
            .join(hand, hand.id == line.hand_id)
            .join(game, game.id == hand.game_id)
            .join(player, player.id == line.player_id)
            .outerjoin(dealer, dealer.id == hand.dealer_id)
            .where(game.chat_id == chat_id, game.kind == TAMALO)  # another game's: its own
            .order_by(game.id, hand.number, line.position)
        )
        quadri: dict[str | None, bool] = {}
        async for rows in result.partitions(batch):
            found = []
            for game_id, started, mode, options, stage, state, number, *rest in rows:
                dealt, name, total, flags, points = rest
                if options not in quadri:
                    quadri[options] = bool(json.loads(options or "{}").get("quadri", False))
                called = bool(flags & (CALLER | COUNTER))
                marks = bool(flags & CALLER), bool(flags & COUNTER), bool(flags & OUT)
                won = bool(flags & WON) if called else None
                row = (game_id, started, mode or "", quadri[options], stage, state, number)
                found.append(ExportRow(*row, dealt, name, total, *marks, won, points))
            yield found
