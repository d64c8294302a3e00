"""Chips, card values and names as Tagò's replies write them, in the language in force."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import pgettext
from bot.texts.common import names
from scoring.tago import format_cards, format_halves

CENTS = 100


def chips(cents: int) -> str:
    """An amount of chips: whole ones as ``300``, with cents as ``2,50`` in Italian and
    ``2.50`` in English."""
    sign = "−" if cents < 0 else ""
    whole, part = divmod(abs(cents), CENTS)
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole}{pgettext('decimal separator', ',')}{part:02d}"


def signed_chips(cents: int) -> str:
    """A gain or a loss: ``+50``, ``−2,50``, ``0``."""
    return f"+{chips(cents)}" if cents > 0 else chips(cents)


def value(halves: int) -> str:
    """A card value or a score: ``4½``, ``½``, ``11``."""
    return format_halves(halves)


def cards(shown: Sequence[int]) -> str:
    """Cards as typed: ``4,4,2``, ``3,1,½``."""
    return format_cards(shown)


def who(players: Sequence[str]) -> str:
    """ "Anna", "Anna e Bruno", "Anna, Bruno e Carlo" in the language in force."""
    return names(players)


def percent(chance: float, error: float = 0.0) -> str:
    """A chance as a percentage with one decimal, and its error when sampled:
    ``37,5%``, ``12,3% ±0,2``."""
    comma = pgettext("decimal separator", ",")
    text = f"{100 * chance:.1f}".replace(".", comma) + "%"
    if error:
        text += " ±" + f"{100 * error:.1f}".replace(".", comma)
    return text
