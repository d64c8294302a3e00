"""Finished games' places and the chat's all-time leaderboard, kept right as games change.

A rating depends on every game before it, so when a finished game changes (a hand fixed or
undone, the game reopened or annulled) the ratings are worked out again from that game on;
the games after it in the chat are few (usually none), so this stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, bindparam, case, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from scoring import tamalo
from storage import models

_RESULTS = cast(Table, models.GameResult.__table__)
_RATINGS = cast(Table, models.Rating.__table__)


@dataclass(frozen=True)
class LeaderboardLine:
    """A player's all-time figures in a chat."""

    player: str
    games: int
    wins: int
    rank_sum: int
    skill: tamalo.Skill

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def average_place(self) -> float:
        return self.rank_sum / self.games

    @property
    def provisional(self) -> bool:
        return self.games < tamalo.PROVISIONAL_BELOW


class Results:
    """Reads and keeps the places of finished games and the ratings, in the caller's unit of
    work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def record(
        self, chat_id: int, game_id: int, placings: Sequence[tamalo.Placing],
        player_ids: Mapping[str, int],
    ) -> None:  # fmt: skip
        """A game has finished (or finished differently): its places, then the ratings."""
        before = await self._players_of(game_id)
        if before:
            await self._delete(game_id)
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
                    "quadri": p.quadri,
                    "mu": tamalo.NEWCOMER.mu,  # set by _rerate below
                    "sigma": tamalo.NEWCOMER.sigma,
                }
                for p in placings
            ],
        )
        await self._rerate(chat_id, game_id, also=before)

    async def forget(self, chat_id: int, game_id: int) -> None:
        """A game no longer counts (reopened, annulled, deleted): its places go."""
        before = await self._players_of(game_id)
        if before:
            await self._delete(game_id)
            await self._rerate(chat_id, game_id, also=before)

    async def rerate_chat(self, chat_id: int) -> None:
        """Rate every finished game of the chat again, from the first."""
        players = await self.session.scalars(
            select(models.Player.id).where(models.Player.chat_id == chat_id)
        )
        await self._rerate(chat_id, 0, also=list(players))

    async def leaderboard(self, chat_id: int) -> list[LeaderboardLine]:
        """Everyone with a finished game in the chat, best rating first."""
        rows = await self.session.execute(
            select(models.Player.name, models.Rating)
            .join(models.Rating, models.Rating.player_id == models.Player.id)
            .where(models.Rating.chat_id == chat_id)
        )
        lines = [
            LeaderboardLine(name, r.games, r.wins, r.rank_sum, tamalo.Skill(r.mu, r.sigma))
            for name, r in rows
        ]
        return sorted(lines, key=lambda line: (-line.skill.ordinal, line.player.casefold()))

    async def _players_of(self, game_id: int) -> list[int]:
        return list(
            await self.session.scalars(
                select(models.GameResult.player_id).where(models.GameResult.game_id == game_id)
            )
        )

    async def _delete(self, game_id: int) -> None:
        await self.session.execute(
            delete(models.GameResult).where(models.GameResult.game_id == game_id)
        )

    async def _rerate(self, chat_id: int, game_id: int, also: Iterable[int] = ()) -> None:
        """Rate again the chat's finished games from ``game_id`` on, in the order they were
        started, then refresh the leaderboard lines of everyone they touch (and ``also``)."""
        later = (
            await self.session.execute(
                select(
                    models.GameResult.game_id,
                    models.GameResult.player_id,
                    models.GameResult.rank,
                )
                .join(models.Game, models.Game.id == models.GameResult.game_id)
                .where(models.Game.chat_id == chat_id, models.GameResult.game_id >= game_id)
                .order_by(models.GameResult.game_id, models.GameResult.rank)
            )
        ).all()
        players = {player for _, player, _ in later} | set(also)
        skills = await self._skills_before(game_id, players)
        by_game: dict[int, list[tuple[int, int]]] = {}
        for game, player, rank in later:
            by_game.setdefault(game, []).append((player, rank))
        changed: list[dict[str, object]] = []
        for game, ranks in by_game.items():
            after = tamalo.rate(skills, ranks)
            skills.update(after)
            changed += [
                {"g": game, "p": player, "new_mu": skill.mu, "new_sigma": skill.sigma}
                for player, skill in after.items()
            ]
        if changed:
            await self.session.execute(
                update(_RESULTS)
                .where(_RESULTS.c.game_id == bindparam("g"), _RESULTS.c.player_id == bindparam("p"))
                .values(mu=bindparam("new_mu"), sigma=bindparam("new_sigma")),
                changed,
            )
        await self._refresh_lines(chat_id, players, skills)

    async def _skills_before(self, game_id: int, players: Iterable[int]) -> dict[int, tamalo.Skill]:
        """Each player's rating after their last finished game before ``game_id``."""
        players = list(players)
        if not players:
            return {}
        last = (
            select(
                models.GameResult.player_id,
                func.max(models.GameResult.game_id).label("game_id"),
            )
            .where(models.GameResult.player_id.in_(players), models.GameResult.game_id < game_id)
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
        return {player: tamalo.Skill(mu, sigma) for player, mu, sigma in rows}

    async def _refresh_lines(
        self, chat_id: int, players: Iterable[int], skills: Mapping[int, tamalo.Skill]
    ) -> None:
        """Write the leaderboard lines of ``players`` from their places; who has no finished
        game left has no line."""
        players = list(players)
        if not players:
            return
        await self.session.execute(
            delete(models.Rating).where(models.Rating.player_id.in_(players))
        )
        totals = await self.session.execute(
            select(
                models.GameResult.player_id,
                func.count(),
                func.sum(case((models.GameResult.won, 1), else_=0)),
                func.sum(models.GameResult.rank),
            )
            .where(models.GameResult.player_id.in_(players))
            .group_by(models.GameResult.player_id)
        )
        lines = [
            {
                "player_id": player,
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
