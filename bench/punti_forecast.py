"""The points game's Chi vince? over a group's whole life, as ``bench.macchiavelli_forecast``
does Macchiavelli's: generated groups from their first game of a named points game to their
30th, each game forecast after every round as the bot would (from the group's earlier games
of that name only), every forecast scored in the bucket of the group's history at the time:
no past game, 1–2, 3–9, 10 or more.

The games come from a known process: each player has a mean of round points (the groups
whose players differ: up to a third either side of the game's usual; the others all alike)
and scores around it round by round (a spread of about half a round's usual, negative points
where the game has them); a team scores its two players' points together. The engine
(``scoring.punti.Match``) ends the games, ties played on. Three games: a Scopa in pairs to 11,
a game to 100 of three or four players, five rounds where the lowest wins.

Per bucket: the Brier score against "everyone equal" and "the current leader wins" (level
leaders share), the calibration error (at most 0.05), and the calls above 90%. Then the cost
of one forecast, four players mid-game with a 30-game history.
``python -m bench.punti_forecast`` runs it alone.
"""

from __future__ import annotations

import asyncio
import random
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from bench.common import Figure, median
from bench.forecast_life import (
    BINS,
    BUCKETS,
    CALIBRATION_LIMIT,
    Bucket,
    _sure_figure,
    bucket_of,
    calibration_error,
)
from scoring.punti import Match, Rules
from scoring.punti.forecast import chances

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
LIFE = 30


@dataclass(frozen=True)
class Kind:
    """A game the groups play: its rules, a round's usual points and spread, its sides."""

    rules: Rules
    usual: float
    spread: float
    pairs: bool = False


SCOPA = Kind(Rules(target=11), 3.0, 2.0, pairs=True)
TO_100 = Kind(Rules(target=100), 15.0, 10.0)
FIVE_LOW = Kind(Rules(target=None, rounds=5, lowest=True), 10.0, 8.0)
#: The groups, per game: how many (half with players who differ).
MIX = ((SCOPA, 24), (TO_100, 24), (FIVE_LOW, 24))
QUICK_MIX = ((TO_100, 2),)


@dataclass(frozen=True)
class Group:
    means: dict[str, float]
    differ: bool
    kind: Kind


def groups(mix: Sequence[tuple[Kind, int]] = MIX, seed: int = 37) -> list[Group]:
    rng = random.Random(seed)
    made: list[Group] = []
    for kind, count in mix:
        for n in range(count):
            shares = [rng.uniform(-1 / 3, 1 / 3) for _ in NAMES]
            if n % 2:
                shares = [0.0] * len(NAMES)
            means = {name: kind.usual * (1 + s) for name, s in zip(NAMES, shares, strict=True)}
            made.append(Group(means, n % 2 == 0, kind))
    return made


def play_round(rng: random.Random, group: Group, match: Match) -> dict[str, int]:
    """A round of ``match``: each side's points, its players' draws together."""
    kind, points = group.kind, {}
    for side in match.sides:
        drawn = sum(rng.gauss(group.means[m], kind.spread) for m in side.members)
        points[side.name] = round(drawn)
    return points


def group_life(group: Group, games: int, seed: int) -> list[Match]:
    """The group's first ``games`` games: two pairs, or three or four players."""
    rng = random.Random(seed)
    life: list[Match] = []
    for _ in range(games):
        if group.kind.pairs:
            seated = rng.sample(NAMES, 4)
            sides = [seated[:2], seated[2:]]
        else:
            sides = [[name] for name in rng.sample(NAMES, rng.randint(3, 4))]
        match = Match.start(sides, group.kind.rules)
        while not match.is_over():
            match = match.with_round(play_round(rng, group, match))
        life.append(match)
    return life


def history_of(games: Sequence[Match]) -> dict[str, list[int]]:
    """Each player's round points in ``games``, as the chat's lines hold them."""
    points: dict[str, list[int]] = {}
    for game in games:
        for played in game.rounds:
            for side in game.sides:
                for member in side.members:
                    points.setdefault(member, []).append(played[side.name])
    return points


def add(bucket: Bucket, state: Match, found: dict[str, float], outcome: np.ndarray) -> None:
    """One forecast into ``bucket`` (``bench.forecast_life.Bucket``), beside both baselines."""
    sides = [side.name for side in state.sides]
    leaders = {side.name for side in state.leaders()}
    given = {
        "forecast": np.array([found[s] for s in sides]),
        "uniform": np.full(len(sides), 1 / len(sides)),
        "leader": np.array([(s in leaders) / len(leaders) for s in sides]),
    }
    for way, values in given.items():
        bucket.brier[way].append(float(((values - outcome) ** 2).sum()))
        bucket.pairs[way] += zip(values.tolist(), outcome.tolist(), strict=True)
    bucket.games_of += [bucket.games] * len(sides)


