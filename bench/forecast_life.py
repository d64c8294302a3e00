"""Chi vince? over a group's whole life: generated groups (``bench.forecast_games.groups``),
from their first game to their 30th, each game forecast before every hand as the bot would
(from the group's earlier games only, with the bot's own number of runs), and every
forecast scored in the bucket of the group's history at the time: no past game, 1–2, 3–9,
10 or more. More groups (``newcomers``) play their first game only, for the first bucket: a
group's first game is where the forecast knows least, and 18 games judge it by luck.

Per bucket: the Brier score (the squared distance between the chances and the outcome, a
shared win split) against both baselines, "everyone equal" and "the current leader wins"
(level leaders share), each of which it must beat; the calibration error (expected
calibration error over ten bins, as ``bench.forecast``) of the forecast and of both
baselines, the forecast's at most 0.05; and the calls above 90%, which must come true about
as often as they say (the shortfall within two standard errors, a game's calls taken
together).
"""

from __future__ import annotations

import math
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from bench.common import Figure
from bench.forecast_games import Group, group_life
from scoring import tamalo
from scoring.tamalo.forecast.chances import forecast
from scoring.tamalo.forecast.history import ChatHistory

#: The buckets: the fewest past games of the group in each, and its name.
BUCKETS = (
    (0, "no past game"),
    (1, "1–2 past games"),
    (3, "3–9 past games"),
    (10, "10+ past games"),
)
BINS = 10
#: A call above this is a near-certainty: it must come true as often as it says.
SURE = 0.9
CALIBRATION_LIMIT = 0.05
#: The newcomers' games are seeded from here on (the groups' own from 0).
NEWCOMERS_SEED = 1000
WAYS = ("forecast", "uniform", "leader")


def bucket_of(past_games: int) -> str:
    return [name for fewest, name in BUCKETS if past_games >= fewest][-1]


def calibration_error(pairs: list[tuple[float, float]], bins: int = BINS) -> float:
    """Expected calibration error: per tenth of the chances given, the gap between their mean
    and how often they came true, weighted by the chances in it."""
    if not pairs:
        return 0.0
    chances, outcomes = np.array(pairs).T
    which = np.minimum((chances * bins).astype(int), bins - 1)
    error = 0.0
    for b in range(bins):
        inside = which == b
        if inside.any():
            error += inside.mean() * abs(chances[inside].mean() - outcomes[inside].mean())
    return float(error)


@dataclass
class Bucket:
    """One bucket's forecasts: per way (forecast, uniform, leader) each Brier score and the
    (chance, outcome) pairs; the game each forecast pair comes from (its number in the
    bucket: a game's forecasts hang together)."""

    brier: dict[str, list[float]] = field(default_factory=lambda: {w: [] for w in WAYS})
    pairs: dict[str, list[tuple[float, float]]] = field(
        default_factory=lambda: {w: [] for w in WAYS}
    )
    games_of: list[int] = field(default_factory=list)
    games: int = 0

    def add(self, state: tamalo.Game, chances: dict[str, float], outcome: np.ndarray) -> None:
        players = state.players
        leaders = [s.player for s in state.standings() if s.rank == 1]
        given = {
            "forecast": np.array([chances[p] for p in players]),
            "uniform": np.full(len(players), 1 / len(players)),
            "leader": np.array([(p in leaders) / len(leaders) for p in players]),
        }
        for way, values in given.items():
            self.brier[way].append(float(((values - outcome) ** 2).sum()))
            self.pairs[way] += zip(values.tolist(), outcome.tolist(), strict=True)
        self.games_of += [self.games] * len(players)

    def sure_calls(self) -> tuple[int, float, float, float]:
        """The forecast's calls above ``SURE``: how many, their mean chance, how often they
        came true, and the standard error of the difference, the calls of one game taken
        together (a game's calls are no independent trials)."""
        chances, outcomes = np.array(self.pairs["forecast"]).reshape(-1, 2).T
        sure = chances > SURE
        if not sure.any():
            return 0, 0.0, 0.0, 0.0
        gap = chances[sure] - outcomes[sure]
        games = np.array(self.games_of)[sure]
        sums = np.bincount(games, weights=gap - gap.mean())
        error = math.sqrt(float((sums**2).sum())) / len(gap)
        return int(sure.sum()), float(chances[sure].mean()), float(outcomes[sure].mean()), error


