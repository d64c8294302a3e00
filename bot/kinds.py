"""The games beside Tamalo, as the shared commands hand over to them (a stand-in for the
table of games, ``bot.games``, until the per-game seam's bot half is merged).

Every shared command's handler is wrapped (``dispatch``, by ``bot.app``): ``/nuova`` (or
``/torneo``) naming another game starts that game (its tournament); a command that finds the
chat's game is another game's (``play.errors.OtherGame``, raised before anything changed) is
handed to that game's own handler, or answered that it does not apply to it.
"""

from __future__ import annotations

import functools

from telegram import Update

from bot.commands.common import Handler, message_of
from bot.context import Context
from bot.games.macchiavelli.game import EDITED_DEAL as EDITED_DEAL
from bot.games.macchiavelli.game import GAME as MACCHIAVELLI
from bot.games.macchiavelli.game import GameEntry
from play.errors import OtherGame

#: Every game other than Tamalo, by kind.
OTHER_GAMES: dict[str, GameEntry] = {MACCHIAVELLI.kind: MACCHIAVELLI}


def named(text: str) -> GameEntry | None:
    """The game ``/nuova``'s ``text`` names first, if not Tamalo (``/nuova Tamalo Anna``
    stays a table with a player called Tamalo)."""
    first = text.strip().partition(" ")[0].casefold()
    return next((game for game in OTHER_GAMES.values() if first in game.names), None)


#: The kind each chat was last found playing, when not Tamalo: a hint, so that a command of
#: a chat playing another game goes to that game's handler first. Each handler checks the
#: game it finds (``OtherGame``), so a stale hint (another process, a game since) costs one
#: attempt, never a wrong answer. The latest few thousand chats.
_PLAYING: dict[int, str] = {}
_PLAYING_MOST = 4096


def playing(chat_id: int, kind: str) -> None:
    """Chat ``chat_id`` was found playing ``kind``."""
    if kind in OTHER_GAMES:
        _PLAYING.pop(chat_id, None)
        _PLAYING[chat_id] = kind
        if len(_PLAYING) > _PLAYING_MOST:
            del _PLAYING[next(iter(_PLAYING))]
    else:
        _PLAYING.pop(chat_id, None)


def dispatch(command: str, handler: Handler) -> Handler:
    """``handler`` of the shared ``command`` (its Italian name), handing over to the game the
    chat is playing when it is not Tamalo."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        chat_id = update.effective_chat.id if update.effective_chat is not None else 0
        if command in {"nuova", "torneo"} and (game := named(context.text_args)) is not None:
            playing(chat_id, game.kind)
            await (game.new_game if command == "nuova" else game.tournament)(update, context)
            return
        hinted = OTHER_GAMES.get(_PLAYING.get(chat_id, ""))
        first = hinted.handlers.get(command) if hinted is not None else None
        try:
            await (first or handler)(update, context)
        except OtherGame as other:  # nothing changed: the game found takes over
            playing(chat_id, other.kind)
            found = OTHER_GAMES.get(other.kind)
            if found is None:  # Tamalo's
                await handler(update, context)
            elif (own := found.handlers.get(command)) is None:
                await message_of(update).reply_text(found.refuses(command))
            else:
                await own(update, context)

    return wrapper
