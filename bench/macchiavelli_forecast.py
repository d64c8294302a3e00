"""Macchiavelli's Chi vince? over a group's whole life, as ``bench.forecast_life`` does
Tamalo's: generated groups from their first home game to their 30th, each game forecast
before every deal as the bot would (from the group's earlier games only, with the bot's own
number of runs), every forecast scored in the bucket of the group's history at the time: no
past game, 1–2, 3–9, 10 or more.

The games come from a known process played card by card (``deal_cards``): two decks (and the
jolly, when the game has them) shuffled, 13 cards each; in turn each player lays down one to
three cards (the better the player, the more often, and the more often their highest) or
draws one; the first with no card left closes, and if the stock runs out first nobody does.
The engine (``scoring.macchiavelli.Match``) scores and ends the games. Half the groups have
players who really differ, half players all alike.

Per bucket, as Tamalo's: the Brier score against "everyone equal" and "the current leader
wins" (level leaders share), the calibration error (at most 0.05), and the calls above 90%.
Then the cost of one forecast, four players mid-game with a 30-game history (≤ 3 ms).
``python -m bench.macchiavelli_forecast`` runs it alone.
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
from scoring.macchiavelli import Deal, HomeRules, Match
from scoring.macchiavelli.forecast import DealHistory, forecast

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
DECK = [*range(2, 11), 10, 10, 10, 11] * 8
JOLLY = [25] * 4
CARDS = 13
LIFE = 30
#: The groups, per rules: how many (half with players who differ). Six deals; a target of
#: 200 (some six deals); ten deals or 300 with jokers, the longest games.
MIX = (
    (HomeRules(deals=6), 16),
    (HomeRules(target=200), 16),
    (HomeRules(deals=10, target=300, jokers=True), 8),
)
QUICK_MIX = ((HomeRules(deals=6), 2),)


@dataclass(frozen=True)
class Player:
    """How a generated player plays: 0 to 1, how well."""

    name: str
    skill: float


@dataclass(frozen=True)
class Group:
    players: tuple[Player, ...]
    differ: bool
    rules: HomeRules


def deal_cards(rng: random.Random, players: Sequence[Player], *, jokers: bool) -> Deal:
    """One deal played card by card: each player's points left in hand, the closer at 0."""
    deck = DECK + JOLLY if jokers else DECK.copy()
    rng.shuffle(deck)
    hands = {p.name: [deck.pop() for _ in range(CARDS)] for p in players}
    while deck:
        for player in players:
            hand = hands[player.name]
            if rng.random() < 0.35 + 0.45 * player.skill:
                for _ in range(min(len(hand), rng.randint(1, 3))):
                    worst = max(hand) if rng.random() < player.skill else rng.choice(hand)
                    hand.remove(worst)
                if not hand:
                    return Deal.of({p.name: sum(hands[p.name]) for p in players})
            elif deck:
                hand.append(deck.pop())
    return Deal.of({p.name: sum(hands[p.name]) for p in players})


def groups(mix: Sequence[tuple[HomeRules, int]] = MIX, seed: int = 25) -> list[Group]:
    rng = random.Random(seed)
    made: list[Group] = []
    for rules, count in mix:
        for n in range(count):
            skills = [rng.uniform(0.25, 0.85) for _ in NAMES]
            if n % 2:
                skills = [skills[0]] * len(NAMES)
            players = tuple(Player(name, s) for name, s in zip(NAMES, skills, strict=True))
            made.append(Group(players, n % 2 == 0, rules))
    return made


def group_life(group: Group, games: int, seed: int) -> list[Match]:
    """The group's first ``games`` games, each of three to five of its players."""
    rng = random.Random(seed)
    life: list[Match] = []
    for _ in range(games):
        seated = rng.sample(group.players, rng.randint(3, 5))
        match = Match(tuple(p.name for p in seated), group.rules)
        while not match.is_over():
            match = match.with_deal(deal_cards(rng, seated, jokers=group.rules.jokers))
        life.append(match)
    return life


