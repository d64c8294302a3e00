"""A chat's history as the forecast weighs it: one row of counts per player, and how much of
each player the counts tell (``scoring.shrinkage``) for their card totals and their calls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from scoring.shrinkage import Estimates, shrink
from scoring.tamalo.forecast.history import ChatHistory
from scoring.tamalo.forecast.skill import OUT, TOP, VALUES, Floats
from scoring.tamalo.model import Hand

#: How many hands of evidence the prior weighs in the chat's habits.
PRIOR_WEIGHT = 20.0
#: How far the players of a group usually differ (the prior's scale, a standard deviation):
#: by three points in the card total they keep a hand, by a third in how often they call
#: (the bold calling about twice as often as the cautious). The evidence weighs these
#: down or up as a group's hands come in.
SKILL_SCALE = 3.0
CALL_SCALE = 0.35
#: A total's variance from hand to hand in a new chat (the prior's, about 8 points either way).
PRIOR_WITHIN = 64.0


@dataclass(frozen=True)
class Evidence:
    """Per player (the chat's, then the game's who have no history): the totals kept without
    calling (finishing the cards at ``OUT``), called Tamalo and ControTamalo with; the fair
    share of the calls; the chances to answer a Tamalo. And the chat's hands, and how many
    had a Tamalo call."""

    names: tuple[str, ...]
    kept: Floats
    calls: Floats
    counters: Floats
    share: Floats
    chances: Floats
    hands: int
    called: int

    @classmethod
    def of(
        cls, history: ChatHistory, players: Sequence[str], hands: Iterable[Hand] = ()
    ) -> Evidence:
        """``history``'s counts, and ``hands`` counted as ``ChatHistory.from_hands``
        counts them (the game's own hands: no history is built for them)."""
        hands = tuple(hands)
        tally = history.tally
        seen = (p for hand in hands for p in hand.players)
        names = tuple(dict.fromkeys((*tally.names, *players, *seen)))
        more = len(names) - len(tally.names)

        def rows(known: Floats) -> Floats:
            """A copy of ``known``'s rows, and one of nothing for each name it has not."""
            return np.concatenate([known, np.zeros((more, *known.shape[1:]))])

        evidence = cls(
            names,
            rows(tally.kept),
            rows(tally.calls),
            rows(tally.counters),
            rows(tally.share),
            rows(tally.chances),
            history.hands + len(hands),
            history.called + sum(hand.caller is not None for hand in hands),
        )
        for hand in hands:
            evidence._count(hand)
        return evidence

    def _count(self, hand: Hand) -> None:
        seated, index = len(hand.reports), self.index
        for report in hand.reports:
            row, total = index[report.player], min(max(report.total, 0), TOP)
            self.share[row] += 1 / seated
            if hand.caller is not None and hand.caller != report.player:
                self.chances[row] += 1
            if report.player == hand.caller:
                self.calls[row, total] += 1
            elif report.player == hand.counter_caller:
                self.counters[row, total] += 1
            else:
                self.kept[row, OUT if report.player in hand.out else total] += 1

    @cached_property
    def index(self) -> dict[str, int]:
        """Each name's row (a chat's history may name many players)."""
        return {name: row for row, name in enumerate(self.names)}

    def rows(self, players: Sequence[str]) -> list[int]:
        index = self.index
        return [index[p] for p in players]

    def card_skill(self, players: Sequence[str]) -> Estimates:
        """How good each of ``players`` is with their cards, as the mean total they keep when
        they call nothing (finishing the cards as 0), shrunk towards the chat's by how far
        all its players differ. A call's total is low because the player called: that is
        their calling habit (``calling_habit``), not counted twice."""
        hands = self.kept.sum(axis=1)
        means = np.divide(self.kept @ VALUES, hands, out=np.zeros_like(hands), where=hands > 0)
        squares = float((self.kept * (VALUES[None, :] - means[:, None]) ** 2).sum())
        freedom = float(np.maximum(hands - 1, 0).sum())
        within = (squares + PRIOR_WEIGHT * PRIOR_WITHIN) / (freedom + PRIOR_WEIGHT)
        estimates = shrink(means, hands, within, SKILL_SCALE)
        rows = self.rows(players)
        return Estimates(estimates.weight[rows], estimates.spread[rows])

    def calling_habit(self, players: Sequence[str], called: float) -> tuple[Floats, Floats]:
        """How often each of ``players`` calls Tamalo against the chat, 1 as often (their
        calls per fair share of the hands, shrunk towards the chat's), and how far that is
        from sure (a standard deviation, on the same scale)."""
        calls = self.calls.sum(axis=1)
        # The chat's calls per fair share: the prior's while it has few hands.
        chat = (calls.sum() + PRIOR_WEIGHT * called) / (self.share.sum() + PRIOR_WEIGHT)
        rates = np.divide(calls, self.share, out=np.zeros_like(calls), where=self.share > 0)
        estimates = shrink(rates, self.share, chat, CALL_SCALE * chat)
        rows = self.rows(players)
        relative = 1 + estimates.weight[rows] * (rates[rows] / chat - 1)
        return relative, estimates.spread[rows] / chat
