"""The help and the command menus list every command of the one table of commands."""

from bot import i18n, texts
from bot.commands.registry import COMMANDS

MENU = [command for command in COMMANDS if command.description is not None]


def test_every_registered_command_is_in_the_help() -> None:
    for command in COMMANDS:
        if command.name == "leaderboard":  # the English for "/classifica generale"
            assert "/classifica generale (/leaderboard)" in texts.help.help_text()
            continue
        assert f"/{command.name}" in texts.help.help_text()
        assert f"/{command.alias}" in texts.help.help_text()


def test_every_registered_command_but_the_leaderboard_is_in_the_menus() -> None:
    assert [command.name for command in COMMANDS if command not in MENU] == ["leaderboard"]
    for language, names in (("it", [c.name for c in MENU]), ("en", [c.alias for c in MENU])):
        with i18n.speaking(language):
            assert [name for name, _ in texts.common.command_menu()] == names


def test_menu_descriptions_fit_telegram() -> None:
    assert all(1 <= len(c.description or "") <= 256 for c in MENU)
    assert len(texts.help.help_text()) < 4096


def test_the_english_help_names_every_english_command() -> None:
    with i18n.speaking("en"):
        help_text, menu = texts.help.help_text(), texts.common.command_menu()
    for command in COMMANDS:
        assert f"/{command.alias}" in help_text
    assert all(1 <= len(description) <= 256 for _, description in menu)


def test_each_command_is_registered_once() -> None:
    names = [name for command in COMMANDS for name in command.names]
    assert len(names) == len(set(names))
