"""The help and the command menus list every command of the one table of commands: /aiuto the
five a table needs, /aiuto tutto every one."""

import pytest

from bot import i18n, texts
from bot.commands.registry import COMMANDS
from tests.bot.conftest import Table

MENU = [command for command in COMMANDS if command.description is not None]
#: What a table needs to play a game, in the order it needs them.
FIRST = ["nuova", "mano", "classifica", "annulla", "fine"]


def test_every_registered_command_is_in_the_whole_help() -> None:
    whole = texts.help.help_text(everything=True)
    for command in COMMANDS:
        if command.name == "leaderboard":  # the English for "/classifica generale"
            assert "/classifica generale (/leaderboard)" in whole
            continue
        assert f"/{command.name}" in whole
        assert f"/{command.alias}" in whole


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_help_gives_the_five_commands_a_table_needs_and_the_rest_on_request(
    language: str,
) -> None:
    with i18n.speaking(language):
        short, whole = texts.help.help_text(), texts.help.help_text(everything=True)
        first = [texts.common.command_name(name) for name in FIRST]
        vote = "/" + texts.common.command_name("tresei")
    listed = [line.split()[0][1:] for line in short.splitlines() if line.startswith("/")]

    assert list(dict.fromkeys(listed)) == first  # each once, in order (/mano has examples)
    assert len(short) < 1000  # was 3,308 characters: one screen of a phone
    assert short.endswith("/aiuto tutto" if language == "it" else "/help all")
    # Every line of the short help is in the whole one, which adds the rest.
    assert all(line in whole for line in short.splitlines()[4:-2])
    assert len(whole) < 4096
    assert vote in whole
    assert vote not in short


def test_the_help_has_lines_for_the_registered_commands_only() -> None:
    assert list(texts.help.LINES) == [command.name for command in COMMANDS]
    assert [c.name for c in COMMANDS if c.first] == FIRST
    assert all(c.first <= len(texts.help.LINES[c.name]) for c in COMMANDS)


def test_every_registered_command_but_the_leaderboard_is_in_the_menus() -> None:
    assert [command.name for command in COMMANDS if command not in MENU] == ["leaderboard"]
    for language, names in (("it", [c.name for c in MENU]), ("en", [c.alias for c in MENU])):
        with i18n.speaking(language):
            assert [name for name, _ in texts.common.command_menu()] == names


def test_menu_descriptions_fit_telegram() -> None:
    assert all(1 <= len(c.description or "") <= 256 for c in MENU)


def test_the_english_help_names_every_english_command() -> None:
    with i18n.speaking("en"):
        help_text, menu = texts.help.help_text(everything=True), texts.common.command_menu()
    for command in COMMANDS:
        assert f"/{command.alias}" in help_text
    assert all(1 <= len(description) <= 256 for _, description in menu)


def test_each_command_is_registered_once() -> None:
    names = [name for command in COMMANDS for name in command.names]
    assert len(names) == len(set(names))


async def test_aiuto_shows_the_first_commands_and_aiuto_tutto_every_one(table: Table) -> None:
    assert await table.reply("/aiuto") == texts.help.help_text()
    assert await table.reply("/start") == texts.help.help_text()
    for typed in ("/aiuto tutto", "/aiuto TUTTI", "/help all"):
        assert await table.reply(typed) == texts.help.help_text(everything=True)
    assert await table.reply("/aiuto pippo") == (
        "/aiuto da solo mostra i comandi per giocare, /aiuto tutto tutti i comandi: «pippo» "
        "non lo capisco."
    )
    await table.send("/language en")
    with i18n.speaking("en"):
        short, whole = texts.help.help_text(), texts.help.help_text(everything=True)
    assert await table.reply("/help") == short
    assert short.startswith("🃏 TamaloBot keeps score of your Tamalo games.")
    assert "/new Anna Bruno Carlo — new game" in short
    for typed in ("/help all", "/aiuto tutto"):
        assert await table.reply(typed) == whole
    assert await table.reply("/help me") == (
        "/help on its own shows the commands to play, /help all every command: I don't "
        "understand “me”."
    )
