"""Chi vince? A home game's live forecast: the rest of the game played many times over with
the engine's own end (``simulate``), each player drawing deals like the ones they played in
this group (``model``).

``forecast`` is a pure function of the match, the group's history and a seed: the same three
give the same numbers. It does no I/O and holds nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from scoring.macchiavelli.cards import deck_points
from scoring.macchiavelli.forecast.history import DealHistory
from scoring.macchiavelli.forecast.model import Floats, deal_model
from scoring.macchiavelli.forecast.simulate import expected_deals, simulate
from scoring.macchiavelli.home import HomeRules, Match

#: Runs of the rest of the game: a probability's noise is at most ±1.6 points (one sigma).
RUNS = 1000
#: Deals a forecast may draw per seat: a long game left (a target far off) gets fewer runs,
#: down to ``FEWEST_RUNS``, so that its cost stays near a short game's.
DEAL_BUDGET = RUNS * 15
FEWEST_RUNS = 250
#: Runs before the first deal, when the chances are the players' habits alone, often nearly
#: equal, and the runs' own noise would be most of what is said: ±0.7 points.
START_RUNS = RUNS * 4


@dataclass(frozen=True)
class Forecast:
    """Each player's chance to win (a tie shares the win: the chances add up to 1), best
    placed first; the chance that the next deal ends the game; the deals still to play, on
    average. A finished game is certain."""

    win: Mapping[str, float]
    ends_next: float
    deals_left: float
    runs: int

    def favourites(self) -> tuple[tuple[str, float], ...]:
        """Players and chances, most likely winner first (standings order on ties)."""
        return tuple(sorted(self.win.items(), key=lambda item: -item[1]))


def has_end(rules: HomeRules) -> bool:
    """Whether a game has an end to forecast: a number of deals, a target or the single
    game; a game closed by hand alone has none."""
    return rules.deals_in_game is not None or rules.target is not None


def forecast(
    match: Match, history: DealHistory | None = None, *, seed: int = 0, runs: int | None = None
) -> Forecast:
    """Who is likely to win ``match``, from the group's ``history``; ``runs`` by default as
    many as ``DEAL_BUDGET`` affords, between ``FEWEST_RUNS`` and ``RUNS`` (``START_RUNS``
    before the first deal)."""
    if not has_end(match.rules):
        raise ValueError("a game without an end (no deals, no target) has no forecast")
    if match.is_over():
        return _settled(match)
    model = deal_model(
        match.players, history or DealHistory(), match.deals, jokers=match.rules.jokers
    )
    if runs is None:
        affordable = DEAL_BUDGET / max(expected_deals(match, model), 1.0)
        runs = START_RUNS if not match.deals else int(min(RUNS, max(FEWEST_RUNS, affordable)))
    ended = simulate(match, model, runs, seed)
    low = ended.totals.min(axis=0)
    winners = ended.totals == low
    shares = (winners / winners.sum(axis=0)).mean(axis=1)
    win = _hedged(shares, runs, match, contenders(match))
    played = len(match.deals)
    return Forecast(
        win={s.player: float(win[match.players.index(s.player)]) for s in match.standings()},
        ends_next=float(np.mean(ended.ended_after == played + 1)),
        deals_left=float(np.mean(ended.ended_after - played)),
        runs=runs,
    )


def contenders(match: Match) -> tuple[str, ...]:
    """Who can still win (alone or level) by the rules, in seat order. A deal closes a gap
    by at most the most a count may be (every card of the two decks: ``cards.deck_points``),
    the player closing and the other taking that much; so a player further behind someone
    than that many times the deals left is out, and with deals left to play anyone else is
    in. A target only ends a game sooner, and who it leaves out depends on who closes what:
    it counts nobody out (a chance kept that the rules may already have taken is a chance
    shown above 0%, never a certainty the rules do not give). A finished game: its winners."""
    if match.is_over():
        return match.winners()
    limit = match.rules.deals_in_game
    if limit is None:
        return match.players
    reach = deck_points(jokers=match.rules.jokers) * (limit - len(match.deals))
    lowest = min(match.totals().values())
    return tuple(p for p, total in match.totals().items() if total - lowest <= reach)


def _hedged(shares: Floats, runs: int, match: Match, possible: tuple[str, ...]) -> Floats:
    """Each seat's share of the runs, as a chance: one run more, shared by who can still win
    by the rules (a Dirichlet prior's weight of one run). A thousand runs all won are a chance
    above 99.9%, never a certainty; only who is out of it by the rules is at 0, and only the
    last one in it at 100%."""
    prior = np.array([p in possible for p in match.players], dtype=np.float64)
    prior /= max(len(possible), 1)
    return np.asarray((shares * runs + prior) / (runs + 1), dtype=np.float64)


def _settled(match: Match) -> Forecast:
    winners = match.winners()
    share = 1 / len(winners)
    return Forecast(
        win={s.player: share if s.player in winners else 0.0 for s in match.standings()},
        ends_next=0.0,
        deals_left=0.0,
        runs=0,
    )