def add(bucket: Bucket, state: Match, chances: dict[str, float], outcome: np.ndarray) -> None:
    """One forecast into ``bucket`` (``bench.forecast_life.Bucket``), beside both baselines."""
    players = state.players
    leaders = [s.player for s in state.standings() if s.rank == 1]
    given = {
        "forecast": np.array([chances[p] for p in players]),
        "uniform": np.full(len(players), 1 / len(players)),
        "leader": np.array([(p in leaders) / len(leaders) for p in players]),
    }
    for way, values in given.items():
        bucket.brier[way].append(float(((values - outcome) ** 2).sum()))
        bucket.pairs[way] += zip(values.tolist(), outcome.tolist(), strict=True)
    bucket.games_of += [bucket.games] * len(players)


def backtest(chosen: Sequence[Group], games: int) -> dict[str, Bucket]:
    """The ``chosen`` groups' first ``games`` games, forecast before every deal."""
    buckets = {name: Bucket() for _, name in BUCKETS}
    for number, group in enumerate(chosen):
        life = group_life(group, games, seed=number)
        for past, game in enumerate(life):
            history = DealHistory.from_deals(d for g in life[:past] for d in g.deals)
            bucket = buckets[bucket_of(past)]
            winners = game.winners()
            outcome = np.array([(p in winners) / len(winners) for p in game.players])
            for played in range(len(game.deals)):
                state = replace(game, deals=game.deals[:played])
                seed = zlib.crc32(repr((number, past, played)).encode())
                add(bucket, state, dict(forecast(state, history, seed=seed).win), outcome)
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
                f"Macchiavelli life, {name}: Brier",
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
                f"Macchiavelli life, {name}: calibration error",
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
                _sure_figure(name, bucket),
                name=f"Macchiavelli life, {name}: calls above 90%, shortfall",
            ),
        ]
    differ = sum(g.differ for g in chosen)
    rows[0] = replace(
        rows[0], note=f"{rows[0].note}; {len(chosen)} groups, {differ} with players who differ"
    )
    return rows


def cost(quick: bool) -> Figure:
    """One forecast of four players three deals into ten, with a 30-game history, beside
    the engine rebuilding the same match from its deals."""
    group = groups(((HomeRules(deals=10), 1),))[0]
    life = group_life(group, LIFE + 1, seed=7)
    history = DealHistory.from_deals(d for g in life[:LIFE] for d in g.deals)
    rng = random.Random(3)
    seated = group.players[:4]
    match = Match(tuple(p.name for p in seated), HomeRules(deals=10))
    for _ in range(3):
        match = match.with_deal(deal_cards(rng, seated, jokers=False))
    rounds = 20 if quick else 200
    spent, engine = [], []
    for seed in range(rounds):
        began = time.perf_counter()
        forecast(match, history, seed=seed)
        spent.append(time.perf_counter() - began)
        began = time.perf_counter()
        Match.rebuilt(match.players, match.rules, match.deals)
        engine.append(time.perf_counter() - began)
    return Figure(
        "Macchiavelli forecast, 4 players mid-game",
        median(spent) * 1000,
        "ms",
        "the engine rebuilding the match",
        median(engine) * 1000,
        limit=3.0,
        absolute=True,
        note=f"median of {rounds} forecasts (1000 runs, 7 deals left, {history.deals} deals "
        "of history)",
    )


async def measure(quick: bool = False) -> list[Figure]:
    chosen = groups(QUICK_MIX if quick else MIX)
    buckets = backtest(chosen, 12 if quick else LIFE)
    return [*figures(buckets, chosen), cost(quick)]


if __name__ == "__main__":
    for row in asyncio.run(measure()):
        print(f"{row.name}: {row.value:.4g} ({row.reference_name} {row.reference:.4g}), target")
        print(f"  {row.target}: {row.verdict}; {row.note}")
