"""The help and the command menus: /aiuto shows the chat's game's first commands (each game's
own), then how to start the others; /aiuto tutto every command of that game and the group's.
Every registered command is in the whole help of the game it belongs to, and in the menu."""

import pytest

from bot import games, i18n, texts
from bot.commands.registry import CHAT_WIDE, COMMANDS
from tests.bot.conftest import Table

MENU = [command for command in COMMANDS if command.description is not None]
#: What a table needs to play a game of Tamalo, in the order it needs them.
FIRST = ["nuova", "mano", "classifica", "annulla", "fine"]


def whole_help(kind: str = "tamalo") -> str:
    """``/aiuto tutto`` in a chat playing ``kind``."""
    game = games.of(kind)
    others = [(g.title(), g.names[0]) for g in games.GAMES.values() if g is not game]
    return texts.help.help_text(game.help(True), others, everything=True)


def test_every_registered_command_is_in_some_games_whole_help() -> None:
    every = "\n".join(whole_help(kind) for kind in games.GAMES)
    for command in COMMANDS:
        if command.name == "leaderboard":  # the English for "/classifica generale"
            assert "/classifica generale (/leaderboard)" in every
            continue
        assert f"/{command.name}" in every, command.name
        assert f"/{command.alias}" in every, command.alias


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_aiuto_gives_the_five_commands_a_tamalo_table_needs_and_the_rest_on_request(
    table: Table, language: str
) -> None:
    if language != "it":
        await table.send(f"/lingua {language}")
    short = await table.reply("/aiuto")
    whole = await table.reply("/aiuto tutto")
    with i18n.speaking(language):
        first = [texts.common.command_name(name) for name in FIRST]
        vote = "/" + texts.common.command_name("tresei")
        more = texts.common.command_name("aiuto")
    listed = [line.split()[0][1:] for line in short.splitlines() if line.startswith("/")]

    assert list(dict.fromkeys(listed)) == first  # each once, in order (/mano has examples)
    assert len(short) < 1100  # one screen of a phone
    assert short.endswith(f"/{more} " + ("tutto" if language == "it" else "all"))
    with i18n.speaking(language):  # how to start the other games
        assert all(games.of(kind).title() in short for kind in ("macchiavelli", "tago"))
    assert len(whole) < 4096
    assert vote in whole
    assert vote not in short


def test_every_registered_command_but_the_leaderboard_is_in_the_menus() -> None:
    assert [command.name for command in COMMANDS if command not in MENU] == ["leaderboard"]
    for language, names in (("it", [c.name for c in MENU]), ("en", [c.alias for c in MENU])):
        with i18n.speaking(language):
            assert [name for name, _ in texts.common.command_menu()] == names


def test_menu_descriptions_fit_telegram() -> None:
    assert all(1 <= len(c.description or "") <= 256 for c in MENU)


def test_the_english_help_names_every_english_command() -> None:
    with i18n.speaking("en"):
        every = "\n".join(whole_help(kind) for kind in games.GAMES)
        menu = texts.common.command_menu()
    for command in COMMANDS:
        assert f"/{command.alias}" in every, command.alias
    assert all(1 <= len(description) <= 256 for _, description in menu)


def test_each_command_is_registered_once() -> None:
    names = [name for command in COMMANDS for name in command.names]
    assert len(names) == len(set(names))


def test_the_chat_wide_commands_come_first_in_the_menu() -> None:
    assert COMMANDS[: len(CHAT_WIDE)] == CHAT_WIDE


async def test_aiuto_shows_the_first_commands_and_aiuto_tutto_every_one(table: Table) -> None:
    short = await table.reply("/aiuto")
    assert await table.reply("/start") == short
    for typed in ("/aiuto tutto", "/aiuto TUTTI", "/help all"):
        assert await table.reply(typed) == whole_help()
    assert await table.reply("/aiuto pippo") == (
        "/aiuto da solo mostra i comandi per giocare, /aiuto tutto tutti i comandi: «pippo» "
        "non lo capisco."
    )
    await table.send("/language en")
    short = await table.reply("/help")
    assert short.startswith("🃏 TamaloBot keeps score of your Tamalo games.")
    assert "/new Anna Bruno Carlo — new game" in short
    with i18n.speaking("en"):
        whole = whole_help()
    for typed in ("/help all", "/aiuto tutto"):
        assert await table.reply(typed) == whole
    assert await table.reply("/help me") == (
        "/help on its own shows the commands to play, /help all every command: I don't "
        "understand “me”."
    )


@pytest.mark.parametrize(
    ("start", "first", "not_tamalo"),
    [
        ("/nuova macchiavelli Anna Bruno Carlo", "/nuova macchiavelli", "t=Anna"),
        ("/torneo macchiavelli " + " ".join(f"P{i}x" for i in range(9)), "/tavoli", "t=Anna"),
        ("/nuova tago light 5/300 Anna Bruno Carlo", "/nuova tago", "t=Anna"),
    ],
)
async def test_aiuto_during_another_game_shows_that_games_commands(
    table: Table, start: str, first: str, not_tamalo: str
) -> None:
    """Issue 33: /aiuto during a Macchiavelli game, a tournament or a Tagò night showed
    Tamalo's help."""
    await table.send(start)
    short, whole = await table.reply("/aiuto"), await table.reply("/aiuto tutto")
    assert not_tamalo not in short
    assert "TamaloBot tiene il punteggio delle vostre partite a Tamalo" not in short
    assert "Tamalo: /nuova" in short  # how to start the default game again
    assert first in whole
