"""The table of games: every game offers what the shared commands ask of it, and the command
names stay one each, whatever game declares them."""

from __future__ import annotations

import inspect
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot import games
from bot.commands.registry import COMMANDS
from bot.games import GAMES, GameBot
from bot.games.tamalo import TAMALO
from bot.handling import Command

#: The menu as it was before the games had modules of their own: names, aliases and order.
MENU = [
    ("nuova", "new"), ("mano", "hand"), ("classifica", "standings"), ("correggi", "fix"),
    ("annulla", "undo"), ("mazziere", "dealer"), ("entra", "join"), ("esci", "leave"),
    ("fine", "end"), ("riapri", "reopen"), ("rivincita", "rematch"), ("torneo", "tournament"),
    ("tresei", "tressex"), ("grafico", "chart"), ("previsione", "forecast"),
    ("serata", "tonight"), ("stats", "stats"), ("leaderboard", "leaderboard"),
    ("esporta", "export"), ("impostazioni", "settings"), ("lingua", "language"),
    ("regole", "rules"), ("mosse", "moves"), ("mossa", "move"), ("dicono", "rumours"),
    ("sonoio", "iam"), ("aiuto", "help"), ("giudica", "judge"), ("quote", "odds"),
    ("tavoli", "tables"), ("cartellini", "cards"),
    ("ricarica", "rebuy"), ("curioso", "curious"), ("jackpot", "jackpot"), ("saldo", "settle"),
]  # fmt: skip

#: What ``GameBot`` asks of a game: its attributes and methods (not those of ``Protocol``).
INTERFACE = sorted(
    name
    for name, _ in inspect.getmembers(GameBot)
    if not name.startswith("_") and name not in dir(object)
)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_offers_the_common_interface(kind: str) -> None:
    game = GAMES[kind]

    missing = [name for name in INTERFACE if not hasattr(game, name)]
    assert missing == [], (kind, missing)
    assert game.kind == kind
    assert game.names
    assert all(name == name.casefold() for name in game.names)
    for name in INTERFACE:
        wanted = inspect.getattr_static(GameBot, name)
        if inspect.isfunction(wanted):  # a method, with the same parameters as asked
            asked = list(inspect.signature(wanted).parameters)[1:]
            offered = list(inspect.signature(getattr(game, name)).parameters)
            assert offered == asked, (kind, name)


def test_the_interface_is_what_the_shared_commands_use() -> None:
    assert {"parse_new_game", "read_hand", "hand_recorded", "standings", "chart"} <= set(INTERFACE)
    assert {"commands", "keypad_prefix", "marks", "names", "kind"} <= set(INTERFACE)


def placed(command: Command) -> bool:
    """A game's own command is in the menu: as declared, or with the Macchiavelli
    tournament's hook in front of its handler (``bot.commands.registry.hook``; the same
    name, alias, description and place)."""
    return any(replace(c, handler=command.handler) == command for c in COMMANDS)


def test_no_command_name_is_taken_twice_across_games_and_shared_commands() -> None:
    taken = Counter(games.names_of(COMMANDS))
    for game in GAMES.values():  # a game's command not placed in the menu is counted too
        taken.update(games.names_of([c for c in game.commands if not placed(c)]))

    assert [name for name, times in taken.items() if times > 1] == []


def test_every_games_own_command_is_in_the_menu_once() -> None:
    for game in GAMES.values():
        for command in game.commands:
            assert [replace(c, handler=command.handler) for c in COMMANDS].count(command) == 1, (
                command.name
            )


def test_the_menu_keeps_its_names_aliases_and_order() -> None:
    assert [(c.name, c.alias) for c in COMMANDS] == MENU


def test_tamalo_is_the_default_and_needs_no_name() -> None:
    assert games.DEFAULT is TAMALO
    assert games.named("Anna Bruno") == (TAMALO, "Anna Bruno")
    # A player called Tamalo stays a player: only another game than the default is named.
    assert games.named("Tamalo Anna") == (TAMALO, "Tamalo Anna")


def test_tamalos_buttons_keep_their_callback_data() -> None:
    """Buttons sent before the games had modules of their own keep working."""
    from bot.commands.entry import PATTERN
    from bot.games.tamalo.commands.target import CALLBACK
    from bot.games.tamalo.keypad import callback, parse_callback

    assert TAMALO.keypad_prefix == "mano"
    assert PATTERN == "^mano:"
    assert callback(7, 2, "d3") == "mano:7:2:d3"
    assert parse_callback("mano:7:2:d3") is not None
    assert CALLBACK.match("soglia:12") is not None


def test_another_game_is_named_after_nuova_and_found_by_the_kind_of_its_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scopa = replace(TAMALO, kind="scopa", names=("scopa", "scopone"), commands=())
    monkeypatch.setitem(GAMES, "scopa", scopa)

    assert games.named("Scopone Anna Bruno") == (scopa, "Anna Bruno")
    assert games.named("Anna Bruno") == (TAMALO, "Anna Bruno")
    assert games.played(SimpleNamespace(kind="scopa")) is scopa  # type: ignore[arg-type]
    assert games.played(SimpleNamespace(kind="tamalo")) is TAMALO  # type: ignore[arg-type]
