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


def dispatch(command: str, handler: Handler) -> Handler:
    """``handler`` of the shared ``command`` (its Italian name), handing over to the game the
    chat is playing when it is not Tamalo."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        if command in {"nuova", "torneo"} and (game := named(context.text_args)) is not None:
            await (game.new_game if command == "nuova" else game.tournament)(update, context)
            return
        try:
            await handler(update, context)
        except OtherGame as other:
            playing = OTHER_GAMES[other.kind]
            own = playing.handlers.get(command)
            if own is None:
                await message_of(update).reply_text(playing.refuses(command))
            else:
                await own(update, context)

    return wrapper
