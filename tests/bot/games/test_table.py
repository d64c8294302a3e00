"""The table of games: every game is an entry of the same protocol (``bot.table.Game``), the
chat-wide commands are one list every game answers, and the command names stay one each,
whatever game declares them."""

from __future__ import annotations

import dataclasses
from collections import Counter

from bot import games
from bot.commands.dispatch import CHANGING, EDITED_DEAL
from bot.commands.registry import CHAT_WIDE, COMMANDS
from bot.games import GAMES
from bot.games.tamalo import GAME as TAMALO
from bot.table import Game

#: The menu's names and aliases, in order: the chat-wide commands, then each game's own.
MENU = [
    ("nuova", "new"), ("mano", "hand"), ("classifica", "standings"), ("correggi", "fix"),
    ("annulla", "undo"), ("mazziere", "dealer"), ("entra", "join"), ("esci", "leave"),
    ("fine", "end"), ("riapri", "reopen"), ("rivincita", "rematch"), ("tresei", "tressex"),
    ("torneo", "tournament"),
    ("grafico", "chart"), ("tavolo", "table"), ("serata", "tonight"), ("stats", "stats"),
    ("leaderboard", "leaderboard"), ("esporta", "export"), ("impostazioni", "settings"),
    ("lingua", "language"), ("regole", "rules"), ("sonoio", "iam"), ("aiuto", "help"),
    ("previsione", "forecast"), ("mosse", "moves"), ("mossa", "move"),
    ("dicono", "rumours"),
    ("tavoli", "tables"), ("cartellini", "cards"),
    ("giudica", "judge"), ("quote", "odds"), ("ricarica", "rebuy"), ("curioso", "curious"),
    ("jackpot", "jackpot"), ("saldo", "settle"),
    ("giochi", "games"),
]  # fmt: skip

#: The turns a game may take: the chat-wide commands, and an edited /mano.
TURNS = {c.name for c in CHAT_WIDE} | {EDITED_DEAL}


def test_every_game_is_an_entry_of_the_one_protocol() -> None:
    for kind, game in GAMES.items():
        assert isinstance(game, Game)
        assert game.kind == kind
        assert game.names
        assert all(name == name.casefold() for name in game.names)
        assert game.title()
        assert set(game.actions) <= TURNS, (kind, set(game.actions) - TURNS)
        assert game.help(False)
        assert game.help(True)


def test_every_game_plays_and_ends_what_it_starts() -> None:
    """What a table needs of any game: to start one, record a deal, fix and undo it, see the
    standings, end it (asking first) and reopen it."""
    needed = {"nuova", "mano", "correggi", "annulla", "classifica", "fine", "riapri"}
    for kind, game in GAMES.items():
        assert needed <= set(game.actions), (kind, needed - set(game.actions))
        assert game.closing is not None, kind


def test_the_chat_wide_commands_that_change_a_chat_claim_their_message() -> None:
    assert {"nuova", "mano", "correggi", "annulla", "fine", "riapri", "rivincita"} <= CHANGING
    assert "classifica" not in CHANGING


def test_no_command_name_is_taken_twice_across_games_and_shared_commands() -> None:
    taken = Counter(games.names_of(COMMANDS))
    assert [name for name, times in taken.items() if times > 1] == []


def test_every_games_own_command_is_in_the_menu_once() -> None:
    for game in GAMES.values():
        for command in game.commands:
            assert COMMANDS.count(command) == 1, command.name


def test_the_menu_keeps_its_names_aliases_and_order() -> None:
    assert [(c.name, c.alias) for c in COMMANDS] == MENU


def test_tamalo_is_the_default_and_needs_no_name() -> None:
    assert games.DEFAULT is TAMALO
    assert games.named("Anna Bruno") == (None, "Anna Bruno")
    # A player called Tamalo stays a player: only another game than the default is named.
    assert games.named("Tamalo Anna") == (None, "Tamalo Anna")


def test_tamalos_buttons_keep_their_callback_data() -> None:
    """Buttons sent before the games had modules of their own keep working."""
    from bot.games.tamalo.commands.keypad import PATTERN
    from bot.games.tamalo.commands.target import CALLBACK
    from bot.games.tamalo.keypad import callback, parse_callback

    assert PATTERN == "^mano:"
    assert (PATTERN, TAMALO.buttons[0][1]) in TAMALO.buttons
    assert callback(7, 2, "d3") == "mano:7:2:d3"
    assert parse_callback("mano:7:2:d3") is not None
    assert CALLBACK.match("soglia:12") is not None


def test_no_two_games_take_the_same_buttons() -> None:
    patterns = [pattern for game in GAMES.values() for pattern, _ in game.buttons]
    assert len(patterns) == len(set(patterns))


def test_another_game_is_named_after_nuova_and_found_by_its_kind() -> None:
    scopa = dataclasses.replace(TAMALO, kind="scopa", names=("scopa", "scopone"), commands=())
    table = {**GAMES, "scopa": scopa}
    saved = dict(GAMES)
    GAMES.clear()
    GAMES.update(table)
    try:
        assert games.named("Scopone Anna Bruno") == (scopa, "Anna Bruno")
        assert games.named("Anna Bruno") == (None, "Anna Bruno")
        assert games.of("scopa") is scopa
        assert games.of("tamalo") is TAMALO
    finally:
        GAMES.clear()
        GAMES.update(saved)
