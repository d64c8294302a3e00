"""The rules of Tagò the engine refuses to break (RULES-tago.md), one error each.

Each is a ``scoring.errors.RuleBroken`` carrying who and what was involved, so that the bot
can answer each kind in words of its own (``bot.refusals``). Amounts are in cents, card
values in halves (``scoring.tago.cards``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import RuleBroken

#: Who a card count is about when it is the dealer's three cards.
PUNTO = "PUNTO"


class UnknownCard(RuleBroken):
    """A token that is no card: ``0``…``8``, ``½``, ``1/2``, ``0.5``, ``0,5`` or ``m``."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token!r} is not a Tagò card")
        self.token = token


class WrongNumberOfCards(RuleBroken):
    """A player (or the PUNTO, ``player == PUNTO``) with other than the cards expected."""

    def __init__(self, player: str, count: int, expected: int = 3) -> None:
        super().__init__(f"{player} has {count} cards, not {expected}")
        self.player = player
        self.count = count
        self.expected = expected


class TooManyOfValue(RuleBroken):
    """A value seen more than three times among the PUNTO and the hands (30 cards, 3 each)."""

    def __init__(self, value: int, count: int) -> None:
        super().__init__(f"value {value}/2 is used {count} times, at most 3")
        self.value = value
        self.count = count


class PlayerCount(RuleBroken):
    """A showdown or a hand is played by 2 to 8 players."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} players: Tagò is played by 2 to 8")
        self.count = count


class ChoiceNeeded(RuleBroken):
    """The PUNTO has a pair and the first player's choice is missing: ``options`` are the
    sum of its three cards and its third card alone (halves)."""

    def __init__(self, options: tuple[int, int]) -> None:
        super().__init__(f"the PUNTO is worth {options[0]}/2 or {options[1]}/2: choose")
        self.options = options


class NotAnOption(RuleBroken):
    """A choice for the PUNTO that is neither of its values (``options``)."""

    def __init__(self, choice: int, options: Sequence[int]) -> None:
        super().__init__(f"the PUNTO cannot be worth {choice}/2")
        self.choice = choice
        self.options = tuple(options)


class AmbiguousCards(RuleBroken):
    """A list that reads two ways, because ``0,5`` is also the half: ``½`` or ``m`` says it."""

    def __init__(self, text: str) -> None:
        super().__init__(f"{text!r} reads two ways: write the half as ½ or m")
        self.text = text
