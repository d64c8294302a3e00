"""Which figures to show: ``/classifica``, ``/leaderboard``, ``/stats``."""

from __future__ import annotations

from bot import texts
from bot.parsing.words import tokens
from bot.periods import PERIOD_WORDS, Period
from bot.refusals import UserError
from bot.texts import figures


def parse_leaderboard(text: str) -> Period:
    """``/leaderboard`` alone is all time; ``/leaderboard week`` (``month``, ``year``) a
    period (``/classifica generale`` is read by ``parse_standings``)."""
    return _period(tokens(text), general=False)


def parse_standings(text: str) -> Period | None:
    """``/classifica`` alone is the running game (``None``); ``/classifica generale`` the
    all-time ladders, ``/classifica generale settimana`` (or ``/classifica settimana``) a
    period's."""
    words = tokens(text)
    if not words:
        return None
    if words[0].casefold() in figures.GENERAL_WORDS or words[0].casefold() in PERIOD_WORDS:
        return _period(words)
    raise UserError(figures.standings_argument())


def _period(words: list[str], *, general: bool = True) -> Period:
    """The period named by ``words``: nothing (or ``generale`` alone) for all time, else
    one of ``PERIOD_WORDS``, after ``generale`` or not (``general``: it may be said)."""
    if general and words and words[0].casefold() in figures.GENERAL_WORDS:
        words = words[1:]
    if not words:
        return Period.ALL
    if len(words) == 1 and (period := PERIOD_WORDS.get(words[0].casefold())) is not None:
        return period
    raise UserError(texts.periods.not_a_period(" ".join(words)))


def parse_stats(text: str) -> str | None:
    """``/stats Anna`` → "Anna"; ``/stats`` alone → ``None``, the whole chat."""
    words = tokens(text)
    if len(words) > 1:
        raise UserError(figures.stats_one_name())
    return words[0] if words else None
