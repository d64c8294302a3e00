"""What a chat's past hands say about its players, as plain counts: the forecast's evidence.

Storage fills these from its tables (``storage.history``); tests and the bench build them from
hands with ``ChatHistory.from_hands``. Everything is counted per player over the hands of one
scoring mode: how they call, what they keep in front of them, how often they finish the cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from scoring.tamalo.forecast.skill import OUT, OUTCOMES, TOP, Floats
from scoring.tamalo.model import Hand


@dataclass(frozen=True)
class PlayerHistory:
    """One player's hands: ``totals`` when they called nothing (total → hands, finishing the
    cards apart in ``outs``), ``calls`` the totals they called Tamalo with, ``counters`` the
    totals they called ControTamalo with, out of ``chances`` hands someone else called in.

    ``share`` is the calls a fair share would have made: the sum over their hands of one over
    the players in the hand (a player of 4 calls a quarter of the hands on average)."""

    hands: int = 0
    share: float = 0.0
    totals: Mapping[int, int] = field(default_factory=dict)
    outs: int = 0
    calls: Mapping[int, int] = field(default_factory=dict)
    chances: int = 0
    counters: Mapping[int, int] = field(default_factory=dict)

    def __add__(self, other: PlayerHistory) -> PlayerHistory:
        return PlayerHistory(
            hands=self.hands + other.hands,
            share=self.share + other.share,
            totals=Counter(self.totals) + Counter(other.totals),
            outs=self.outs + other.outs,
            calls=Counter(self.calls) + Counter(other.calls),
            chances=self.chances + other.chances,
            counters=Counter(self.counters) + Counter(other.counters),
        )


def counts(histogram: Mapping[int, int], outs: int = 0) -> Floats:
    """A histogram of totals (and hands finished) as counts per outcome."""
    row = np.zeros(OUTCOMES)
    for total, hands in histogram.items():
        row[min(max(total, 0), TOP)] += hands
    row[OUT] += outs
    return row


@dataclass(frozen=True, eq=False)
class Tally:
    """Players' counts as arrays, a row per name (in ``names``' order): the totals kept
    without calling (finishing the cards at ``OUT``), called Tamalo and ControTamalo with,
    per outcome; the fair share of the calls; the chances to answer a Tamalo."""

    names: tuple[str, ...]
    kept: Floats
    calls: Floats
    counters: Floats
    share: Floats
    chances: Floats


@dataclass(frozen=True)
class ChatHistory:
    """A chat's hands in one mode: each player's, how many hands there were and how many
    had a Tamalo call."""

    players: Mapping[str, PlayerHistory] = field(default_factory=dict)
    hands: int = 0
    called: int = 0

    def of(self, player: str) -> PlayerHistory:
        return self.players.get(player, PlayerHistory())

    @cached_property
    def tally(self) -> Tally:
        """Every player's counts as arrays, counted once: a chat's history serves each hand
        of a game (read-only: ``forecast.evidence`` copies what it adds to)."""
        names = tuple(self.players)
        own = [self.players[name] for name in names]
        tally = Tally(
            names,
            np.array([counts(p.totals, p.outs) for p in own]).reshape(len(names), OUTCOMES),
            np.array([counts(p.calls) for p in own]).reshape(len(names), OUTCOMES),
            np.array([counts(p.counters) for p in own]).reshape(len(names), OUTCOMES),
            np.array([p.share for p in own], dtype=np.float64),
            np.array([p.chances for p in own], dtype=np.float64),
        )
        for array in (tally.kept, tally.calls, tally.counters, tally.share, tally.chances):
            array.flags.writeable = False
        return tally

    def pooled(self) -> PlayerHistory:
        """Every player's hands together: the chat's own habits."""
        pooled = PlayerHistory()
        for history in self.players.values():
            pooled += history
        return pooled

    @classmethod
    def from_hands(cls, hands: Iterable[Hand]) -> ChatHistory:
        """Count hands as reported (the same counts storage makes with SQL)."""
        builders: dict[str, _Builder] = {}
        count = called = 0
        for hand in hands:
            count += 1
            called += hand.caller is not None
            seated = len(hand.reports)
            for report in hand.reports:
                builder = builders.setdefault(report.player, _Builder())
                builder.add(hand, report.player, report.total, seated)
        players = {name: builder.history() for name, builder in builders.items()}
        return cls(players, count, called)


@dataclass
class _Builder:
    hands: int = 0
    share: float = 0.0
    totals: Counter[int] = field(default_factory=Counter)
    outs: int = 0
    calls: Counter[int] = field(default_factory=Counter)
    chances: int = 0
    counters: Counter[int] = field(default_factory=Counter)

    def add(self, hand: Hand, player: str, total: int, seated: int) -> None:
        self.hands += 1
        self.share += 1 / seated
        if hand.caller is not None and hand.caller != player:
            self.chances += 1
        if player == hand.caller:
            self.calls[total] += 1
        elif player == hand.counter_caller:
            self.counters[total] += 1
        elif player in hand.out:
            self.outs += 1
        else:
            self.totals[total] += 1

    def history(self) -> PlayerHistory:
        return PlayerHistory(
            self.hands,
            self.share,
            dict(self.totals),
            self.outs,
            dict(self.calls),
            self.chances,
            dict(self.counters),
        )
