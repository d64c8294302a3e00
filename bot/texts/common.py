"""Texts several features of every game say: names listed, numbers, the commands' names in the
chat's language, what any command may answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import DEFAULT, _, language, ngettext, pgettext
from bot.names import fold

#: The commands' Italian names, English aliases and menu descriptions, in the menu's order:
#: handed over by ``bot.commands.registry``, the one table of commands (which the texts cannot
#: import: it holds the handlers, and they import the texts).
_MENU: list[tuple[str, str, str]] = []
_ALIASES: dict[str, str] = {}


def use_commands(menu: Sequence[tuple[str, str, str]]) -> None:
    """The commands the menu lists (command, English alias, description), from the registry."""
    _MENU[:] = menu
    _ALIASES.clear()
    _ALIASES.update((command, alias) for command, alias, _description in menu)


def command_menu() -> list[tuple[str, str]]:
    """The menu Telegram shows under "/", in the language in force: Italian commands in
    Italian, their English aliases in English."""
    return [(command_name(command), _(description)) for command, _a, description in _MENU]


def command_name(command: str) -> str:
    """An Italian command as the language in force writes it: "nuova" or "new"."""
    return command if language() == DEFAULT else _ALIASES.get(command, command)


def no_running_game() -> str:
    return _("Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo.")


def no_game_yet() -> str:
    return _("In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo.")


def already_handled() -> str:
    return _("Questo messaggio l'ho già registrato: non cambio nulla.")


def something_went_wrong() -> str:
    return _("Qualcosa è andato storto e non ho registrato nulla. Riprova tra poco.")


def euphonic(word: str, vowel: str) -> bool:
    """Italian writes «e» and «a» as «ed» and «ad» before a word starting with the same
    vowel, accented or not: "Bruno ed Elena", "davanti ad Anna"."""
    return fold(word[:1]) == vowel


def names(players: Sequence[str]) -> str:
    """ "Anna", "Anna e Bruno", "Anna, Bruno e Carlo", "Bruno ed Elena"."""
    if len(players) <= 1:
        return "".join(players)
    line = _("{others} ed {last}") if euphonic(players[-1], "e") else _("{others} e {last}")
    return line.format(others=", ".join(players[:-1]), last=players[-1])


#: Names a reply lists at most (a group's players can be hundreds; a message holds 4096
#: characters).
NAMES_LISTED = 40


def some_names(players: Sequence[str]) -> str:
    """The names, or the first ``NAMES_LISTED`` of them and how many more."""
    if len(players) <= NAMES_LISTED:
        return names(players)
    more = len(players) - NAMES_LISTED
    return ngettext("{players} e un altro", "{players} e altri {count}", more).format(
        players=", ".join(players[:NAMES_LISTED]), count=more
    )


def already_answered() -> str:
    return _("Questa domanda ha già avuto risposta.")


#: What a refusal quotes of a long text typed, at most.
QUOTED = 40


def _quoted(typed: str) -> str:
    return typed if len(typed) <= QUOTED else typed[: QUOTED - 1] + "…"


def decimal(value: float, digits: int = 1) -> str:
    """Decimals as the language writes them: 2,5 in Italian, 2.5 in English; a value that
    rounds to nought is 0,0, never -0,0."""
    value = round(value, digits) + 0.0  # -0.04 → -0.0 → 0.0
    return f"{value:.{digits}f}".replace(".", pgettext("decimal separator", ","))


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def _times(count: int) -> str:
    return ngettext("una volta", "{count} volte", count).format(count=count)


def group_heading(title: str | None) -> str:
    return f"👥 {title or _('Un gruppo senza nome')}"
