"""Finished games' places and the chat's all-time leaderboards (one per kind of game), as
stored. The ratings are worked out by ``play`` (``play.results``) and kept here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from sqlalchemy import Table, bindparam, case, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from scoring.ratings import NEWCOMER, PROVISIONAL_BELOW, Skill
from storage import models
from storage.db import run

_RESULTS = cast(Table, models.GameResult.__table__)
_RATINGS = cast(Table, models.Rating.__table__)
_PLAYERS = cast(Table, models.Player.__table__)
# The chat's leaderboard lines, of every kind or of one: built once, each one trip to
# aiosqlite's thread (``storage.db.run``).
_BOARDS = (
    select(
        _RATINGS.c.kind,
        _PLAYERS.c.name,
        _RATINGS.c.games,
        _RATINGS.c.wins,
        _RATINGS.c.rank_sum,
        _RATINGS.c.mu,
        _RATINGS.c.sigma,
    )
    .join(_PLAYERS, _PLAYERS.c.id == _RATINGS.c.player_id)
    .where(_RATINGS.c.chat_id == bindparam("chat"))
)
_BOARD = _BOARDS.where(_RATINGS.c.kind == bindparam("kind"))


class Placed(Protocol):
    """A player's place at the end of a game, as ``play`` worked it out."""

    @property
    def player(self) -> str: ...
    @property
    def rank(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def won(self) -> bool: ...


@dataclass(frozen=True)
class LeaderboardLine:
    """A player's all-time figures in a chat, at one game."""

    player: str
    games: int
    wins: int
    rank_sum: int
    skill: Skill

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def average_place(self) -> float:
        return self.rank_sum / self.games

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_BELOW


@dataclass(frozen=True)
class Rated:
    """A player's rating after a game."""

    game_id: int
    player_id: int
    skill: Skill


class Results:
    """Reads and keeps the places of finished games and the ratings, in the caller's unit of
    work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def record(
        self,
        game_id: int,
        placings: Sequence[Placed],
        player_ids: Mapping[str, int],
        quadri: Mapping[str, int | None] | None = None,
    ) -> list[int]:
        """A game has finished (or finished differently): its places (with the quadri each
        won, in 4 Quadri), replacing any it had (whose players are returned). Their ratings
        are to be worked out again."""
        before = await self.forget(game_id)
        connection = await self.session.connection()
        await connection.execute(
            insert(_RESULTS),
            [
                {
                    "game_id": game_id,
                    "player_id": player_ids[p.player],
                    "rank": p.rank,
                    "total": p.total,
                    "won": p.won,
                    "quadri": (quadri or {}).get(p.player),
                    "mu": NEWCOMER.mu,  # rated next
                    "sigma": NEWCOMER.sigma,
                }
                for p in placings
            ],
        )
        return before

    async def forget(self, game_id: int) -> list[int]:
        """A game no longer counts (reopened, annulled, deleted): its places go; returns who
        had one."""
        before = list(
            await self.session.scalars(
                select(models.GameResult.player_id).where(models.GameResult.game_id == game_id)
            )
        )
        if before:
            await self.session.execute(
                delete(models.GameResult).where(models.GameResult.game_id == game_id)
            )
        return before

    async def players(self, chat_id: int) -> list[int]:
        return list(
            await self.session.scalars(
                select(models.Player.id).where(models.Player.chat_id == chat_id)
            )
        )

    async def kinds(self, chat_id: int) -> list[str]:
        """The kinds of game the chat has a finished game of."""
        return list(
            await self.session.scalars(
                select(models.Game.kind)
                .where(models.Game.chat_id == chat_id)
                .distinct()
                .order_by(models.Game.kind)
            )
        )

    async def places_from(
        self, chat_id: int, kind: str, game_id: int
    ) -> list[tuple[int, int, int]]:
        """The places of the chat's finished games of ``kind`` from ``game_id`` on, in the
        order they were started: (game, player, rank), best first."""
        rows = await self.session.execute(
            select(models.GameResult.game_id, models.GameResult.player_id, models.GameResult.rank)
            .join(models.Game, models.Game.id == models.GameResult.game_id)
            .where(
                models.Game.chat_id == chat_id,
                models.Game.kind == kind,
                models.GameResult.game_id >= game_id,
            )
            .order_by(models.GameResult.game_id, models.GameResult.rank)
        )
        return [(game, player, rank) for game, player, rank in rows]

    async def skills_before(
        self, kind: str, game_id: int, players: Iterable[int]
    ) -> dict[int, Skill]:
        """Each player's rating after their last finished game of ``kind`` before
        ``game_id``."""
        players = list(players)
        if not players:
            return {}
        last = (
            select(
                models.GameResult.player_id,
                func.max(models.GameResult.game_id).label("game_id"),
            )
            .join(models.Game, models.Game.id == models.GameResult.game_id)
            .where(
                models.GameResult.player_id.in_(players),
                models.GameResult.game_id < game_id,
                models.Game.kind == kind,
            )
            .group_by(models.GameResult.player_id)
            .subquery()
        )
        rows = await self.session.execute(
            select(models.GameResult.player_id, models.GameResult.mu, models.GameResult.sigma).join(
                last,
                (last.c.player_id == models.GameResult.player_id)
                & (last.c.game_id == models.GameResult.game_id),
            )
        )
        return {player: Skill(mu, sigma) for player, mu, sigma in rows}

    async def keep_ratings(self, rated: Sequence[Rated]) -> None:
        """Each player's rating after each game, as worked out."""
        if rated:
            await self.session.execute(
                update(_RESULTS)
                .where(_RESULTS.c.game_id == bindparam("g"), _RESULTS.c.player_id == bindparam("p"))
                .values(mu=bindparam("new_mu"), sigma=bindparam("new_sigma")),
                [
                    {
                        "g": r.game_id,
                        "p": r.player_id,
                        "new_mu": r.skill.mu,
                        "new_sigma": r.skill.sigma,
                    }
                    for r in rated
                ],
            )

    async def refresh_lines(
        self, chat_id: int, kind: str, players: Iterable[int], skills: Mapping[int, Skill]
    ) -> None:
        """Write the leaderboard lines of ``players`` at ``kind`` from their places; who has
        no finished game of it left has no line."""
        players = list(players)
        if not players:
            return
        await self.session.execute(
            delete(models.Rating).where(
                models.Rating.player_id.in_(players), models.Rating.kind == kind
            )
        )
        totals = await self.session.execute(
            select(
                models.GameResult.player_id,
                func.count(),
                func.sum(case((models.GameResult.won, 1), else_=0)),
                func.sum(models.GameResult.rank),
            )
            .join(models.Game, models.Game.id == models.GameResult.game_id)
            .where(models.GameResult.player_id.in_(players), models.Game.kind == kind)
            .group_by(models.GameResult.player_id)
        )
        lines = [
            {
                "player_id": player,
                "kind": kind,
                "chat_id": chat_id,
                "games": games,
                "wins": wins,
                "rank_sum": rank_sum,
                "mu": skills[player].mu,
                "sigma": skills[player].sigma,
            }
            for player, games, wins, rank_sum in totals
        ]
        if lines:
            await self.session.execute(insert(_RATINGS), lines)

    async def leaderboard(self, chat_id: int, kind: str) -> list[LeaderboardLine]:
        """Everyone with a finished game of ``kind`` in the chat, best rating first."""
        return (await self.leaderboards(chat_id, kind)).get(kind, [])

    async def leaderboards(
        self, chat_id: int, kind: str | None = None
    ) -> dict[str, list[LeaderboardLine]]:
        """The chat's leaderboard of every game kind it finished a game of (of ``kind`` only
        if given), in one read: each kind's lines, best rating first."""
        connection = await self.session.connection()
        if kind is None:
            rows = await run(connection, _BOARDS, {"chat": chat_id})
        else:
            rows = await run(connection, _BOARD, {"chat": chat_id, "kind": kind})
        boards: dict[str, list[LeaderboardLine]] = {}
        for kind_of, name, games, wins, rank_sum, mu, sigma in rows:
            line = LeaderboardLine(name, games, wins, rank_sum, Skill(mu, sigma))
            boards.setdefault(kind_of, []).append(line)
        for lines in boards.values():
            lines.sort(key=lambda line: (-line.skill.ordinal, line.player.casefold()))
        return boards
