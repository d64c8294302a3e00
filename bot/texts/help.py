"""``/aiuto``'s frame (each game says its own commands: ``bot.table.Game.help``), and what an
edited command does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.i18n import N_, _
from bot.texts.common import _quoted, command_name

#: The lines of the commands every game shares (the group's, not a game's): an example each,
#: and what it does, in the order ``/aiuto tutto`` shows them.
GROUP_LINES: Final[dict[str, tuple[str, ...]]] = {
    "stats": (N_("/stats Anna — le statistiche di Anna; /stats da solo: quelle del gruppo"),),
    "leaderboard": (
        N_(
            "/classifica generale (/leaderboard) — la classifica di sempre del gruppo, gioco "
            "per gioco"
        ),
    ),
    "serata": (N_("/serata (/tonight) — le partite di stasera, con i grafici della serata"),),
    "tavolo": (
        N_("/tavolo (/table) — il tabellone dal vivo della partita, sul telefono o sulla TV"),
    ),
    "esporta": (N_("/esporta (/export) — tutte le partite del gruppo, in file CSV"),),
    "impostazioni": (
        N_(
            "/impostazioni fuso=Europe/Rome (/settings) — il fuso orario del gruppo, chi annulla "
            "e corregge, la previsione"
        ),
    ),
    "lingua": (
        N_(
            "/lingua en (/language) — il bot parla inglese in questa chat; /lingua it per "
            "tornare all'italiano"
        ),
    ),
    "sonoio": (
        N_(
            "/sonoio Anna (/iam) — sei Anna in questo gruppo: /stats in privato con me mostra le "
            "tue statistiche di tutti i gruppi"
        ),
    ),
    "aiuto": (N_("/aiuto (/help) — i comandi per giocare; /aiuto tutto: tutti i comandi"),),
}


def game_help(intro: str, lines: Sequence[str], *, first: int, everything: bool) -> str:
    """A game's section of ``/aiuto``: what the bot does for it, and its commands (the
    ``first`` lines a table needs; ``everything``: every one)."""
    if everything:
        head = _("Comandi (tra parentesi l'alias inglese):")
        return f"{intro}\n\n{head}\n" + "\n".join(lines)
    head = _("Per giocare bastano questi (tra parentesi l'alias inglese):")
    return f"{intro}\n\n{head}\n" + "\n".join(lines[:first])


def help_text(section: str, others: Sequence[tuple[str, str]], *, everything: bool) -> str:
    """``/aiuto``: the chat's game's section (``section``: its first commands, or all of them
    with ``everything``), how to start each other game (``others``: its name and the word
    after /nuova, none for the default game), then how to see every command, or the group's
    commands."""
    start = " · ".join(f"{name}: /{command_name('nuova')} {word}".rstrip() for name, word in others)
    games = _("Gli altri giochi: {games} (durante la partita, /{help} mostra i suoi comandi).")
    help_ = command_name("aiuto")
    parts = [section, games.format(games=start, help=help_)] if others else [section]
    if not everything:
        every = _("Tutti i comandi: /{help} {everything}").format(help=help_, everything=_("tutto"))
        return "\n\n".join([*parts, every])
    group = [_(line) for lines in GROUP_LINES.values() for line in lines]
    return "\n\n".join([*parts, _("Per il gruppo:") + "\n" + "\n".join(group)])


def help_what(command: str, typed: str) -> str:
    """``/aiuto`` with something after it that is not ``tutto``."""
    return _(
        "/{command} da solo mostra i comandi per giocare, /{command} tutto tutti i comandi: "
        "«{typed}» non lo capisco."
    ).format(command=command, typed=_quoted(typed))


def console_banner() -> str:
    """What ``python -m bot --console`` prints first, in the language of its chat."""
    return _(
        "TamaloBot, console. Scrivi i comandi come nel gruppo (/aiuto per cominciare); "
        "«Bruno> /mano …» scrive come Bruno; un numero preme il pulsante. Ctrl-D per uscire."
    )


def console_you() -> str:
    """The name of whoever types at the console without ``Name>`` in front."""
    return _("Tu")


def edits_change_nothing() -> str:
    return _(
        "Modificare questo comando dopo averlo inviato non cambia nulla: scrivilo di nuovo in un "
        "messaggio nuovo. (Una /mano modificata, invece, corregge la sua mano.)"
    )
