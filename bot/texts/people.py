"""``/sonoio``: players linked to people, and their statistics in private."""

from __future__ import annotations

from bot.i18n import _


def iam_in_group() -> str:
    return _(
        "/sonoio si scrive nel gruppo dove giochi, con il tuo nome nelle partite: /sonoio Anna. "
        "Poi qui in privato /stats ti mostra le tue statistiche di tutti i gruppi."
    )


def iam_shown(player: str | None) -> str:
    if player is None:
        return _("Non hai ancora detto chi sei in questo gruppo: /sonoio Anna (il tuo nome qui).")
    return _(
        "In questo gruppo sei {player}. Per cambiare: /sonoio Nome; per non esserlo più: "
        "/sonoio no."
    ).format(player=player)


def iam_linked(player: str, person: str) -> str:
    """Said in the group, so that everyone sees who now reads that player's figures."""
    return _(
        "🙋 {person} dice di essere {player} in questo gruppo: da ora vede le statistiche di "
        "{player} scrivendomi /stats in privato. Se non è così, {player} o un amministratore "
        "lo toglie con /sonoio no {player}."
    ).format(player=player, person=person)


def iam_taken(name: str) -> str:
    return _(
        "Qualcun altro ha già detto di essere {player} in questo gruppo: nessun cambiamento. "
        "Se non è giusto, un amministratore lo toglie con /sonoio no {player}."
    ).format(player=name)


def iam_needs_person() -> str:
    return _(
        "/sonoio collega il tuo account a un giocatore: scrivilo da te, non a nome del gruppo "
        "o di un canale."
    )


def iam_one_name() -> str:
    return _(
        "Scrivi un nome solo: /sonoio Anna; /sonoio no per non essere più nessuno; "
        "/sonoio no Anna per togliere chi ha detto di essere Anna."
    )


def iam_nobody(player: str) -> str:
    return _("Nessuno ha detto di essere {player} in questo gruppo: nulla da togliere.").format(
        player=player
    )


def iam_not_yours(player: str) -> str:
    return _(
        "Solo chi ha detto di essere {player}, o un amministratore del gruppo, può toglierlo. "
        "Non ho cambiato nulla."
    ).format(player=player)


def iam_unlinked(player: str, *, mine: bool) -> str:
    if mine:
        line = _("Fatto: in questo gruppo non sei più {player}.")
    else:
        line = _("Fatto: nessuno è più {player} in questo gruppo.")
    return line.format(player=player)


def private_stats_not_linked() -> str:
    return _(
        "Non so ancora chi sei nei tuoi gruppi: scrivi /sonoio Anna (il tuo nome nelle partite) "
        "nel gruppo dove giochi, poi torna qui e scrivi /stats."
    )
