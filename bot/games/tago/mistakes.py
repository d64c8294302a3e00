"""What the chat is told when a Tagò command's words cannot be read: what was wrong and what
to type instead. The engine's own refusals are in ``refusals``."""

from __future__ import annotations

from bot.i18n import _
from bot.texts.common import command_name

#: The most of what was typed a refusal quotes back (a pasted wall of digits is cut).
QUOTED = 24


def clipped(typed: str) -> str:
    """What was typed, as a refusal quotes it: ``12345678901234567890123…``."""
    return typed if len(typed) <= QUOTED else typed[: QUOTED - 1] + "…"


# --- how to type each command ---


def judge_usage() -> str:
    return _("Scrivi per esempio: /{command} punto=4,½,0 Anna 4,4,2 Bruno 3,1,½").format(
        command=command_name("giudica")
    )


def night_usage() -> str:
    return _(
        "Scrivi per esempio: /{command} tago light 5/300 ante=2.5 jackpot=10% Anna Bruno Carlo"
    ).format(command=command_name("nuova"))


def hand_usage() -> str:
    return _(
        "Scrivi per esempio: /{command} punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ "
        "Dario 40 lascia (per ognuno quanto ha messo, ante compresa, poi le carte o lascia)."
    ).format(command=command_name("mano"))


def rebuy_usage() -> str:
    return _("Scrivi chi ricarica e quanto, per esempio: /{command} Anna 300").format(
        command=command_name("ricarica")
    )


def curious_usage() -> str:
    return _("Scrivi chi vuole vedere la sua carta, per esempio: /{command} Dario").format(
        command=command_name("curioso")
    )


def odds_usage() -> str:
    return _("Scrivi per esempio: /{command} punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6").format(
        command=command_name("quote")
    )


def cards_hint() -> str:
    return _("Le carte sono 0…8 e ½ (anche 1/2, 0.5 o m), separate da virgole.")


# --- the parsers' own refusals ---


def nothing_typed(usage: str) -> str:
    return _("Mancano le carte. {usage}").format(usage=usage)


def value_before_name(token: str, usage: str) -> str:
    return _(
        "«{token}» viene prima di un nome: scrivi ogni nome e dopo i suoi valori. {usage}"
    ).format(token=clipped(token), usage=usage)


def unknown_option(token: str, usage: str) -> str:
    return _("Non conosco «{token}». {usage}").format(token=clipped(token), usage=usage)


def bad_name(token: str) -> str:
    return _(
        "«{token}» non va bene come nome: un nome comincia con una lettera e non è una carta (m)."
    ).format(token=clipped(token))


def named_twice(player: str) -> str:
    return _("Hai scritto {player} due volte: ognuno una volta sola, con le sue carte.").format(
        player=player
    )


def option_twice(key: str) -> str:
    return _("{key}= è scritto due volte: scrivilo una volta sola.").format(key=key)


def punto_missing(usage: str) -> str:
    return _("Manca il PUNTO, le tre carte del mazziere: punto=4,½,0. {usage}").format(usage=usage)


def punto_needed_at_showdown() -> str:
    return _(
        "Almeno due sono rimasti in gioco fino alla fine: scrivi anche il PUNTO, "
        "per esempio punto=4,½,0."
    )


def not_a_choice(token: str) -> str:
    return _(
        "«{token}» non è un valore del PUNTO: scrivi scelta= e il valore scelto, per esempio "
        "scelta=2 o scelta=4½."
    ).format(token=clipped(token))


def amount_missing(player: str, token: str | None) -> str:
    if token is None:
        return _(
            "Dopo {player} scrivi quanto ha messo in tutto (ante compresa), poi le carte o lascia: "
            "{player} 200 4,4,2."
        ).format(player=player)
    return _(
        "Dopo {player} viene quanto ha messo in tutto (ante compresa), non «{token}»: "
        "{player} 200 4,4,2."
    ).format(player=player, token=clipped(token))


def fold_with_cards(player: str) -> str:
    return _("{player} lascia: non scrivere le sue carte, solo quanto ha messo e lascia.").format(
        player=player
    )


def playoff_empty() -> str:
    return _(
        "Dopo spareggio scrivi chi ha giocato il pari e le sue carte alla fine, o lascia: "
        "spareggio Anna 1,3,2 Bruno lascia."
    )


def stakes_missing() -> str:
    return _("Manca il tavolo: minimo e stack, come light 5/300 o heavy 5/300. {usage}").format(
        usage=night_usage()
    )


def unknown_stakes(token: str) -> str:
    return _(
        "«{token}» non è un tavolo del Tagò: i tavoli sono light (con la puntata massima) e "
        "heavy (senza). {usage}"
    ).format(token=clipped(token), usage=night_usage())


def players_missing() -> str:
    return _("Mancano i giocatori, in ordine di posto. {usage}").format(usage=night_usage())


def stakes_twice() -> str:
    return _("Il tavolo è scritto due volte: scegli light o heavy, e un minimo/stack.")


def bad_percent(token: str) -> str:
    return _("«{token}» non è una percentuale: scrivi per esempio jackpot=10%.").format(
        token=clipped(token)
    )


def amount_too_large(token: str, limit: int) -> str:
    return _("«{token}» è troppo: al Tagò un importo arriva al massimo a {limit} fiches.").format(
        token=clipped(token), limit=limit // 100
    )


def rebuy_how_much(player: str) -> str:
    return _("Scrivi anche quanto ricarica {player}, per esempio: /{command} {player} 300").format(
        player=clipped(player), command=command_name("ricarica")
    )


def rebuy_what(typed: str) -> str:
    return _("Non capisco «{typed}». {usage}").format(typed=clipped(typed), usage=rebuy_usage())


def curious_what() -> str:
    return curious_usage()
