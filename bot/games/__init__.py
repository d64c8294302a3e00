"""The table of games: one entry per game kind, each a ``bot.table.Game`` offering the same
protocol. Adding a game is its folder in each layer and one line in ``GAMES``.

A chat-wide command finds the chat's game here by the kind stored with its games
(``bot.commands.dispatch``), ``/nuova`` and ``/torneo`` by the word typed after them (none:
the default, the first). Each game's modules are ``bot.games.<game>``; games never import
each other (import-linter's contracts), and no shared module names one.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot import refusals
from bot.games.macchiavelli import GAME as MACCHIAVELLI
from bot.games.punti import GAME as PUNTI
from bot.games.tago.game import GAME as TAGO
from bot.games.tamalo import GAME as TAMALO
from bot.handling import Command
from bot.table import Game

#: Every game, by kind. The first is the default: ``/nuova Anna Bruno`` starts it.
GAMES: dict[str, Game] = {game.kind: game for game in (TAMALO, MACCHIAVELLI, TAGO, PUNTI)}
DEFAULT: Game = next(iter(GAMES.values()))

for _game in GAMES.values():  # each refusal answered once, the shared ones or a game's own
    refusals.use_rule_texts(_game.rule_texts)


def of(kind: str) -> Game:
    """The game of a stored game's ``kind``."""
    return GAMES[kind]


def named(text: str) -> tuple[Game | None, str]:
    """The game ``/nuova``'s (``/torneo``'s) ``text`` names first, and the rest of it; none
    named: ``None`` and the whole text. The default is never named: ``/nuova Tamalo Anna``
    stays a table with a player called Tamalo."""
    first, _, rest = text.strip().partition(" ")
    folded = first.casefold()
    for game in GAMES.values():
        if game is not DEFAULT and folded in game.names:
            return game, rest
    return None, text


def taken() -> frozenset[str]:
    """Every word that names a game of the table (casefolded)."""
    return frozenset(name for game in GAMES.values() for name in game.names)


def own_commands() -> dict[str, Command]:
    """Every game's own commands, by name (no two games may share one)."""
    return {command.name: command for game in GAMES.values() for command in game.commands}


def names_of(commands: Sequence[Command]) -> list[str]:
    """Every name and alias of ``commands``, each as often as it is taken."""
    return [name for command in commands for name in command.names]
