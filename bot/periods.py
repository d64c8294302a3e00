"""The periods a ladder of results may cover (``/classifica generale settimana``): all time,
or the current calendar week (from Monday), month or year in the chat's time zone. A night
belongs to the day of its evening (``bot.dates.night_of``): one started at 1 a.m. on a Monday
still counts for Sunday's."""

from __future__ import annotations

import enum
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from bot.dates import NIGHT_ENDS, night_of


class Period(enum.Enum):
    ALL = "all"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"


#: The words that name a period after ``/classifica generale`` (or ``/leaderboard``), in
#: either language whatever the chat's.
PERIOD_WORDS = {
    "settimana": Period.WEEK,
    "week": Period.WEEK,
    "mese": Period.MONTH,
    "month": Period.MONTH,
    "anno": Period.YEAR,
    "year": Period.YEAR,
}


def first_day(period: Period, now: datetime, timezone: str) -> date | None:
    """The first evening of ``period`` as it stands at ``now`` (``None``: all time)."""
    today = night_of(now, timezone)[0]
    if period is Period.WEEK:
        return date.fromordinal(today.toordinal() - today.weekday())
    if period is Period.MONTH:
        return today.replace(day=1)
    if period is Period.YEAR:
        return today.replace(month=1, day=1)
    return None


def since(day: date, timezone: str) -> datetime:
    """When the night of evening ``day`` starts (6 a.m. there), in UTC: what was started
    from then on belongs to ``day`` or later."""
    return datetime.combine(day, NIGHT_ENDS, ZoneInfo(timezone)).astimezone(UTC)
