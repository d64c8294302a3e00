"""Tagò's cards (RULES-tago.md, "Cards"): ten values, three of each, 30 in all.

A card is its value counted in halves, so that ½ stays exact: ``0`` is 0, ``½`` is 1, ``1``
is 2 … ``8`` is 16. Scores and distances are halves too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable

from scoring.tago.errors import AmbiguousCards, TooManyOfValue, UnknownCard

#: A card's value in halves.
Card = int
Cards = tuple[Card, ...]

HALF: Card = 1
VALUES: Cards = (0, HALF, *range(2, 17, 2))
COPIES = 3
DECK: Cards = tuple(value for value in VALUES for _ in range(COPIES))

_HALF_TOKENS = frozenset({"½", "1/2", "0.5", "0,5", "m"})
_TOKENS: dict[str, Card] = {str(n): 2 * n for n in range(9)} | dict.fromkeys(_HALF_TOKENS, HALF)


def parse_card(token: str) -> Card:
    """One card: ``0``…``8``, or the half as ``½``, ``1/2``, ``0.5``, ``0,5`` or ``m``."""
    key = token.strip().lower()
    if key not in _TOKENS:
        raise UnknownCard(token.strip())
    return _TOKENS[key]


def parse_cards(text: str, expected: int | Collection[int] | None = None) -> Cards:
    """A comma-separated list of cards: ``"4,½,0"`` is (8, 1, 0).

    The half's ``0,5`` shares its comma with the list, so ``"0,5,3"`` reads as three cards
    or as ½ and 3. With ``expected`` (a count, or the counts allowed) every comma separates
    cards if that gives such a count (``"0,0,5"`` for two or three cards is 0, 0 and 5: a
    half inside a list is written ``½`` or ``m``); otherwise the list is read the one way
    that does, and two ways refuse it (``AmbiguousCards``). Without it, every comma
    separates cards.
    """
    tokens = [token.strip() for token in text.split(",")]
    if any(not token for token in tokens):
        raise UnknownCard(text.strip())
    cards = tuple(parse_card(token) for token in tokens)
    if expected is None:
        return cards
    counts = {expected} if isinstance(expected, int) else set(expected)
    if len(cards) in counts or len(tokens) > 2 * max(counts, default=0):
        return cards  # as typed; or too long for any reading: refused by its count
    readings = [r for r in _readings(tokens) if len(r) in counts]
    if len(readings) > 1:
        raise AmbiguousCards(text.strip())
    return readings[0] if readings else cards


def _readings(tokens: list[str]) -> list[Cards]:
    """Every way to read ``tokens``, each ``0`` followed by ``5`` taken as one half or not."""
    if not tokens:
        return [()]
    first = parse_card(tokens[0])
    readings = [(first, *rest) for rest in _readings(tokens[1:])]
    if tokens[0] == "0" and len(tokens) > 1 and tokens[1] == "5":
        readings += [(HALF, *rest) for rest in _readings(tokens[2:])]
    return readings


def format_halves(halves: int) -> str:
    """A value in halves as the table writes it: 9 is ``4½``, 1 is ``½``, 8 is ``4``."""
    whole, half = divmod(abs(halves), 2)
    sign = "-" if halves < 0 else ""
    if not half:
        return f"{sign}{whole}"
    return f"{sign}{whole}½" if whole else f"{sign}½"


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as typed: (8, 8, 4) is ``4,4,2``."""
    return ",".join(format_halves(card) for card in cards)


def check_counts(*groups: Iterable[Card]) -> None:
    """No value more than three times among all the cards of one hand (RULES-tago.md,
    "Cards"); the first value over, lowest first, is named."""
    counts = Counter(card for group in groups for card in group)
    for value in sorted(counts):
        if counts[value] > COPIES:
            raise TooManyOfValue(value, counts[value])
