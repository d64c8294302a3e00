"""The table of games: what the shared commands (``bot.commands``) need of each game, one entry
per game kind.

A shared command finds the chat's game here and asks it what only the game knows: ``/nuova``
by the word typed after it (none: the default, Tamalo), ``/mano``, ``/correggi``,
``/classifica`` and ``/grafico`` by the kind of the game read anyway (``GameRecord``), never
with a read of its own. Each game's modules are ``bot.games.<game>`` (its parsing, texts,
keypad, chart marks and own commands); games never import each other (import-linter's
``games-independent`` contract). Adding a game is one module and one line in ``GAMES``.

A game whose hands Tamalo's shared handlers cannot play (Macchiavelli's deals) sits in
``OTHER_GAMES`` instead, with coarse hooks: its own handlers of the shared commands, which
every shared handler hands over to (``dispatch``, wrapped round each by ``bot.app``).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from telegram import InlineKeyboardMarkup, Update

from bot import playing as hints
from bot import refusals
from bot.context import Context
from bot.games.macchiavelli.game import GAME as MACCHIAVELLI
from bot.games.tago.game import GAME as TAGO
from bot.games.tamalo import TAMALO
from bot.handling import EDITED_DEAL as EDITED_DEAL
from bot.handling import Command, GameEntry, Handler, SharedAnswer, message_of
from bot.refusals import Mistake, Render
from bot.render import Renderer
from play.errors import OtherGame
from play.records import GameRecord
from storage import UnitOfWork


class NewGame(Protocol):
    """What a game's ``/nuova`` arguments come to: the players in seat order and its rules."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> Any: ...  # the game's own rules value (``scoring.<game>``)
    @property
    def first_dealer(self) -> int: ...
    @property
    def target_given(self) -> bool: ...


# The game values (``game``) and hands are each game's own types (``scoring.<game>``): typed
# ``Any`` here, since a shared command only hands them from ``play`` to the game and back.
class GameBot(Protocol):
    """What every game offers the shared commands."""

    @property
    def kind(self) -> str:
        """The kind stored with each of its games (``games.kind``)."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The words that name it after ``/nuova`` (folded), its name first."""
        ...

    @property
    def commands(self) -> tuple[Command, ...]:
        """Its own commands, placed in the menu by ``bot.commands.registry``."""
        ...

    @property
    def marks(self) -> type[enum.Enum]:
        """What its game chart marks on a player's line (a call won, a call lost…)."""
        ...

    @property
    def rule_texts(self) -> Mapping[type[Mistake], Render]:
        """What the chat is told when one of its own rules or actions refuses a change (added
        to ``bot.refusals.RULE_TEXTS``)."""
        ...

    @property
    def keypad_prefix(self) -> str:
        """The callback data's prefix of its ``/mano`` buttons (``bot.commands.entry``)."""
        ...

    def parse_new_game(self, text: str) -> NewGame: ...

    def read_hand(
        self,
        text: str,
        game: Any,
        *,
        number: int | None = None,
        elsewhere: Mapping[str, str] | None = None,
        joinable: bool = True,
    ) -> Any:
        """Hand ``number`` (``None``: the next one) of ``game`` as ``text`` reports it, or
        ``UserError``: a typed value, with no unit of work."""
        ...

    def game_started(self, game: Any, *, propose_target: bool = False) -> str: ...

    def offer(self, record: GameRecord, *, target_given: bool) -> InlineKeyboardMarkup | None:
        """The buttons under ``/nuova``'s reply, if any."""
        ...

    def hand_recorded(self, game: Any, label: str = "") -> str: ...

    def hand_fixed(self, game: Any, number: int, label: str = "") -> str: ...

    def standings(self, game: Any, *, running: bool, label: str = "") -> str: ...

    async def chart(
        self,
        renderer: Renderer,
        game: Any,
        title: str,
        colours: Mapping[str, int],
        *,
        finished: bool,
    ) -> bytes:
        """``game``'s chart as PNG bytes, drawn in a chart worker."""
        ...

    async def elsewhere(self, work: UnitOfWork, record: GameRecord) -> dict[str, str]:
        """Players of another of the chat's games (a tournament's table), each with what to
        tell a hand of ``record``'s game that names them."""
        ...

    def after(self, progress: Any) -> str:
        """What the reply to a hand, an undo or ``/fine`` adds about what it moved on (a
        tournament's table over, its final)."""
        ...


