"""A chat's life: a group upgraded to a supergroup keeps its history under its new id."""

from __future__ import annotations

from dataclasses import dataclass

from play import ladders
from storage import StoredGame, UnitOfWork


@dataclass(frozen=True)
class ChatMoved:
    """Chat ``old`` is chat ``new`` now; ``moved``: its history moved with it (``False``:
    it had moved already, or there was none); ``closed``: the old chat's games the move
    closed, whose places each game keeps (as after ``/fine``); ``merged``: players merged,
    whose ratings are worked out anew (``rerate``) once the places are kept."""

    old: int
    new: int
    moved: bool
    closed: tuple[StoredGame, ...] = ()
    merged: bool = False


async def chat_moved(work: UnitOfWork, old: int, new: int) -> ChatMoved:
    """Move the history of chat ``old`` to chat ``new``. Telegram tells both chats; whichever
    is told first moves the history, the other finds nothing left to move."""
    move = await work.move_chat(old, new)
    if move is None:
        return ChatMoved(old, new, False)
    closed = []
    for game_id in move.closed:
        stored = await work.games.get(game_id)
        assert stored is not None
        closed.append(stored)
    return ChatMoved(old, new, True, tuple(closed), bool(move.merged))


async def rerate(work: UnitOfWork, chat_id: int) -> None:
    """Every rating ladder of the chat worked out anew (players merged by a move)."""
    await ladders.rerate_chat(work, chat_id)
