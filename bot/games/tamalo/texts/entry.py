"""``/mano`` alone: the hand entered with buttons."""

from __future__ import annotations

from bot.games.tamalo.keypad import Entry
from bot.games.tamalo.keypad import Step as EntryStep
from bot.i18n import N_, _
from scoring.tamalo import MAX_TOTAL


def entry_nobody() -> str:
    return _("Nessuno")


def entry_delete() -> str:
    return "⌫"


def entry_out() -> str:
    return _("fuori")


def entry_ok() -> str:
    return "OK ✔️"


def entry_back() -> str:
    return _("↩️ Indietro")


def entry_record() -> str:
    return _("✅ Registra")


def entry_cancel() -> str:
    return _("✖️ Annulla")


def entry_cancelled() -> str:
    return _("Inserimento annullato: nessuna mano registrata.")


def entry_expired() -> str:
    return _("⌛ Inserimento scaduto dopo 10 minuti senza tocchi: nessuna mano registrata.")


#: A press on an entry whose game has ended (or was closed) since it opened.
def entry_game_over() -> str:
    return _(
        "🏁 Questa partita è finita o è stata chiusa: l'inserimento è caduto e non ho registrato "
        "nessuna mano."
    )


#: An entry whose players changed (someone left or joined) since it opened.
def entry_players_changed() -> str:
    return _("⚠️ Intanto sono cambiati i giocatori: ricomincio da capo con chi gioca ora.")


#: A button of an entry that is no more: closed, or shown again in a newer message.
def entry_closed() -> str:
    return _(
        "Questi pulsanti non valgono più: l'inserimento è chiuso, o continua in un messaggio più "
        "in basso."
    )


def entry_stale() -> str:
    return _("Pulsante superato: ecco dove sei.")


def entry_needs_sender() -> str:
    return _(
        "Con i pulsanti inserisce una persona sola, e questo messaggio non dice chi lo manda "
        "(un amministratore anonimo o un canale): scrivi la mano per intero, /mano Anna 3 Bruno 12 "
        "…"
    )


def entry_tournament() -> str:
    return _(
        "Durante un torneo scrivi la mano per intero, così so a quale tavolo va: "
        "/mano Anna 3 Bruno 12 …"
    )


#: What a press that cannot be taken says (``bot.games.tamalo.keypad.Mistake.reason``).
ENTRY_MISTAKES = {
    "nothing_typed": N_("Scrivi prima il totale con i numeri (o premi «fuori»)."),
    "too_high": N_("Un totale arriva al massimo a {limit}."),
    "counter_is_caller": N_("Chi chiama Tamalo non può chiamare anche ControTamalo."),
    "stale": N_("Pulsante superato: ecco dove sei."),
}


def entry_mistake(reason: str) -> str:
    return _(ENTRY_MISTAKES[reason]).format(limit=MAX_TOTAL)


def entry_busy(who: str) -> str:
    """Someone else's entry is open (``who``: their name in Telegram)."""
    return _(
        "Questa mano la sta già inserendo con i pulsanti {who}: aspetta che finisca (o che "
        "la annulli). Puoi sempre scriverla per intero: /mano Anna 3 Bruno 12 …"
    ).format(who=who)


def entry_number_taken(taken: int, number: int) -> str:
    """The entry was for hand ``taken``; hands recorded or undone meanwhile make it ``number``."""
    if number < taken:
        return _(
            "⚠️ Intanto è stata annullata una mano: questa sarebbe la mano {number}. "
            "Controlla e premi di nuovo."
        ).format(number=number)
    return _(
        "⚠️ Intanto la mano {taken} è stata scritta con /mano: questa sarebbe la mano {number}. "
        "Controlla e premi di nuovo: se era la stessa mano, «Annulla»."
    ).format(taken=taken, number=number)


def entry_renumbered(taken: int, number: int) -> str:
    """The entry was for hand ``taken`` and had values in it; shown again, it is for hand
    ``number``, as hands were recorded or undone meanwhile."""
    if number < taken:
        return _(
            "⚠️ Intanto è stata annullata una mano: quello che avevi inserito ora è per la mano "
            "{number}. Controlla."
        ).format(number=number)
    return _(
        "⚠️ Intanto la mano {taken} è stata scritta con /mano: quello che avevi inserito ora è "
        "per la mano {number}. Controlla: se era la stessa mano, «Annulla»."
    ).format(taken=taken, number=number)


def entry_not_yours(who: str) -> str:
    return _("Sta inserendo {who}: solo lui o lei può premere questi pulsanti.").format(who=who)


def entry_view(entry: Entry, number: int, who: str, label: str = "") -> str:
    """The entry message: what has been entered so far, and what to choose now."""
    nobody = _("nessuno")
    lines = [f"✍️ {label}" + _("Mano {number} · inserisce: {who}").format(number=number, who=who)]
    if entry.step is not EntryStep.CALLER:
        lines.append(f"Tamalo: {entry.caller or nobody}")
        if entry.contro and entry.caller:
            counter = entry.counter or nobody
            lines.append(f"ControTamalo: {counter if entry.step is not EntryStep.COUNTER else '…'}")
    if entry.step in (EntryStep.TOTALS, EntryStep.CONFIRM):
        lines.append("")
        for index, (player, total) in enumerate(zip(entry.players, entry.totals, strict=True)):
            if entry.step is EntryStep.TOTALS and index == entry.current:
                lines.append(f"▶️ {player} {entry.typing or '…'}")
            elif total is None:
                lines.append(f"{player} …")
            else:
                out = " (" + entry_out() + ")" if player in entry.out else ""
                lines.append(f"{player} {total}{out}")
    lines.append("")
    if entry.step is EntryStep.CALLER:
        lines.append(_("Chi ha chiamato Tamalo?"))
    elif entry.step is EntryStep.COUNTER:
        lines.append(_("Chi ha chiamato ControTamalo?"))
    elif entry.step is EntryStep.TOTALS:
        lines.append(
            _("Totale di {player}: i numeri, poi OK (o «fuori» se è senza carte).").format(
                player=entry.player
            )
        )
    else:
        lines.append(_("Tutto giusto? «Registra» e la mano è segnata."))
    return "\n".join(lines)
