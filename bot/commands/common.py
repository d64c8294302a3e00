"""What every command shares lives in ``bot.handling`` (a game's own commands use it too, below
``bot.commands``); named here as well, for the shared commands' imports."""

from bot.handling import (
    Handler,
    admins_only,
    changes,
    changing,
    chat_id_of,
    is_admin,
    may_undo_and_fix,
    message_of,
    on_claim,
    reading,
    replies_to_mistakes,
    sender_id,
)

__all__ = [
    "Handler",
    "admins_only",
    "changes",
    "changing",
    "chat_id_of",
    "is_admin",
    "may_undo_and_fix",
    "message_of",
    "on_claim",
    "reading",
    "replies_to_mistakes",
    "sender_id",
]
