"""``/entra`` (``/join``) and ``/esci`` (``/leave``) during a night of Tagò: the night's turns
at the chat-wide commands of a late arrival and a departure. Each is stored as an event of
the night, so ``/annulla`` takes back the latest, and a restart loses nothing."""

from __future__ import annotations

from bot.games.tago import seating
from bot.games.tago.night import acting_turn
from play.tago import night as play
from storage import Front, UnitOfWork


async def join_night(
    work: UnitOfWork, front: Front, text: str, *, message_id: int, user_id: int | None
) -> str:
    """``/entra Elena`` (``Elena=500``): she sits in the last seat with the table's stack (or
    more), bought in, for the next hand."""
    record = await play.running_night(work, front)
    arrivals = seating.parse_join(text, record.night.players)
    events = seating.joins(arrivals, record.night)
    after = await play.record_event(work, record, events, message_id=message_id, user_id=user_id)
    return seating.joined_reply(after.night, arrivals)


async def leave_night(
    work: UnitOfWork, front: Front, text: str, *, message_id: int, user_id: int | None
) -> str:
    """``/esci Dario``: his chips cashed out as they stand, his result kept for the end."""
    record = await play.running_night(work, front)
    players = seating.parse_leave(text, record.night.players, record.night.ledger.left)
    events = seating.leaves(players)
    after = await play.record_event(work, record, events, message_id=message_id, user_id=user_id)
    return seating.left_reply(after.night, players)


join = acting_turn(join_night)
leave = acting_turn(leave_night)
