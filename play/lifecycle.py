"""A chat's life: a group upgraded to a supergroup keeps its history under its new id."""

from __future__ import annotations

from dataclasses import dataclass

from storage import UnitOfWork


@dataclass(frozen=True)
class ChatMoved:
    """Chat ``old`` is chat ``new`` now; ``moved``: its history moved with it (``False``:
    it had moved already, or there was none)."""

    old: int
    new: int
    moved: bool


async def chat_moved(work: UnitOfWork, old: int, new: int) -> ChatMoved:
    """Move the history of chat ``old`` to chat ``new``. Telegram tells both chats; whichever
    is told first moves the history, the other finds nothing left to move."""
    return ChatMoved(old, new, await work.move_chat(old, new))
