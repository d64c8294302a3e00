"""The periods of a ladder (``bot.periods``) at their boundaries, and how they are typed."""

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.parsing import parse_leaderboard, parse_standings
from bot.periods import Period, first_day, since
from bot.refusals import UserError

ROME = "Europe/Rome"


def rome(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=ZoneInfo(ROME))


@pytest.mark.parametrize(
    ("now", "period", "first"),
    [
        # Monday 30/11/2026: before 6 a.m. it is still Sunday's night, last week's.
        (rome(2026, 11, 30, 5, 59), Period.WEEK, date(2026, 11, 23)),
        (rome(2026, 11, 30, 6, 0), Period.WEEK, date(2026, 11, 30)),
        (rome(2026, 12, 6, 23, 0), Period.WEEK, date(2026, 11, 30)),  # Sunday: the same week
        (rome(2026, 12, 1, 5, 0), Period.MONTH, date(2026, 11, 1)),
        (rome(2026, 12, 1, 7, 0), Period.MONTH, date(2026, 12, 1)),
        (rome(2027, 1, 1, 2, 0), Period.YEAR, date(2026, 1, 1)),
        (rome(2027, 1, 1, 6, 0), Period.YEAR, date(2027, 1, 1)),
    ],
)
def test_a_period_starts_on_its_first_evening(now: datetime, period: Period, first: date) -> None:
    assert first_day(period, now, ROME) == first
    assert first_day(Period.ALL, now, ROME) is None


def test_a_period_starts_at_six_in_the_chats_time_zone() -> None:
    assert since(date(2026, 11, 30), ROME) == datetime(2026, 11, 30, 5, tzinfo=UTC)
    assert since(date(2026, 6, 1), ROME) == datetime(2026, 6, 1, 4, tzinfo=UTC)  # summer time
    assert since(date(2026, 11, 30), "America/New_York") == datetime(2026, 11, 30, 11, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "period"),
    [
        ("", None),
        ("generale", Period.ALL),
        ("general week", Period.WEEK),
        ("Generale MESE", Period.MONTH),
        ("settimana", Period.WEEK),
        ("sempre anno", Period.YEAR),
    ],
)
def test_standings_name_a_period_after_generale(typed: str, period: Period | None) -> None:
    assert parse_standings(typed) == period


def test_the_leaderboard_takes_a_period_or_nothing() -> None:
    assert parse_leaderboard("") is Period.ALL
    assert parse_leaderboard("year") is Period.YEAR
    for typed in ("generale", "week month", "ieri"):
        with pytest.raises(UserError, match="non è un periodo"):
            parse_leaderboard(typed)
    with pytest.raises(UserError, match="non è un periodo"):
        parse_standings("generale oggi")
    with pytest.raises(UserError, match="/classifica mostra la partita in corso"):
        parse_standings("ieri")
