"""What a finished game leaves behind for the all-time leaderboard: each player's final place,
and a multiplayer skill rating (OpenSkill's Plackett–Luce model) updated from those places."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

#: Fewer finished games than this and a rating is still a guess.
PROVISIONAL_BELOW = 3

Key = TypeVar("Key", bound=Hashable)


@cache
def _model() -> PlackettLuce:
    """OpenSkill's model, imported at the first game rated, not at the bot's start."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """A rating: ``mu`` the estimated skill, ``sigma`` how unsure it still is."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative figure the leaderboard ranks by: ``mu − 3σ`` (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


#: A player never rated: OpenSkill's own starting skill (25, 25/3).
NEWCOMER = Skill(25.0, 25.0 / 3)


def rate(before: Mapping[Key, Skill], ranks: Sequence[tuple[Key, int]]) -> dict[Key, Skill]:
    """The skills after one game, from each player's skill before it (a newcomer if absent)
    and their final rank (lower is better, equal ranks drew)."""
    if len(ranks) < 2:
        return {key: before.get(key, NEWCOMER) for key, _ in ranks}
    teams = [
        [_model().rating(mu=skill.mu, sigma=skill.sigma)]
        for skill in (before.get(key, NEWCOMER) for key, _ in ranks)
    ]
    rated = _model().rate(teams, ranks=[float(rank) for _, rank in ranks])
    return {
        key: Skill(team[0].mu, team[0].sigma) for (key, _), team in zip(ranks, rated, strict=True)
    }
