"""A finished Tamalo game's places, for the all-time leaderboard (``scoring.ratings``): the
places every game has (``scoring.match.places``), with who left last and the quadri won."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.match import places
from scoring.tamalo.game import Game


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
    totals = game.totals()
    played = {report.player for scored in game.hands for report in scored.hand.reports}
    won = game.quadri_won() if game.rules.quadri else {}
    ranked = [
        Placing(p.player, p.rank, p.total, p.won, won.get(p.player))
        for p in places(game)
        if p.player in played
    ]
    last = len(ranked) + 1
    left = [
        Placing(p, last, totals[p], False, won.get(p))
        for p in game.players
        if p not in game.ranked and p in played
    ]
    return (*ranked, *left)