def backtest(chosen: Sequence[Group], games: int) -> dict[str, Bucket]:
    """The ``chosen`` groups' first ``games`` games, forecast after every round but the
    last (the bot's line under each round of a game still running)."""
    buckets = {name: Bucket() for _, name in BUCKETS}
    for number, group in enumerate(chosen):
        life = group_life(group, games, seed=number)
        for past, game in enumerate(life):
            history = history_of(life[:past])
            bucket = buckets[bucket_of(past)]
            winners = {side.name for side in game.leaders()}
            outcome = np.array([(s.name in winners) / len(winners) for s in game.sides])
            for played in range(1, len(game.rounds)):
                state = replace(game, rounds=game.rounds[:played])
                seed = zlib.crc32(repr((number, past, played)).encode())
                found = chances(state, history, seed=seed)
                if found:
                    add(bucket, state, found, outcome)
            bucket.games += 1
    return buckets


def figures(buckets: dict[str, Bucket], chosen: Sequence[Group]) -> list[Figure]:
    rows: list[Figure] = []
    for name, bucket in buckets.items():
        if not bucket.brier["forecast"]:
            continue
        brier = {way: float(np.mean(values)) for way, values in bucket.brier.items()}
        error = {way: calibration_error(pairs) for way, pairs in bucket.pairs.items()}
        best = min(("uniform", "leader"), key=brier.__getitem__)
        count = len(bucket.brier["forecast"])
        rows += [
            Figure(
                f"Points life, {name}: Brier",
                brier["forecast"],
                "",
                f"best baseline ({best})",
                brier[best],
                1.0,
                strict=True,
                note=f"{bucket.games} games, {count} forecasts; forecast {brier['forecast']:.4f}"
                f", uniform {brier['uniform']:.4f}, leader {brier['leader']:.4f}",
                details={way: round(value, 4) for way, value in brier.items()},
            ),
            Figure(
                f"Points life, {name}: calibration error",
                error["forecast"],
                "",
                "leader baseline's",
                error["leader"],
                CALIBRATION_LIMIT,
                absolute=True,
                note=f"{BINS} bins, {len(bucket.pairs['forecast'])} chances; uniform "
                f"{error['uniform']:.4f}, leader {error['leader']:.4f}",
                details={way: round(value, 4) for way, value in error.items()},
            ),
            replace(
                _sure_figure(name, bucket), name=f"Points life, {name}: calls above 90%, shortfall"
            ),
        ]
    differ = sum(g.differ for g in chosen)
    rows[0] = replace(
        rows[0], note=f"{rows[0].note}; {len(chosen)} groups, {differ} with players who differ"
    )
    return rows


def cost(quick: bool) -> Figure:
    """One forecast of four players three rounds into a game to 100, with a 30-game history,
    beside the engine replaying the same game's rounds."""
    group = groups(((TO_100, 1),))[0]
    life = group_life(group, LIFE, seed=7)
    history = history_of(life)
    rng = random.Random(3)
    match = Match.start([[name] for name in NAMES[:4]], TO_100.rules)
    for _ in range(3):
        match = match.with_round(play_round(rng, group, match))
    rounds = 20 if quick else 200
    spent, engine = [], []
    for seed in range(rounds):
        began = time.perf_counter()
        chances(match, history, seed=seed)
        spent.append(time.perf_counter() - began)
        began = time.perf_counter()
        again = Match.start([[name] for name in NAMES[:4]], TO_100.rules)
        for played in match.rounds:
            again = again.with_round(played)
        engine.append(time.perf_counter() - began)
    return Figure(
        "Points forecast, 4 players mid-game",
        median(spent) * 1000,
        "ms",
        "the engine replaying the game",
        median(engine) * 1000,
        limit=25.0,
        absolute=True,
        note=f"median of {rounds} forecasts (2000 runs, a game to 100)",
    )


async def measure(quick: bool = False) -> list[Figure]:
    chosen = groups(QUICK_MIX if quick else MIX)
    buckets = backtest(chosen, 12 if quick else LIFE)
    return [*figures(buckets, chosen), cost(quick)]


if __name__ == "__main__":
    for row in asyncio.run(measure()):
        print(f"{row.name}: {row.value:.4g} ({row.reference_name} {row.reference:.4g}), target")
        print(f"  {row.target}: {row.verdict}; {row.note}")
