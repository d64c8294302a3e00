"""A chat's life: a group upgraded to a supergroup keeps its history under its new id."""

from __future__ import annotations

from dataclasses import dataclass

from play import macchiavelli, records, results
from scoring.match import places
from storage import UnitOfWork
from storage.macchiavelli import MACCHIAVELLI


@dataclass(frozen=True)
class ChatMoved:
    """Chat ``old`` is chat ``new`` now; ``moved``: its history moved with it (``False``:
    it had moved already, or there was none)."""

    old: int
    new: int
    moved: bool


async def chat_moved(work: UnitOfWork, old: int, new: int) -> ChatMoved:
    """Move the history of chat ``old`` to chat ``new``. Telegram tells both chats; whichever
    is told first moves the history, the other finds nothing left to move. The old chat's
    games closed by the move get their places, and merged players their ratings anew."""
    move = await work.move_chat(old, new)
    if move is None:
        return ChatMoved(old, new, False)
    for game_id in move.closed:
        stored = await work.games.get(game_id)
        assert stored is not None
        if stored.kind == MACCHIAVELLI:
            match = macchiavelli.record_of(stored).match
            await results.keep_places(work, stored, places(match) if match.deals else None)
            continue
        record = records.record_of(stored)
        await results.keep(work, record, record.state, record.game)
    if move.merged:
        await results.rerate_chat(work, new)
    return ChatMoved(old, new, True)
