"""The vote of the players that annuls a game (``bot.vote``): its buttons, its rule, what
a press is told. Each game words its own question (``bot.table.VoteWords``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import _
from bot.texts.common import names


def vote_goes_on() -> str:
    return _("▶️ Si continua, chiudi")


def vote_closed() -> str:
    return _("Questa votazione è chiusa.")


def vote_closed_now() -> str:
    return _("Votazione chiusa: si continua.")


def vote_not_yours() -> str:
    return _(
        "I nomi li tocca chi ha aperto la votazione; ognuno può toccare il proprio dopo /sonoio."
    )


def vote_not_yours_to_close() -> str:
    return _(
        "La votazione la chiude chi è al tavolo: chi ha iniziato la partita o ne ha scritto una "
        "mano, un giocatore che ha detto chi è con /sonoio, o un amministratore del gruppo."
    )


def vote_held_elsewhere() -> str:
    """A name pressed at the table while another phone holds the vote."""
    return _(
        "I nomi li tocca il telefono che ha scritto /tresei per ultimo: per toccarli da qui, "
        "scrivi /tresei. Ognuno può toccare il proprio dopo /sonoio."
    )


def vote_not_at_the_table() -> str:
    return _(
        "La votazione per annullare la partita la apre chi è al tavolo: chi ha iniziato la "
        "partita o ne ha scritto una mano, un giocatore che ha detto chi è con /sonoio, o un "
        "amministratore del gruppo. Se giochi, scrivi /sonoio e il tuo nome, poi /tresei."
    )


def vote_rejected() -> str:
    return _("La partita continua: la votazione è chiusa.")


def standing(agreeing: Sequence[str], players: int, needed: int) -> str:
    """The rule of the vote and who agrees so far."""
    rule = _("Serve il sì di più di metà dei giocatori: {needed} su {players}.").format(
        needed=needed, players=players
    )
    if agreeing:
        count = _("D'accordo: {names} ({count} su {players}).").format(
            names=names(agreeing), count=len(agreeing), players=players
        )
    else:
        count = _("Per ora nessuno è d'accordo.")
    return f"{rule}\n{count}"


def how_to_mark() -> str:
    return _(
        "Chi ha aperto la votazione tocca i nomi di chi è d'accordo; ognuno può anche toccare "
        "il proprio, dopo /sonoio."
    )


def vote_marked(player: str, *, agrees: bool) -> str:
    if agrees:
        return _("{player} è d'accordo.").format(player=player)
    return _("{player} non è più d'accordo.").format(player=player)
