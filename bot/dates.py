"""Moments as a chat sees them: its time zone, and which night a game belongs to."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

#: A night runs until this hour of the next morning: a game at 1 a.m. is still "tonight".
NIGHT_ENDS = time(6)


def local(moment: datetime, timezone: str) -> datetime:
    """``moment`` in the chat's time zone (SQLite gives back UTC without a zone)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(ZoneInfo(timezone))


def day(moment: datetime, timezone: str) -> str:
    """ "22/11/2026"."""
    return f"{local(moment, timezone):%d/%m/%Y}"


def evening(moment: datetime, timezone: str) -> str:
    """The day of the evening ``moment`` belongs to, as ``/serata`` counts it: a game started
    at 00:24 on 2/12 is 01/12's."""
    return f"{night_of(moment, timezone)[0]:%d/%m/%Y}"


def night_of(moment: datetime, timezone: str) -> tuple[date, datetime, datetime]:
    """The night ``moment`` belongs to: its date (the evening's), and when it starts and ends
    (6 a.m. to 6 a.m. in the chat's time zone), in UTC."""
    here = local(moment, timezone)
    evening = (here - timedelta(hours=NIGHT_ENDS.hour, minutes=NIGHT_ENDS.minute)).date()
    zone = ZoneInfo(timezone)
    start = datetime.combine(evening, NIGHT_ENDS, zone)
    end = datetime.combine(evening + timedelta(days=1), NIGHT_ENDS, zone)
    return evening, start.astimezone(UTC), end.astimezone(UTC)