#: Every game, by kind. The first is the default: ``/nuova Anna Bruno`` starts it.
GAMES: dict[str, GameBot] = {
    TAMALO.kind: TAMALO,
}
DEFAULT: GameBot = next(iter(GAMES.values()))

for _game in GAMES.values():  # each refusal answered once, the shared ones or a game's own
    refusals.use_rule_texts(_game.rule_texts)


def played(record: GameRecord) -> GameBot:
    """The game ``record`` is a game of, from the kind read with it (no read of its own)."""
    return GAMES[record.kind]


def named(text: str) -> tuple[GameBot, str]:
    """The game ``/nuova``'s ``text`` starts, and the rest of it. Only another game than the
    default is named: ``/nuova Tamalo Anna`` stays a table with a player called Tamalo."""
    first, _, rest = text.strip().partition(" ")
    folded = first.casefold()
    for game in GAMES.values():
        if game is not DEFAULT and folded in game.names:
            return game, rest
    return DEFAULT, text


def own_commands() -> dict[str, Command]:
    """Every game's own commands, by name (no two games may share one)."""
    commands = [c for game in GAMES.values() for c in game.commands]
    commands += [c for other in OTHER_GAMES.values() for c in other.commands]
    return {command.name: command for command in commands}


def names_of(commands: Sequence[Command]) -> list[str]:
    """Every name and alias of ``commands``, each as often as it is taken."""
    return [name for command in commands for name in command.names]


#: The games that answer the shared commands with handlers of their own (coarse hooks: a
#: whole command, its unit of work and its reply), by kind: a shared command finds the chat
#: playing one of them (``play.errors.OtherGame``) and hands over (``dispatch``). Tamalo's are
#: the shared handlers themselves.
OTHER_GAMES: dict[str, GameEntry] = {MACCHIAVELLI.kind: MACCHIAVELLI, TAGO.kind: TAGO}
for _other in OTHER_GAMES.values():
    refusals.use_rule_texts(_other.rule_texts)


def named_other(text: str) -> GameEntry | None:
    """The game ``/nuova``'s ``text`` names first, if not Tamalo (``/nuova Tamalo Anna``
    stays a table with a player called Tamalo)."""
    first = text.strip().partition(" ")[0].casefold()
    return next((game for game in OTHER_GAMES.values() if first in game.names), None)


def playing(chat_id: int, kind: str) -> None:
    """Chat ``chat_id`` was found playing ``kind`` (``bot.playing``'s hint)."""
    hints.found(chat_id, kind if kind in OTHER_GAMES else None)


def dispatch(command: str, handler: Handler) -> Handler:
    """``handler`` of the shared ``command`` (its Italian name), handing over to the game the
    chat is playing when it is not Tamalo."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        chat_id = update.effective_chat.id if update.effective_chat is not None else 0
        if command in {"nuova", "torneo"} and (game := named_other(context.text_args)) is not None:
            playing(chat_id, game.kind)
            await (game.new_game if command == "nuova" else game.tournament)(update, context)
            return
        hinted = OTHER_GAMES.get(hints.kind_of(chat_id) or "")
        first = hinted.handlers.get(command) if hinted is not None else None
        try:
            await (first or handler)(update, context)
        except SharedAnswer:
            await handler(update, context)
        except OtherGame as other:  # nothing changed: the game found takes over
            playing(chat_id, other.kind)
            found = OTHER_GAMES.get(other.kind)
            if found is None:  # Tamalo's
                await handler(update, context)
            elif (own := found.handlers.get(command)) is not None:
                await own(update, context)
            else:
                try:  # with the hint now set, a game's hook may take it (a tournament's)
                    await handler(update, context)
                except OtherGame:
                    await message_of(update).reply_text(found.refuses(command))

    return wrapper
