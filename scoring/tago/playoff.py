"""A tie played off (RULES-tago.md, "Reading — ties"): the tied players each change one card
and play one more betting round over the same pot, the PUNTO unchanged. The bot splits by
default; a play-off recorded with the hand decides the pots its players were tied for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoring.tago.cards import Cards, check_counts
from scoring.tago.chip_errors import CardsNeeded, NoTieToPlayOff
from scoring.tago.errors import PUNTO, WrongNumberOfCards
from scoring.tago.judge import Line, Showdown, best, read_hand, read_punto


@dataclass(frozen=True)
class Playoff:
    """Who played the tie off, and the cards shown at its end by those still in; a player
    without cards folded in it. Their bets in it are part of each ``Entry.paid``."""

    players: tuple[str, ...]
    cards: Mapping[str, Cards] = field(default_factory=dict)

    def check_used(self, used: bool) -> None:
        """A play-off that decided no tied pot was not a play-off of this hand."""
        if not used:
            raise NoTieToPlayOff(self.players)


@dataclass(frozen=True)
class PlayedOff:
    """A play-off judged: who played it and the lines of those who showed at its end."""

    players: tuple[str, ...]
    lines: Mapping[str, Line]


def read_playoffs(
    playoffs: Sequence[Playoff], punto: Cards | None, choice: int | None, live: Sequence[str]
) -> tuple[PlayedOff, ...]:
    """Each play-off's lines, read against the same PUNTO; its players must be still in and
    its cards, with the PUNTO's, at most three of a value (the rest went back to the deck)."""
    read: list[PlayedOff] = []
    for playoff in playoffs:
        if len(playoff.players) < 2 or not set(playoff.players) <= set(live):
            raise NoTieToPlayOff(playoff.players)
        if punto is None:
            raise CardsNeeded(PUNTO)
        for player, cards in playoff.cards.items():
            if player not in playoff.players:
                raise NoTieToPlayOff(playoff.players)
            if len(cards) != 3:
                raise WrongNumberOfCards(player, len(cards))
        check_counts(punto, *playoff.cards.values())
        value = read_punto(punto, choice)
        lines = {p: read_hand(p, c, value) for p, c in playoff.cards.items()}
        read.append(PlayedOff(playoff.players, lines))
    return tuple(read)


def pot_winners(
    contestants: Sequence[str],
    showdown: Showdown | None,
    playoffs: Sequence[PlayedOff],
    used: set[int],
) -> tuple[str, ...]:
    """The best hand(s) among a pot's ``contestants``; a tie is decided by the first
    play-off whose players include all the tied, among those who stayed in it, and so on
    (a play-off may tie again). Indexes of the play-offs consulted are added to ``used``."""
    if showdown is None:
        return tuple(contestants)  # one player left: no showdown
    tied = best(showdown.line(player) for player in contestants)
    for index, playoff in enumerate(playoffs):
        if len(tied) < 2:
            break
        staying = [player for player in tied if player in playoff.lines]
        if set(tied) <= set(playoff.players) and staying:
            used.add(index)
            tied = best(playoff.lines[player] for player in staying)
    return tied
