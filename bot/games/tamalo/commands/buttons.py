"""Tamalo's buttons that confirm an action, and their callback data, far below Telegram's 64
bytes: ``same:<pending hand id>:y|n`` (a hand equal to the previous one) and
``entra:<game id>:<name>`` (seat a newcomer whose name is a letter off a player's). Their
presses are answered by ``bot.games.tamalo.commands.confirm``."""

from __future__ import annotations

import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.games.tamalo import texts

#: Ids up to nine digits: a longer (forged) one is a stale button, never a database error.
SAME = re.compile(r"^same:(\d{1,9}):([yn])$")
#: A name has neither spaces nor colons; what it is made of is checked as if typed.
JOIN = re.compile(r"^entra:(\d{1,9}):(\S+)$")
#: Every callback data of these buttons (well formed or not).
PATTERN = r"^(same|entra):"
#: Telegram's limit on a button's callback data, in bytes.
MAX_DATA = 64


def same_hand(pending_id: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    texts.hands.same_hand_yes(), callback_data=f"same:{pending_id}:y"
                )
            ],
            [
                InlineKeyboardButton(
                    texts.hands.same_hand_no(), callback_data=f"same:{pending_id}:n"
                )
            ],
        ]
    )


def join_new(game_id: int, name: str) -> InlineKeyboardMarkup | None:
    """Seat ``name`` in the game, as ``/entra <name> nuovo`` does. Everything the press needs
    is in the data (the database says the rest), so it works after a restart; none for a name
    too long in bytes (letters of other alphabets take two or more), which is typed instead."""
    data = f"entra:{game_id}:{name}"
    if len(data.encode()) > MAX_DATA:
        return None
    button = InlineKeyboardButton(texts.mistakes.join_new_button(name), callback_data=data)
    return InlineKeyboardMarkup([[button]])
