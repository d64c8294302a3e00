"""Card values and card lists such as ``A,7,KN`` (RULES.md, "Card values")."""

from __future__ import annotations

JOKER_VALUE = 15

_CARD_VALUES: dict[str, int] = {
    "A": 1,
    "J": 11,
    "F": 11,
    "Q": 12,
    "D": 12,
    "KN": 13,
    "RN": 13,
    "KB": 13,
    "KR": 0,
    "RR": 0,
} | {str(n): n for n in range(1, 11)}

_JOKERS = frozenset({"JK", "JOLLY"})


class CardError(ValueError):
    """A card list that cannot be read; ``token`` is the offending card."""

    def __init__(self, token: str, *, joker: bool = False) -> None:
        super().__init__(token)
        self.token = token
        self.joker = joker


def card_value(token: str, *, jokers: bool = False) -> int:
    """The value of one card token, case-insensitive; a Joker only when ``jokers``."""
    key = token.strip().upper()
    if key in _CARD_VALUES:
        return _CARD_VALUES[key]
    if key in _JOKERS:
        if jokers:
            return JOKER_VALUE
        raise CardError(token, joker=True)
    raise CardError(token)


def is_card(token: str) -> bool:
    """Whether ``token`` reads as a card (Jokers included), e.g. to keep names unambiguous."""
    key = token.strip().upper()
    return key in _CARD_VALUES or key in _JOKERS


def parse_cards(text: str, *, jokers: bool = False) -> int:
    """The total of a comma-separated card list: ``"A,7,KN"`` is 21."""
    tokens = text.split(",")
    if any(not token.strip() for token in tokens):
        raise CardError(text)
    return sum(card_value(token, jokers=jokers) for token in tokens)
