"""What the card pad says (``/mano`` alone in a Macchiavelli game): its message, its buttons'
words, and the short answers to taps it refuses. Italian, looked up in the chat's language."""

from __future__ import annotations

from bot.games.macchiavelli.pad import Pad, PadMistake, Step
from bot.i18n import _
from bot.texts.common import euphonic
from scoring.macchiavelli import Rank


def jolly() -> str:
    return _("Jolly")


def undo() -> str:
    return _("↩️ Togli l'ultima")


def closes() -> str:
    return _("chiude (0)")


def next_player() -> str:
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
        "(un amministratore anonimo o un canale): scrivi la smazzata per intero, "
        "/mano Anna 0 Bruno K,A,7 Carlo 12"
    )


def busy(who: str) -> str:
    return _(
        "Questa smazzata si sta già inserendo con i pulsanti (inserisce: {who}): aspetta che "
        "finisca (o che la annulli). Puoi sempre scriverla per intero: /mano Anna 0 Bruno K,A,7 "
        "Carlo 12"
    ).format(who=who)


def not_yours(who: str) -> str:
    return _(
        "Questi pulsanti sono di chi inserisce la smazzata ({who}): solo lui o lei li può premere."
    ).format(who=who)


def renumbered(taken: int, number: int) -> str:
    """The entry was for deal ``taken``; deals typed or undone meanwhile make it ``number``."""
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
    """The short answer to a tap the pad refuses (at most 200 characters)."""
    player = error.player
    if error.reason == "no_jokers":
        return _("Questa partita si gioca senza jolly.")
    if error.reason == "copies" and error.rank is not None:
        return _("Due mazzi hanno solo {copies} carte «{card}»: sono già tutte segnate.").format(
            copies=error.rank.copies, card=card_label(error.rank)
        )
    if error.reason == "closed":
        return _("{player} ha chiuso: niente carte. «↩️» toglie la chiusura.").format(player=player)
    if error.reason == "two_closers":
        return _("Ha già chiuso {player}: chiude uno solo.").format(player=player)
    if error.reason == "close_with_cards":
        return _("{player} ha carte segnate: toglile prima di «chiude».").format(player=player)
    if error.reason == "empty" and euphonic(player, "a"):
        return _("Tocca le carte rimaste ad {player}, o «chiude» se ha chiuso.").format(
            player=player
        )
    if error.reason == "empty":
        return _("Tocca le carte rimaste a {player}, o «chiude» se ha chiuso.").format(
            player=player
        )
    if error.reason == "nothing_to_undo":
        return _("Nessuna carta di {player} da togliere.").format(player=player)
    if error.reason == "first":
        return _("Sei già al primo giocatore.")
    return stale()


def card_label(rank: Rank) -> str:
    return jolly() if rank is Rank.JOLLY else rank.value


def view(pad: Pad, number: int, who: str) -> str:
    """The entry message: each player's cards so far (with their points), whose turn it is,
    and what to do now."""
    lines = [
        "✍️ " + _("Smazzata {number} · inserisce: {who}").format(number=number, who=who),
        "",
    ]
    for seat in range(len(pad.players)):
        here = pad.step is Step.CARDS and seat == pad.current
        lines.append(("▶️ " if here else "") + _count(pad, seat))
    lines.append("")
    if pad.step is Step.CONFIRM:
        if pad.closer is None:
            lines.append(_("Nessuno ha chiuso: il tallone è finito."))
        lines.append(_("Tutto giusto? «Registra» e la smazzata è segnata."))
    else:
        if euphonic(pad.player, "a"):
            then = _(
                "Le carte rimaste in mano ad {player}, poi «Avanti» (o «chiude» se ha chiuso)."
            )
        else:
            then = _("Le carte rimaste in mano a {player}, poi «Avanti» (o «chiude» se ha chiuso).")
        lines.append(then.format(player=pad.player))
    return "\n".join(lines)


def _count(pad: Pad, seat: int) -> str:
    """``Bruno K,A,7 = 28``, ``Anna 0 (chiude)``, ``Carlo …``."""
    player = pad.players[seat]
    if seat == pad.closer:
        return _("{player} 0 (chiude)").format(player=player)
    if not pad.hands[seat]:
        return f"{player} …"
    cards = pad.cards_of(seat)
    return f"{player} {cards.text} = {cards.total}"
