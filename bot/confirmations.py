"""The confirmation every game's ``/fine`` asks for once something was played, and the button
that reopens a game just closed: their buttons and callback data (``fine:<game id>:y|n``,
``riapri:<game id>``), far below Telegram's 64 bytes. The presses are answered by
``bot.commands.confirm``, which asks the game of the stored kind (``bot.table.Game.closing``).
Here, below every game, so that each game's turn at ``/fine`` can ask."""

from __future__ import annotations

import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import _

#: Ids up to nine digits: a longer (forged) one is a stale button, never a database error.
END = re.compile(r"^fine:(\d{1,9}):([yn])$")
REOPEN = re.compile(r"^riapri:(\d{1,9})$")


def end_yes() -> str:
    return _("🏁 Sì, chiudi la partita")


def end_no() -> str:
    return _("▶️ No, continuiamo")


def reopen_label() -> str:
    return _("↩️ Riapri la partita")


def ask_to_end(game_id: int, yes: str | None = None) -> InlineKeyboardMarkup:
    """Close game ``game_id`` now (``yes``: the game's own words for it), or go on."""
    return InlineKeyboardMarkup(
        [
            [InlineKeyboardButton(yes or end_yes(), callback_data=f"fine:{game_id}:y")],
            [InlineKeyboardButton(end_no(), callback_data=f"fine:{game_id}:n")],
        ]
    )


def reopen_button(game_id: int) -> InlineKeyboardMarkup:
    """Reopen game ``game_id``, just closed."""
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(reopen_label(), callback_data=f"riapri:{game_id}")]]
    )
