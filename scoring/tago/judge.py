"""The showdown's judge (RULES-tago.md, "The PUNTO's value", "A player's score, and the pair
rule", "Who wins"). Values, scores and distances are in halves (``scoring.tago.cards``)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.tago.cards import Card, Cards, check_counts
from scoring.tago.errors import (
    PUNTO,
    ChoiceNeeded,
    NotAnOption,
    PlayerCount,
    WrongNumberOfCards,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8


class Category(enum.IntEnum):
    """What a hand wins with, weakest first: a higher category beats a lower one."""

    PUNTEGGIO = 1
    VALORE = 2
    TRIS = 3
    COPIA = 4
    ZERO = 5


def pair_of(cards: Cards) -> tuple[Card, Card] | None:
    """(the pair's value, the third card) when three cards hold a pair; a TRIS holds one."""
    a, b, c = cards
    if a == b:
        return a, c
    if a == c:
        return a, b
    if b == c:
        return b, a
    return None


@dataclass(frozen=True)
class Punto:
    """The dealer's three cards and the value they stand for; ``pair_removed`` is the pair's
    value when the first player chose the third card alone."""

    cards: Cards
    value: int
    pair_removed: Card | None = None


def punto_options(cards: Cards) -> tuple[int, ...]:
    """The values the PUNTO may stand for: its sum, and with a pair also its third card
    alone (when that differs), for the first player to choose."""
    total = sum(cards)
    pair = pair_of(cards)
    if pair is None or pair[1] == total:
        return (total,)
    return total, pair[1]


def read_punto(cards: Cards, choice: int | None = None) -> Punto:
    """The PUNTO with its value: ``choice`` is needed when a pair gives it two values
    (``ChoiceNeeded`` otherwise), and must be one of them."""
    if len(cards) != 3:
        raise WrongNumberOfCards(PUNTO, len(cards))
    options = punto_options(cards)
    if choice is None:
        if len(options) > 1:
            raise ChoiceNeeded((options[0], options[1]))
        return Punto(cards, options[0])
    if choice not in options:
        raise NotAnOption(choice, options)
    pair = pair_of(cards)
    removed = pair[0] if choice != options[0] and pair is not None else None
    return Punto(cards, choice, removed)


@dataclass(frozen=True)
class Line:
    """One player's hand read against the PUNTO: the score that counts, the pair removed to
    get it (the pair rule), and its distance from the PUNTO's value."""

    player: str
    cards: Cards
    category: Category
    score: int
    pair_removed: Card | None
    distance: int

    @property
    def strength(self) -> tuple[int, int]:
        """Higher is better; equal is a tie. ZERO, COPIA and TRIS tie among themselves
        whatever the score (RULES-tago.md, "Reading — ties")."""
        if self.category >= Category.TRIS:
            return self.category, 0
        return self.category, -self.distance


def read_hand(player: str, cards: Cards, punto: Punto) -> Line:
    """A player's line: of the total and (holding a pair) the third card alone, the one
    closer to the PUNTO's value counts; at equal distance the total is kept."""
    if len(cards) != 3:
        raise WrongNumberOfCards(player, len(cards))
    score, removed = sum(cards), None
    pair = pair_of(cards)
    if pair is not None and abs(pair[1] - punto.value) < abs(score - punto.value):
        score, removed = pair[1], pair[0]
    distance = abs(score - punto.value)
    if pair is not None and cards[0] == cards[1] == cards[2]:
        category = Category.ZERO if cards[0] == 0 else Category.TRIS
    elif sorted(cards) == sorted(punto.cards):
        category = Category.COPIA
    else:
        category = Category.VALORE if distance == 0 else Category.PUNTEGGIO
    return Line(player, tuple(cards), category, score, removed, distance)


def best(lines: Iterable[Line]) -> tuple[str, ...]:
    """Who holds the strongest of ``lines``, in the order given; several are a tie."""
    lines = tuple(lines)
    top = max(line.strength for line in lines)
    return tuple(line.player for line in lines if line.strength == top)


@dataclass(frozen=True)
class Showdown:
    """The judge's answer: every line, the winners (several: a tie) and what they won with."""

    punto: Punto
    lines: tuple[Line, ...]
    winners: tuple[str, ...]

    @property
    def category(self) -> Category:
        return self.line(self.winners[0]).category

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1

    def line(self, player: str) -> Line:
        return next(line for line in self.lines if line.player == player)


def judge(punto: Cards, hands: Mapping[str, Cards], choice: int | None = None) -> Showdown:
    """Who wins the showdown of ``hands`` (player → three cards, in seat order) against the
    PUNTO, with the first player's ``choice`` of its value when it has a pair.

    Refused: other than 2–8 players, a hand or the PUNTO with other than three cards, a
    value more than three times in all, a missing or impossible choice.
    """
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise PlayerCount(len(hands))
    for player, cards in [(PUNTO, punto), *hands.items()]:
        if len(cards) != 3:
            raise WrongNumberOfCards(player, len(cards))
    check_counts(punto, *hands.values())
    read = read_punto(punto, choice)
    lines = tuple(read_hand(player, cards, read) for player, cards in hands.items())
    return Showdown(read, lines, best(lines))
