"""Card points and card lists such as ``K,A,7,JK`` (RULES-macchiavelli.md, "Card points").

Two French decks: 8 copies of each value, and 4 jolly when the game is played with them.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.macchiavelli.errors import (
    NegativePoints,
    NoJokers,
    TooManyCopies,
    TooManyPoints,
    UnknownCard,
)


class Rank(enum.StrEnum):
    """A card's value; the value is how it is shown."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    JOLLY = "JK"

    @property
    def points(self) -> int:
        return _POINTS[self]

    @property
    def copies(self) -> int:
        """How many two decks hold."""
        return JOLLY_COPIES if self is Rank.JOLLY else COPIES


COPIES = 8
JOLLY_COPIES = 4
_POINTS: dict[Rank, int] = {
    **{rank: int(rank.value) for rank in list(Rank)[:9]},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 11,
    Rank.JOLLY: 25,
}
#: Every token accepted, upper-cased: the Italian letters too (Fante, Donna, Re), and the
#: jolly as Italian and English say it (the card pad's button reads "Joker" in English).
_TOKENS: dict[str, Rank] = {rank.value: rank for rank in Rank} | {
    "F": Rank.JACK,
    "D": Rank.QUEEN,
    "R": Rank.KING,
    "JOLLY": Rank.JOLLY,
    "JOKER": Rank.JOLLY,
}
_TOTAL = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class Card:
    """One card of a list: its value, and the token it was typed as (upper-cased)."""

    rank: Rank
    token: str

    @property
    def points(self) -> int:
        return self.rank.points


@dataclass(frozen=True)
class CardList:
    """The cards a player was left holding, in the order typed."""

    cards: tuple[Card, ...]

    @property
    def total(self) -> int:
        return sum(card.points for card in self.cards)

    @property
    def text(self) -> str:
        """The list as typed, upper-cased: ``K,A,7`` (the bot shows ``Bruno K,A,7 = 28``)."""
        return ",".join(card.token for card in self.cards)

    def copies(self) -> Counter[Rank]:
        return Counter(card.rank for card in self.cards)


def deck_points(*, jokers: bool) -> int:
    """Every card of the two decks added up: 760, or 860 with the 4 jolly."""
    return sum(rank.points * rank.copies for rank in Rank if jokers or rank is not Rank.JOLLY)


def card(token: str, *, jokers: bool) -> Card:
    """One card token, case-insensitive; a jolly only in a game with jokers."""
    key = token.strip().upper()
    rank = _TOKENS.get(key)
    if rank is None:
        raise UnknownCard(token.strip())
    if rank is Rank.JOLLY and not jokers:
        raise NoJokers(token.strip())
    return Card(rank, key)


def parse_cards(text: str, *, jokers: bool) -> CardList:
    """A comma-separated card list: ``K,A,7,JK`` is 53 (with jokers)."""
    cards = CardList(tuple(card(token, jokers=jokers) for token in text.split(",")))
    check_copies([cards])
    return cards


def is_total(text: str) -> bool:
    """Whether ``text`` is a bare number, read as a total rather than as a card: ``10`` is
    ten points either way, but as a total it names no card (none counted against the decks)."""
    return _TOTAL.fullmatch(text.strip()) is not None


def check_points(points: int, *, jokers: bool, player: str | None = None) -> None:
    """A count is never negative, and never more than every card of the two decks."""
    if points < 0:
        raise NegativePoints(points, player)
    if points > (limit := deck_points(jokers=jokers)):
        raise TooManyPoints(points, limit, player)


def check_copies(lists: Iterable[CardList]) -> None:
    """No value named more often than two decks hold, over every list of one deal."""
    named: Counter[Rank] = Counter()
    for cards in lists:
        named.update(cards.copies())
    for rank in Rank:
        if named[rank] > rank.copies:
            raise TooManyCopies(rank.value, named[rank], rank.copies)
