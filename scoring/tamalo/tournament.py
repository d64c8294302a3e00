"""Tournaments (RULES.md, "Tournament"): two tables drawn at random, then the final."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.tamalo.errors import TournamentTooSmall
from scoring.tamalo.game import Game

MIN_PLAYERS = 6
#: How many of each table go to the final.
FINALISTS_PER_TABLE = 2


def draw_tables(
    players: Sequence[str], rng: random.Random
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Shuffle the players into two tables as even as can be (the first gets the odd one)."""
    if len(players) < MIN_PLAYERS:
        raise TournamentTooSmall(len(players), MIN_PLAYERS)
    shuffled = list(players)
    rng.shuffle(shuffled)
    half = (len(shuffled) + 1) // 2
    return tuple(shuffled[:half]), tuple(shuffled[half:])


def finalists(table: Game) -> tuple[str, ...]:
    """The best two of a table by its standings. Reading: a tie at the cut takes every player
    level with the second into the final, rather than drawing lots."""
    return tuple(s.player for s in table.standings() if s.rank <= FINALISTS_PER_TABLE)
