"""What a finished game leaves behind for the all-time leaderboard: each player's final place,
and a multiplayer skill rating (OpenSkill's Plackett–Luce model) updated from those places."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce

from scoring.game import Game

#: Fewer finished games than this and a rating is still a guess.
PROVISIONAL_BELOW = 3

_MODEL = PlackettLuce()

Key = TypeVar("Key", bound=Hashable)


@dataclass(frozen=True)
class Placing:
    """A player's place at the end of a game: 1 is best, equal places share a rank."""

    player: str
    rank: int
    total: int
    won: bool
    #: Quadri won, in 4 Quadri only.
    quadri: int | None = None


def placings(game: Game) -> tuple[Placing, ...]:
    """Everyone who played, best first. Reading: a player who left (``/esci``) is not ranked
    for the win, so for the leaderboard they share the place after everyone who stayed. A
    player who played no hand (joined, or left, before any) did not play the game: no place."""
    winners = set(game.winners())
    totals = game.totals()
    played = {report.player for scored in game.hands for report in scored.hand.reports}
    ranked = [
        Placing(s.player, s.rank, s.total, s.player in winners, s.quadri)
        for s in game.standings()
        if s.player in played
    ]
    won = game.quadri_won() if game.rules.quadri else {}
    last = len(ranked) + 1
    left = [
        Placing(p, last, totals[p], False, won.get(p))
        for p in game.players
        if p not in game.ranked and p in played
    ]
    return (*ranked, *left)


@dataclass(frozen=True)
class Skill:
    """A rating: ``mu`` the estimated skill, ``sigma`` how unsure it still is."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative figure the leaderboard ranks by: ``mu − 3σ`` (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


NEWCOMER = Skill(_MODEL.mu, _MODEL.sigma)


def rate(before: Mapping[Key, Skill], ranks: Sequence[tuple[Key, int]]) -> dict[Key, Skill]:
    """The skills after one game, from each player's skill before it (a newcomer if absent)
    and their final rank (lower is better, equal ranks drew)."""
    if len(ranks) < 2:
        return {key: before.get(key, NEWCOMER) for key, _ in ranks}
    teams = [
        [_MODEL.rating(mu=skill.mu, sigma=skill.sigma)]
        for skill in (before.get(key, NEWCOMER) for key, _ in ranks)
    ]
    rated = _MODEL.rate(teams, ranks=[float(rank) for _, rank in ranks])
    return {
        key: Skill(team[0].mu, team[0].sigma) for (key, _), team in zip(ranks, rated, strict=True)
    }
