"""Chi vince? A points game's forecast: each side's chance to win from here, by playing the
rest of the game many times over.

Each player's round points are modelled as normal around their own mean, with a spread shared
by the group (the chat's past rounds of the same named game, and this game's so far); a
player's mean is the group's moved towards their own average by how much their rounds show
(``scoring.shrinkage``: players who differ only by chance stay close to alike). A team scores
its players' means together (their average: each line of a team holds the team's points).
Every run draws each side's true mean from what is still unknown of it, then its rounds,
until the game's rules end it (a tie for the win played on, or shared). Pure: seeded, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from scoring.punti.match import Match
from scoring.shrinkage import Floats, shrink

#: Runs of the rest of the game a forecast plays.
RUNS = 2000
#: Rounds a run plays at most before its leader is taken to win (a target that points going
#: nowhere would never reach).
MOST_ROUNDS = 400
#: How far the group's players usually differ in their mean round points, as a share of a
#: round's spread (the prior of ``scoring.shrinkage``).
SCALE = 0.5

#: The prior of a round's spread: worth this many rounds, ...
PRIOR_ROUNDS = 3
#: ... its standard deviation this share of a round's usual points.
PRIOR_SHARE = 0.6

#: Each player's past round points (in the chat's other games of the same name).
History = Mapping[str, Sequence[int]]


@dataclass(frozen=True)
class Model:
    """Per side (seat order): the estimate of its mean round points and what is unknown of it,
    and the spread of a round's points around a side's mean."""

    means: tuple[float, ...]
    unknown: tuple[float, ...]
    spread: float


def model_of(match: Match, history: History) -> Model | None:
    """The model of ``match``'s sides from ``history`` and the game's own rounds; ``None``
    when nothing yet says how much a round is worth (two round points at least)."""
    rounds: dict[str, list[int]] = {player: list(history.get(player, ())) for player in
                                     {*history, *match.players}}  # fmt: skip
    for points in match.rounds:
        for side in match.sides:
            if side.name in points:
                for member in side.members:
                    rounds[member].append(points[side.name])
    every = [value for values in rounds.values() for value in values]
    if len(every) < 2:
        return None
    within = max(_within(rounds.values(), every), 1.0)  # a point either way at least
    players = sorted(rounds)
    means = np.array([np.mean(rounds[p]) if rounds[p] else 0.0 for p in players])
    counts = np.array([len(rounds[p]) for p in players], dtype=np.float64)
    estimates = shrink(means, counts, within, SCALE * float(np.sqrt(within)))
    centre = float(np.mean(every))
    own = {
        p: (centre + estimates.weight[i] * (means[i] - centre), float(estimates.spread[i]))
        for i, p in enumerate(players)
    }
    side_means, side_unknown = [], []
    for side in match.sides:
        side_means.append(float(np.mean([own[m][0] for m in side.members])))
        side_unknown.append(float(np.mean([own[m][1] for m in side.members])))
    return Model(tuple(side_means), tuple(side_unknown), float(np.sqrt(within)))


def _within(groups: Iterable[Sequence[int]], every: Sequence[int]) -> float:
    """The variance of a player's round points around their own mean, pooled, with a prior
    worth ``PRIOR_ROUNDS`` rounds: a spread ``PRIOR_SHARE`` of a round's usual size (a few
    rounds alone say little of it: two rounds of 6 and 5 are not a game of ±1)."""
    squares, freedom = 0.0, 0
    for values in groups:
        if len(values) > 1:
            squares += float(np.sum((np.asarray(values) - np.mean(values)) ** 2))
            freedom += len(values) - 1
    if freedom == 0:  # no player's second round yet: how the sides' rounds differ
        squares, freedom = float(np.var(every)) * len(every), len(every) - 1
    prior = (PRIOR_SHARE * float(np.mean(np.abs(every)))) ** 2
    return (squares + PRIOR_ROUNDS * prior) / (freedom + PRIOR_ROUNDS)


def chances(match: Match, history: History, *, seed: int = 0, runs: int = RUNS) -> dict[str, float]:
    """Each side still in (by name) and its chance to win, best first; empty when the game is
    over or nothing says yet what a round is worth."""
    if match.is_over():
        return {}
    model = model_of(match, history)
    if model is None:
        return {}
    contenders = [i for i, side in enumerate(match.sides) if side.left_after is None]
    wins = _simulate(match, model, contenders, np.random.default_rng(seed), runs)
    names = [match.sides[i].name for i in contenders]
    found = {name: float(w) / runs for name, w in zip(names, wins, strict=True)}
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def _simulate(
    match: Match, model: Model, contenders: list[int], rng: np.random.Generator, runs: int
) -> Floats:
    rules = match.rules
    totals0 = match.side_totals()
    totals = np.tile([float(totals0[match.sides[i].name]) for i in contenders], (runs, 1))
    means = np.array([model.means[i] for i in contenders])
    unknown = np.array([model.unknown[i] for i in contenders])
    true = means + unknown * rng.standard_normal((runs, len(contenders)))
    sign = -1.0 if rules.lowest else 1.0
    wins = np.zeros(len(contenders))
    live = np.ones(runs, dtype=bool)
    played = len(match.rounds)
    for _ in range(MOST_ROUNDS):
        played += 1
        drawn = true[live] + model.spread * rng.standard_normal((int(live.sum()), len(contenders)))
        totals[live] += np.rint(drawn)
        ended = np.zeros(runs, dtype=bool)
        if rules.rounds is not None and played >= rules.rounds:
            ended |= live
        if rules.target is not None:
            ended |= live & (totals >= rules.target).any(axis=1)
        best = (sign * totals).max(axis=1, keepdims=True)
        leaders = sign * totals == best
        alone = leaders.sum(axis=1) == 1
        done = ended & (alone | rules.shared)
        wins += (leaders[done] / leaders[done].sum(axis=1, keepdims=True)).sum(axis=0)
        live &= ~done
        if not live.any():
            return np.asarray(wins, dtype=np.float64)
    # Runs that never ended: their leaders share the win.
    best = (sign * totals[live]).max(axis=1, keepdims=True)
    leaders = sign * totals[live] == best
    shared = (leaders / leaders.sum(axis=1, keepdims=True)).sum(axis=0)
    return np.asarray(wins + shared, dtype=np.float64)
