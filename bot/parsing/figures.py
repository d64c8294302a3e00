"""Which figures to show: ``/classifica``, ``/leaderboard``, ``/stats``."""

from __future__ import annotations

from bot import texts
from bot.parsing.words import parse_nothing, tokens
from bot.refusals import UserError


def parse_leaderboard(text: str) -> None:
    """``/leaderboard`` alone (``/classifica generale`` is read by ``parse_standings``)."""
    parse_nothing(text, "leaderboard")


def parse_standings(text: str) -> bool:
    """``/classifica`` alone is the running game; ``/classifica generale`` the all-time one."""
    words = tokens(text)
    if not words:
        return False
    if len(words) == 1 and words[0].casefold() in texts.stats.GENERAL_WORDS:
        return True
    raise UserError(texts.stats.standings_argument())


def parse_stats(text: str) -> str | None:
    """``/stats Anna`` → "Anna"; ``/stats`` alone → ``None``, the whole chat."""
    words = tokens(text)
    if len(words) > 1:
        raise UserError(texts.stats.stats_one_name())
    return words[0] if words else None
