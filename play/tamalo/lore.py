"""The chat's hall of fame: ``/mossa coppiona Anna`` records that Anna made one more."""

from __future__ import annotations

from dataclasses import dataclass

from play.people import unknown
from storage import UnitOfWork
from storage.tamalo.named import NamedMoves


@dataclass(frozen=True)
class MoveRecorded:
    """``player`` (as first typed in the chat) has made the move ``times`` times now."""

    player: str
    times: int


async def record_move(work: UnitOfWork, chat_id: int, name: str, move: str) -> MoveRecorded:
    """One more ``move`` (its key) for the chat's player ``name``; refused if nobody played
    under that name."""
    recorded = await work.store(NamedMoves).record(chat_id, name, move)
    if recorded is None:
        await unknown(work, chat_id, name)
    return MoveRecorded(*recorded)
