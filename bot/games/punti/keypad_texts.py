"""What the keypad says (``/mano`` alone in a points game): its message, its buttons' words,
and the short answers to taps it refuses. Italian, looked up in the chat's language."""

from __future__ import annotations

from bot.games.punti.keypad import Keypad, PadMistake, Step
from bot.i18n import _


def sign() -> str:
    return "±"


def delete() -> str:
    return "⌫"


def next_side() -> str:
    return _("Avanti ▶️")


def back() -> str:
    return _("◀️ Indietro")


def record() -> str:
    return _("✅ Registra")


def cancel() -> str:
    return _("✖️ Annulla")


def cancelled() -> str:
    return _("Inserimento annullato: nessuna smazzata registrata.")


def closed() -> str:
    return _(
        "Questi pulsanti non valgono più: l'inserimento è chiuso, o continua in un messaggio più "
        "in basso."
    )


def stale() -> str:
    return _("Pulsante superato: ecco dove sei.")


def expired() -> str:
    return _("⌛ Inserimento scaduto dopo 10 minuti senza tocchi: nessuna smazzata registrata.")


def game_over() -> str:
    return _(
        "🏁 Questa partita è finita o è stata chiusa: l'inserimento è caduto e non ho registrato "
        "nessuna smazzata."
    )


def needs_sender() -> str:
    return _(
        "Con i pulsanti inserisce una persona sola, e questo messaggio non dice chi lo manda "
        "(un amministratore anonimo o un canale): scrivi la smazzata per intero, /mano Anna 4 "
        "Bruno 7"
    )


def busy(who: str) -> str:
    return _(
        "Questa smazzata si sta già inserendo con i pulsanti (inserisce: {who}): aspetta che "
        "finisca (o che la annulli). Puoi sempre scriverla per intero: /mano Anna 4 Bruno 7"
    ).format(who=who)


def not_yours(who: str) -> str:
    return _(
        "Questi pulsanti sono di chi inserisce la smazzata ({who}): solo lui o lei li può premere."
    ).format(who=who)


def renumbered(taken: int, number: int) -> str:
    """The entry was for round ``taken``; rounds typed or undone meanwhile make it ``number``."""
    if number < taken:
        return _(
            "⚠️ Intanto è stata annullata una smazzata: questa sarebbe la smazzata {number}. "
            "Controlla e premi di nuovo."
        ).format(number=number)
    return _(
        "⚠️ Intanto la smazzata {taken} è stata scritta con /mano: questa sarebbe la smazzata "
        "{number}. Controlla e premi di nuovo: se era la stessa, «Annulla»."
    ).format(taken=taken, number=number)


def mistake(error: PadMistake) -> str:
    """The short answer to a tap the keypad refuses (at most 200 characters)."""
    side = error.side
    if error.reason == "empty":
        return _("Tocca i punti di {side}, anche 0, poi «Avanti».").format(side=side)
    if error.reason == "too_long":
        return _("Sette cifre al massimo.")
    if error.reason == "nothing_to_delete":
        return _("Nessuna cifra di {side} da togliere.").format(side=side)
    if error.reason == "first":
        return _("Sei già al primo giocatore.")
    return stale()


def view(pad: Keypad, number: int, who: str) -> str:
    """The entry message: each side's points so far, whose turn it is, what to do now."""
    lines = [
        "✍️ " + _("Smazzata {number} · inserisce: {who}").format(number=number, who=who),
        "",
    ]
    for seat, side in enumerate(pad.sides):
        here = pad.step is Step.POINTS and seat == pad.current
        lines.append(("▶️ " if here else "") + f"{side} {pad.typed[seat] or '…'}")
    lines.append("")
    if pad.step is Step.CONFIRM:
        lines.append(_("Tutto giusto? «Registra» e la smazzata è segnata."))
    else:
        lines.append(_("I punti di {side} (± per i negativi), poi «Avanti».").format(side=pad.side))
    return "\n".join(lines)
