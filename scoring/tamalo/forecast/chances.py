"""Chi vince? A game's live forecast: the rest of the game played many times over with the
rules engine's own rules (``simulate``), each player drawing hands like the ones they
played in this chat and mode (``hand_model``).

``forecast`` is a pure function of the game, the chat's history and a seed: the same three
give the same numbers. It does no I/O and holds nothing, so a caller may run it in a worker
thread or process.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from scoring.tamalo.forecast.contenders import contenders
from scoring.tamalo.forecast.futures import Futures, continues, draw_futures, drawn_from, play_out
from scoring.tamalo.forecast.hand_model import hand_model
from scoring.tamalo.forecast.history import ChatHistory
from scoring.tamalo.forecast.simulate import (
    RUNS,
    Runs,
    affordable_runs,
    expected_hands,
    simulate,
)
from scoring.tamalo.game import Game
from scoring.tamalo.tournament import FINALISTS_PER_TABLE

#: Runs before the first hand: every total is still level, so the chances are the players'
#: habits alone, often nearly equal, and the runs' own noise (±1.6 points each) would be most
#: of what the forecast says. Drawn once a game, for the first point of /previsione's story,
#: never for a hand's reply; ±0.6 points.
START_RUNS = RUNS * 8


@dataclass(frozen=True)
class Forecast:
    """Each ranked player's chance to win (a tie shares the win: the chances add up to 1) and
    to finish in the best two (a tournament table's finalists); the chance that the next hand
    ends the game; the hands still to play, on average. A finished game is certain."""

    win: Mapping[str, float]
    top_two: Mapping[str, float]
    ends_next: float
    hands_left: float
    runs: int
    #: What a game that ``continues`` was played out from.
    futures: Futures | None = field(default=None, compare=False, repr=False)

    def favourites(self) -> tuple[tuple[str, float], ...]:
        """Players and chances, most likely winner first (seat order on ties)."""
        return tuple(sorted(self.win.items(), key=lambda item: -item[1]))


def forecast(
    game: Game,
    history: ChatHistory | None = None,
    *,
    seed: int = 0,
    runs: int | None = None,
    futures: Futures | None = None,
) -> Forecast:
    """Who is likely to win ``game``, from the chat's ``history`` in the game's mode;
    ``runs`` by default as many as ``HAND_BUDGET`` affords, between ``FEWEST_RUNS`` and
    ``RUNS`` (``START_RUNS`` before the first hand).

    A game that ``continues`` is played out from the ``futures`` drawn at its draw point by
    ``ahead`` (from ``seed`` and ``runs``), drawn here if not given: the same numbers, and
    the forecast has them, to give the next hands."""
    if game.is_over():
        return _settled(game)
    if continues(game):
        if futures is None:
            futures = ahead(drawn_from(game), history, seed=seed, runs=runs)
        ended, runs = play_out(game, futures), futures.runs
    else:
        # The game's own hands are evidence too, of its players and of the chat's habits.
        model = hand_model(game.players, history, (scored.hand for scored in game.hands))
        expected = expected_hands(game, model)
        if runs is None:
            runs = affordable_runs(expected) if game.hands else START_RUNS
        ended = simulate(game, model, runs, seed, expected=expected)
    played = len(game.hands)
    return Forecast(
        win=_chances(game, ended, runs, 1),
        top_two=_chances(game, ended, runs, FINALISTS_PER_TABLE),
        # Counted and divided: ``np.mean``'s numbers, without its overhead (under every reply).
        ends_next=int(np.count_nonzero(ended.ended_after == played + 1)) / ended.ended_after.size,
        hands_left=int((ended.ended_after - played).sum()) / ended.ended_after.size,
        runs=runs,
        futures=futures,
    )


def chances_now(
    game: Game,
    history: ChatHistory | None = None,
    *,
    seed: int = 0,
    futures: Futures | None = None,
    to_final: bool = False,
) -> tuple[Mapping[str, float], Futures | None]:
    """``forecast(…).win`` (``to_final``: its ``top_two``) and its ``futures``, worked out
    without the rest of the forecast: all that the line under a hand's reply and each point
    of /previsione's story show. The same numbers, in three quarters of the time."""
    if not continues(game):  # over, not yet begun, seats changed, or 4 Quadri
        told = forecast(game, history, seed=seed, futures=futures)
        return (told.top_two if to_final else told.win), told.futures
    if futures is None:
        futures = ahead(drawn_from(game), history, seed=seed)
    places = FINALISTS_PER_TABLE if to_final else 1
    return _chances(game, play_out(game, futures), futures.runs, places), futures


def ahead(
    game: Game, history: ChatHistory | None = None, *, seed: int = 0, runs: int | None = None
) -> Futures:
    """The rest of running ``game`` drawn at a draw point (``drawn_from``) for the forecasts
    until the next, ``runs`` times, by default as many as its length affords."""
    model = hand_model(game.players, history, (scored.hand for scored in game.hands))
    if runs is None:
        runs = affordable_runs(expected_hands(game, model))
    return draw_futures(game, model, seed, runs)


def story(
    game: Game, history: ChatHistory | None = None, *, seed: int = 0, runs: int | None = None
) -> tuple[Mapping[str, float], ...]:
    """The chances to win before the first hand and after each hand played, each as the
    game stood then (a finished game ends with its winners at 100%): /previsione's chart."""
    return tuple(
        forecast(as_it_stood(game, played), history, seed=seed, runs=runs).win
        for played in range(len(game.hands) + 1)
    )


def as_it_stood(game: Game, played: int) -> Game:
    """``game`` right after hand ``played`` (0: when it began), when that hand's reply was
    sent: who joined or left after that hand had not yet."""
    joined = {p: n for p, n in game.joined_after.items() if n < played}
    left = {p: n for p, n in game.left_after.items() if n < played}
    return replace(
        game,
        players=tuple(p for p in game.players if p in joined or p not in game.joined_after),
        hands=game.hands[:played],
        joined_after=joined,
        left_after=left,
        left_before_seat={p: n for p, n in game.left_before_seat.items() if p in left},
    )


def reach_final(
    table: Game, history: ChatHistory | None = None, *, seed: int = 0, runs: int | None = None
) -> Mapping[str, float]:
    """A tournament table's chances to send each player to the final (its best two, with
    every player level with the second, as ``scoring.tamalo.tournament.finalists``)."""
    return forecast(table, history, seed=seed, runs=runs).top_two


def _chances(game: Game, ended: Runs, runs: int, places: int) -> dict[str, float]:
    """Each ranked player's chance to win (``places`` 1) or to end in the best two, from
    ``ended`` (``runs`` of them), in seat order."""
    shares = _wins(ended) if places == 1 else _best_two(ended)
    chances = _hedged(shares, runs, game, contenders(game, places), places)
    return {p: float(chances[game.players.index(p)]) for p in game.ranked}


def _keys(ended: Runs) -> tuple[np.ndarray, np.ndarray | None]:
    """The runs' rank keys, lower better, the unranked's above any (with who is ranked, if
    not everyone)."""
    if ended.ranked.all():
        return ended.keys, None
    worst = np.iinfo(ended.keys.dtype).max
    return np.where(ended.ranked, ended.keys, worst), ended.ranked


def _wins(ended: Runs) -> np.ndarray:
    """Each seat's share of the wins over the runs (level winners share a run)."""
    keys, ranked = _keys(ended)
    winners = keys == keys.min(axis=0)
    if ranked is not None:
        winners &= ranked
    share = winners / winners.sum(axis=0)
    wins: np.ndarray = share.sum(axis=1) / keys.shape[1]
    return wins


def _best_two(ended: Runs) -> np.ndarray:
    """Each seat's share of the runs it ends among the best two (everyone level with the
    second included)."""
    keys, ranked = _keys(ended)
    # A seat's rank is 1 + the ranked seats with a better key: it is among the best two when
    # its key is at most the second best (ties counted).
    worst = np.iinfo(keys.dtype).max
    best = keys.min(axis=0)
    winners = keys == best
    second = np.where(winners.sum(axis=0) > 1, best, np.where(winners, worst, keys).min(axis=0))
    best_two = keys <= second
    if ranked is not None:
        best_two &= ranked
    shares: np.ndarray = best_two.sum(axis=1) / keys.shape[1]
    return shares


def _hedged(
    shares: np.ndarray, runs: int, game: Game, possible: tuple[str, ...], places: int
) -> np.ndarray:
    """Each seat's share of the runs, as a chance: one run more, shared by who can still make
    it by the rules (a Dirichlet prior's weight of one run). A thousand runs all won are a
    chance above 99.9%, never a certainty; only who is out of it by the rules is at 0, and
    only the last one in it at 100%."""
    prior = np.array([p in possible for p in game.players], dtype=np.float64)
    prior *= min(1.0, places / max(len(possible), 1))
    return np.asarray((shares * runs + prior) / (runs + 1), dtype=np.float64)


def _settled(game: Game) -> Forecast:
    winners = game.winners()
    finalists = {s.player for s in game.standings() if s.rank <= FINALISTS_PER_TABLE}
    return Forecast(
        win={p: (1 / len(winners) if p in winners else 0.0) for p in game.ranked},
        top_two={p: float(p in finalists) for p in game.ranked},
        ends_next=0.0,
        hands_left=0.0,
        runs=0,
    )