def backtest(
    chosen: Sequence[Group],
    games: int,
    runs: int | None = None,
    newcomers: Sequence[Group] = (),
) -> dict[str, Bucket]:
    """The ``chosen`` groups' first ``games`` games, forecast before every hand; and the
    first game of each of the ``newcomers``, in the first bucket. A group's first game is
    where the forecast knows least, and a bucket of a few games judges its calibration
    by little more than luck: with 18 games, the calibration error of the same forecast
    moves by about 0.01 from one seed of the runs to another."""
    buckets = {name: Bucket() for _, name in BUCKETS}
    lives = [(number, group, games) for number, group in enumerate(chosen)]
    lives += [(NEWCOMERS_SEED + n, group, 1) for n, group in enumerate(newcomers)]
    for number, group, played in lives:
        life = group_life(group, played, seed=number)
        for past, game in enumerate(life):
            earlier = (s.hand for g in life[:past] for s in g.hands)
            bucket = buckets[bucket_of(past)]
            _forecast_game(bucket, game, ChatHistory.from_hands(earlier), (number, past), runs)
            bucket.games += 1
    return buckets


def _forecast_game(
    bucket: Bucket, game: tamalo.Game, history: ChatHistory, key: tuple[int, int], runs: int | None
) -> None:
    winners = game.winners()
    outcome = np.array([(p in winners) / len(winners) for p in game.players])
    for played in range(len(game.hands)):
        state = replace(game, hands=game.hands[:played])
        seed = zlib.crc32(repr((key, played)).encode())
        bucket.add(state, dict(forecast(state, history, seed=seed, runs=runs).win), outcome)


def figures(
    buckets: dict[str, Bucket], chosen: Sequence[Group], newcomers: Sequence[Group] = ()
) -> list[Figure]:
    rows: list[Figure] = []
    for name, bucket in buckets.items():
        if not bucket.brier["forecast"]:
            continue
        brier = {way: float(np.mean(values)) for way, values in bucket.brier.items()}
        error = {way: calibration_error(pairs) for way, pairs in bucket.pairs.items()}
        best = min(("uniform", "leader"), key=brier.__getitem__)
        forecasts = len(bucket.brier["forecast"])
        rows.append(
            Figure(
                f"group's life, {name}: Brier",
                brier["forecast"],
                "",
                f"best baseline ({best})",
                brier[best],
                1.0,
                strict=True,
                note=f"{bucket.games} games, {forecasts} forecasts; forecast "
                f"{brier['forecast']:.4f}, uniform {brier['uniform']:.4f}, leader "
                f"{brier['leader']:.4f}",
                details={way: round(value, 4) for way, value in brier.items()},
            )
        )
        rows.append(
            Figure(
                f"group's life, {name}: calibration error",
                error["forecast"],
                "",
                "leader baseline's",
                error["leader"],
                CALIBRATION_LIMIT,
                absolute=True,
                note=f"{BINS} bins, {len(bucket.pairs['forecast'])} chances; uniform "
                f"{error['uniform']:.4f}, leader {error['leader']:.4f}",
                details={way: round(value, 4) for way, value in error.items()},
            )
        )
        rows.append(_sure_figure(name, bucket))
    more = f", and the first games of {len(newcomers)} more" if newcomers else ""
    rows[0] = replace(rows[0], note=f"{rows[0].note}; {described(chosen)}{more}")
    return rows


def described(chosen: Sequence[Group]) -> str:
    """ "12 groups: 8 classic to 100, 4 ControTamalo to 30; half of them different" """
    kinds = Counter(group.kind.rpartition(", ")[0] for group in chosen)
    differ = sum(group.differ for group in chosen)
    listed = ", ".join(f"{count} {kind}" for kind, count in kinds.items())
    return f"{len(chosen)} groups ({listed}), {differ} with players who differ"


def _sure_figure(name: str, bucket: Bucket) -> Figure:
    """Calls above 90%: their mean chance less how often they came true (overconfidence),
    judged against two standard errors of that difference."""
    calls, chance, came_true, error = bucket.sure_calls()
    return Figure(
        f"group's life, {name}: calls above 90%, shortfall",
        chance - came_true,
        "",
        "two standard errors",
        2 * error,
        2 * error if calls else None,
        absolute=True,
        note=f"calls above {SURE:.0%}: {calls}, mean chance {chance:.3f}, came true "
        f"{came_true:.3f} (standard error {error:.3f}, a game's calls together)",
        details={"calls": calls, "chance": round(chance, 4), "came_true": round(came_true, 4)},
    )
