"""A night's figures per player, from the games played in it (for ``/serata``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.tamalo.game import Game
from scoring.tamalo.model import Mode


@dataclass(frozen=True)
class NightFigures:
    """Per player: games won, every hand's points, and Tamalo calls as (made, won).
    ControTamalo hands are kept apart from classic ones: their points are not on one scale."""

    wins: Mapping[str, int]
    hand_points: Mapping[str, Sequence[int]]
    calls: Mapping[str, tuple[int, int]]
    contro_points: Mapping[str, Sequence[int]] = field(default_factory=dict)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone with a number tonight."""
        everyone = [*self.wins, *self.hand_points, *self.contro_points, *self.calls]
        return tuple(dict.fromkeys(everyone))

    def is_empty(self) -> bool:
        """No game won, no hand played, no call made."""
        return not (
            any(self.wins.values())
            or any(self.hand_points.values())
            or any(self.contro_points.values())
            or any(made for made, _ in self.calls.values())
        )


def night_figures(games: Iterable[tuple[Game, bool]]) -> NightFigures:
    """The figures of ``(game, finished)`` pairs: only a finished game has winners."""
    wins: dict[str, int] = {}
    classic: dict[str, list[int]] = {}
    contro: dict[str, list[int]] = {}
    calls: dict[str, tuple[int, int]] = {}
    for game, finished in games:
        points = contro if game.rules.mode is Mode.CONTRO else classic
        played = {player for scored in game.hands for player in scored.points}
        for player in game.players:
            if player in played or player in game.ranked:  # not who sat down and left at once
                wins.setdefault(player, 0)
                points.setdefault(player, [])
        if finished:
            for winner in game.winners():
                wins[winner] += 1
        for scored in game.hands:
            for player, scored_points in scored.points.items():
                points[player].append(scored_points)
            if (caller := scored.hand.caller) is not None:
                made, won = calls.get(caller, (0, 0))
                calls[caller] = (made + 1, won + bool(scored.call_won))
    return NightFigures(wins, classic, calls, contro)
