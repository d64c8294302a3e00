"""The help and the command menu cover every command the bot answers."""

from bot import i18n, texts
from bot.app import HANDLERS


def test_every_command_is_in_the_help_and_the_menu() -> None:
    menu = {(command, alias) for command, alias, _ in texts.COMMANDS}
    for names, _ in HANDLERS:
        if "start" in names:
            continue
        if names == ("leaderboard",):  # the English for "/classifica generale"
            assert "/classifica generale (/leaderboard)" in texts.HELP
            continue
        italian, english = names[0], names[-1]
        assert (italian, english) in menu
        assert f"/{italian}" in texts.HELP
        assert f"/{english}" in texts.HELP


def test_menu_descriptions_fit_telegram() -> None:
    assert all(1 <= len(description) <= 256 for _, _, description in texts.COMMANDS)
    assert len(texts.HELP) < 4096


def test_the_english_help_names_every_english_command() -> None:
    with i18n.speaking("en"):
        help_text, menu = texts.HELP, texts.command_menu()
    for names, _ in HANDLERS:
        if "start" in names:
            continue
        assert f"/{names[-1]}" in help_text
    assert [command for command, _ in menu] == [alias for _, alias, _ in texts.COMMANDS]
    assert all(1 <= len(description) <= 256 for _, description in menu)
