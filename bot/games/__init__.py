"""The table of games: what the shared commands (``bot.commands``) need of each game, one entry
per game kind.

A shared command finds the chat's game here and asks it what only the game knows: ``/nuova``
by the word typed after it (none: the default, Tamalo), ``/mano``, ``/correggi``,
``/classifica`` and ``/grafico`` by the kind of the game read anyway (``GameRecord``), never
with a read of its own. Each game's modules are ``bot.games.<game>`` (its parsing, texts,
keypad, chart marks and own commands); games never import each other (import-linter's
``games-independent`` contract). Adding a game is one module and one line in ``GAMES``.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from telegram import InlineKeyboardMarkup, Update

from bot import refusals
from bot.context import Context
from bot.games.tago.game import TAGO
from bot.games.tamalo import TAMALO
from bot.handling import Command, Handler
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

    def own_handler(self, command: str) -> Handler | None:
        """The game's own handler of a command (its Italian name, or ``EDITED_HAND``), for a
        game whose play is not Tamalo's shape (Tagò's night: chips, no points), which takes
        each command it plays whole; ``None``: the shared handler serves it, asking the
        members above (Tamalo)."""
        ...


#: Every game, by kind. The first is the default: ``/nuova Anna Bruno`` starts it.
GAMES: dict[str, GameBot] = {
    TAMALO.kind: TAMALO,
    TAGO.kind: TAGO,
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


def dispatching(command: str, handler: Handler) -> Handler:
    """The shared ``handler`` of ``command``, unless a game takes it whole (``own_handler``):
    ``/nuova`` by the game it names, any other by the chat's game, as the shared handler
    finds it (``OtherGame``: a game that is not Tamalo's shape, read at no extra cost)."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: Context) -> None:
        if command == "nuova":
            own = named(context.text_args)[0].own_handler(command)
            if own is not None:
                await own(update, context)
                return
        try:
            await handler(update, context)
        except OtherGame as other:
            own = GAMES[other.kind].own_handler(command)
            if own is None:
                raise
            await own(update, context)

    return wrapper


def own_commands() -> dict[str, Command]:
    """Every game's own commands, by name (no two games may share one)."""
    return {command.name: command for game in GAMES.values() for command in game.commands}


def names_of(commands: Sequence[Command]) -> list[str]:
    """Every name and alias of ``commands``, each as often as it is taken."""
    return [name for command in commands for name in command.names]
