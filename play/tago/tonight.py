"""A night's Tagò (``/serata``): the nights of Tagò started in it, each replayed as its own
commands would (``play.tago.night``)."""

from __future__ import annotations

from datetime import datetime

from play.tago.night import NightRecord, record_of
from storage import UnitOfWork
from storage.tago import TAGO


async def nights_between(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime
) -> list[NightRecord]:
    """The chat's nights of Tagò started in ``[start, end)``, annulled ones left out and so
    are those closed with no hand played (opened by mistake: nothing happened at the table)."""
    stored = await work.games.started_between(chat_id, start, end)
    records = [await record_of(work, s) for s in stored if s.kind == TAGO]
    return [r for r in records if r.running or r.night.deals]
