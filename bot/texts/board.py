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


def open_as_app() -> str:
    """The console's link to the Mini App's page, as Telegram would open it for you."""
    return _("✍️ App (con i moduli)")


def local_app() -> str:
    """The console's ``/tavolo``: what its app's link is for."""
    return _(
        "✍️ Il primo link apre l'app come la apre Telegram, a nome tuo: lì si registrano le "
        "mani coi moduli, a tocchi."
    )


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


def chart_alt() -> str:
    """What the board's chart is, for who cannot see it."""
    return _("Il grafico della partita, mano per mano")


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


# --- the form (the Mini App's entry of a hand) ---


def write_hand() -> str:
    """The board's button that opens the form, inside Telegram."""
    return _("✍️ Scrivi la mano")


def send_hand() -> str:
    return _("Registra")


def close_form() -> str:
    return _("Chiudi")


def next_field() -> str:
    """The number pad's key that moves to the next field."""
    return _("Avanti")


def missing(label: str) -> str:
    return _("Manca: {what}. Toccalo e scegli.").format(what=label)


def form_changed() -> str:
    """A form built before the game changed (a hand recorded, a player joined)."""
    return _(
        "La partita è cambiata mentre scrivevi (una mano registrata dalla chat?): ecco il "
        "modulo della prossima mano. Non ho registrato nulla."
    )


def form_game_over() -> str:
    return _(
        "La partita di questo link non è più in corso: non ho registrato nulla. Scrivi "
        "/{command} nella chat per il link della nuova."
    ).format(command=command_name("tavolo"))


def not_a_member() -> str:
    return _("Solo chi è nel gruppo può registrare una mano. Non ho registrato nulla.")


def form_refused() -> str:
    return _("Il modulo non è valido: riaprilo dal tabellone. Non ho registrato nulla.")


def hand_sent() -> str:
    """The entry went to the chat, whose answer has not come yet."""
    return _("Inviata: la risposta arriva nella chat.")


def hand_not_recorded() -> str:
    """The chat's game refused the entry: it said why in the chat."""
    return _("Non registrata: il motivo è nella chat, con cosa scrivere invece.")


def no_form() -> str:
    return _("Le mani di questo gioco si scrivono nella chat.")


def no_preview() -> str:
    return _("Questo gioco non ha un'anteprima: registra la mano e la risposta arriva qui.")


def show_preview() -> str:
    """The form's button that shows what the hand would do, before it is sent."""
    return _("👁 Anteprima")
