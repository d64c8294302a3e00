"""The Macchiavelli engine's speed goals (issue 25, "Speed"), the engine alone: the mixed
movement for 64 players × 5 rounds (≤ 2 s), and closing a round of 64 players — its last
deal, every table's VP, the standings and the next seating (≤ 50 ms, of which the bot's
storage and reply will take their share). Then a home game's deal recorded through the real
Application, beside Tamalo's ``/mano`` in the same run (≤ 1.2×, ``bench.macchiavelli_deals``).

Beside each, the Nava plan of the same field, measured in the same run. A field that cannot
reach "no repeated meeting" spends every step of the search: the slowest such field of the
sizes tried (14 players × 5 rounds, measured over 9…100 players) is reported too.
``python -m bench.macchiavelli`` runs it alone.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from bench.common import Figure, median
from bench.macchiavelli_deals import deal_figure
from scoring.macchiavelli import (
    Deal,
    Tournament,
    TournamentRules,
    draw_seating,
    mixed_plan,
    moves,
    nava_plan,
    repeated_meetings,
)

PLAYERS = [f"P{n:02}" for n in range(64)]


def seconds(work: Callable[..., object], *args: object) -> float:
    started = time.perf_counter()
    work(*args)
    return time.perf_counter() - started


def deal(players: tuple[str, ...], number: int) -> Deal:
    return Deal.of({p: 0 if i == 0 else 5 + 13 * i + number for i, p in enumerate(players)})


def round_but_one_deal(tournament: Tournament) -> Tournament:
    """The current round with every deal played but table 1's last."""
    round_ = tournament.current_round
    seating = tournament.seating(round_)
    for table in range(1, len(seating.tables) + 1):
        for number in range(1, tournament.rules.deals + 1):
            if (table, number) != (1, tournament.rules.deals):
                tournament = tournament.with_deal(table, deal(seating.players_at(table), number))
    return tournament


def close_round(tournament: Tournament) -> object:
    round_ = tournament.current_round
    before = tournament.seating(round_)
    closed = tournament.with_deal(1, deal(before.players_at(1), tournament.rules.deals))
    return (
        closed.round_scores(round_),
        closed.standings(),
        moves(before, closed.seating(round_ + 1)),
    )


async def measure(quick: bool = False) -> list[Figure]:
    runs = 3 if quick else 11
    mixed, nava, meetings = [], [], []
    for seed in range(runs):
        first = draw_seating(PLAYERS, random.Random(seed))
        nava.append(seconds(nava_plan, first, 5))
        mixed.append(seconds(mixed_plan, first, 5, random.Random(seed)))
        meetings.append(repeated_meetings(mixed_plan(first, 5, random.Random(seed))))
    small = draw_seating(PLAYERS[:14], random.Random(0))
    slow = [seconds(mixed_plan, small, 5, random.Random(s)) for s in range(runs // 2 + 1)]
    rules = TournamentRules(rounds=5, deals=5)
    tournament = Tournament(rules, nava_plan(draw_seating(PLAYERS, random.Random(0)), 5))
    tournament = round_but_one_deal(tournament)
    ready = round_but_one_deal(
        tournament.with_deal(1, deal(tournament.seating(1).players_at(1), 5))
    )
    closing = [seconds(close_round, ready) for _ in range(runs)]
    opening = [seconds(ready.seating, ready.current_round) for _ in range(runs)]
    by_nava = repeated_meetings(nava_plan(first, 5))  # the same for every draw: seats move
    note = f"median of {runs} seeds; repeated meetings {max(meetings)} at most (Nava: {by_nava})"
    return [
        Figure(
            "mixed movement, 64 players × 5 rounds",
            median(mixed),
            "s",
            "Nava plan, same field",
            median(nava),
            limit=2.0,
            absolute=True,
            note=note,
            details={"worst": max(mixed), "repeated_meetings": meetings},
        ),
        Figure(
            "mixed movement, 14 players × 5 rounds (every step spent)",
            median(slow),
            "s",
            "Nava plan, 64 players",
            median(nava),
            note=f"median of {len(slow)} seeds, the slowest field measured",
        ),
        Figure(
            "closing a round of 64 players (engine)",
            median(closing) * 1000,
            "ms",
            "the round's seating alone",
            median(opening) * 1000,
            limit=50,
            absolute=True,
            note="the last deal, every table's VP, the standings, the next seating and moves",
        ),
        await deal_figure(quick),
    ]


if __name__ == "__main__":
    for figure in asyncio.run(measure()):
        print(
            f"{figure.name}: {figure.value:.4g} {figure.unit} ({figure.reference_name} "
            f"{figure.reference:.4g} {figure.unit}), target {figure.target}: {figure.verdict}"
        )
