"""What the live scoreboard says (``/tavolo`` and its page), in the chat's language."""

from __future__ import annotations

from bot.i18n import _
from bot.texts.common import command_name


def board_links(url: str, *, mini_app: bool) -> str:
    """``/tavolo``'s reply: what the buttons open, and the page's address to type on a TV."""
    text = _(
        "📺 Il tabellone della partita, dal vivo: si aggiorna da solo a ogni mano. Aprilo sul "
        "telefono o sulla TV della sala: {url}"
    ).format(url=url)
    if mini_app:
        text += "\n" + _("📱 Dentro Telegram si apre anche come app, col pulsante qui sotto.")
    return (
        text
        + "\n"
        + _("Il link vale 24 ore; /{command} ne dà uno nuovo.").format(
            command=command_name("tavolo")
        )
    )


def open_in_telegram() -> str:
    return _("📱 Apri in Telegram")


def open_in_browser() -> str:
    return _("📺 Tabellone")


def no_address() -> str:
    """``/tavolo`` on a bot with no public HTTPS address: how to give it one."""
    return _(
        "Il tabellone dal vivo ha bisogno di un indirizzo HTTPS pubblico del bot, e questo bot "
        "non ne ha uno. Chi lo gestisce può darglielo con PUBLIC_URL (o WEBHOOK_URL), come "
        "spiega docs/deploy.md. Intanto si gioca tutto dalla chat: /{standings} mostra la "
        "classifica."
    ).format(standings=command_name("classifica"))


def no_game_for_board() -> str:
    return _(
        "Nessuna partita in corso: il tabellone mostra la partita che si gioca. Iniziane una "
        "con /{new} Anna Bruno Carlo, poi /{command}."
    ).format(new=command_name("nuova"), command=command_name("tavolo"))


def console_board(url: str) -> str:
    """The console's line about the scoreboard it serves."""
    return _(
        "📺 Il tabellone dal vivo è servito su {url}: /{command} durante una partita dà il link "
        "da aprire nel browser."
    ).format(url=url, command=command_name("tavolo"))


# --- the page ---


def page_title() -> str:
    return _("Tabellone")


def standings_heading() -> str:
    return _("Classifica")


def hands_heading() -> str:
    return _("Ultime mani")


def hand_number(number: int) -> str:
    return _("Mano {number}").format(number=number)


def no_hands_yet() -> str:
    return _("Nessuna mano ancora.")


def game_over() -> str:
    return _("Partita finita.")


def live() -> str:
    return _("dal vivo")


def link_expired() -> str:
    return _("Questo link non vale più: scrivi /{command} nella chat per averne uno nuovo.").format(
        command=command_name("tavolo")
    )


def opening() -> str:
    return _("Apertura del tabellone…")


def not_from_telegram() -> str:
    return _("Questa pagina si apre dal pulsante di /{command} in Telegram.").format(
        command=command_name("tavolo")
    )
