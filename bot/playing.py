"""Which game each chat was last found playing, when not Tamalo: a hint kept by this process,
so that a command goes to that game's handler first (``bot.games.dispatch``), and so that a
Tamalo chat's command costs no read to learn it is not another game's.

Only a hint: each handler checks the game it finds (``OtherGame``), so a stale or missing
hint (another process, a restart, a game since) costs one attempt, never a wrong answer.
The latest few thousand chats.
"""

from __future__ import annotations

_PLAYING: dict[int, str] = {}
MOST = 4096


def kind_of(chat_id: int) -> str | None:
    """The kind chat ``chat_id`` was last found playing, if another game than Tamalo."""
    return _PLAYING.get(chat_id)


def found(chat_id: int, kind: str | None) -> None:
    """Chat ``chat_id`` was found playing ``kind`` (``None``: Tamalo, or nothing)."""
    _PLAYING.pop(chat_id, None)
    if kind is not None:
        _PLAYING[chat_id] = kind
        if len(_PLAYING) > MOST:
            del _PLAYING[next(iter(_PLAYING))]


def forget() -> None:
    """Forget every hint, as a restart does."""
    _PLAYING.clear()
