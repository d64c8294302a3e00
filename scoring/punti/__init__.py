"""A points game's pure rules (docs/commands-punti.md): points per round for each side (a
player or a team), a target (highest or lowest wins) or a fixed number of rounds, a tie for
the win played on unless the group shares it. No I/O; it imports nothing of the other games,
only ``scoring.errors`` and ``scoring.match``."""

from scoring.punti.errors import (
    GameOver,
    MissingSides,
    NoSuchRound,
    NotPlaying,
    PlayerTwice,
    TooFewSides,
)
from scoring.punti.match import Match, Side, Standing
from scoring.punti.rules import DEFAULT_TARGET, Rules

__all__ = [
    "DEFAULT_TARGET",
    "GameOver",
    "Match",
    "MissingSides",
    "NoSuchRound",
    "NotPlaying",
    "PlayerTwice",
    "Rules",
    "Side",
    "Standing",
    "TooFewSides",
]
