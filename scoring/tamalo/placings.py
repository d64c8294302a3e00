"""A finished Tamalo game's places, for the all-time leaderboard (``scoring.ratings``)."""

from __future__ import annotations

from dataclasses import dataclass

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
