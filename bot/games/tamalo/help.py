"""Tamalo's ``/aiuto``: what the bot does for a Tamalo table, and its commands (the first few
a table needs, then every one, with the options of /nuova and the cards)."""

from __future__ import annotations

from typing import Final

from bot.i18n import N_, _
from bot.texts.help import game_help

#: Each command's lines in the help: an example, and what it does, in the help's order.
LINES: Final[dict[str, tuple[str, ...]]] = {
    "nuova": (
        N_("/nuova Anna Bruno Carlo (/new) — nuova partita, nell'ordine in cui siete seduti"),
    ),
    "mano": (
        N_(
            "/mano Anna 3 Bruno 12 Carlo 7 t=Anna (/hand) — registra una mano: il totale di "
            "ognuno e chi ha chiamato Tamalo (t= o tamalo=)"
        ),
        N_("/mano 3 12 7 t=Anna — gli stessi totali, nell'ordine dei posti"),
        N_("/mano da solo — la mano si inserisce con i pulsanti: chi ha chiamato, poi i totali"),
        N_("/mano Anna A,7,KN Bruno 12 Carlo 0 — un totale si può scrivere con le carte"),
        N_(
            "/mano Bruno 12 Carlo 7 f=Anna — f= (fuori=) chi ha finito le carte: ha 0, il "
            "totale si può omettere"
        ),
    ),
    "classifica": (N_("/classifica (/standings) — la classifica della partita"),),
    "correggi": (
        N_(
            "/correggi 2 Anna 3 Bruno 12 Carlo 7 (/fix) — riscrive la mano 2; totali e "
            "vincitore si ricalcolano"
        ),
    ),
    "annulla": (N_("/annulla (/undo) — toglie l'ultima mano registrata"),),
    "mazziere": (
        N_(
            "/mazziere (/dealer) — chi distribuisce la prossima mano (il mazziere gira in senso "
            "orario)"
        ),
    ),
    "entra": (
        N_("/entra Dario (/join) — un giocatore entra a partita iniziata, con i punti dell'ultimo"),
    ),
    "esci": (
        N_(
            "/esci Dario (/leave) — un giocatore lascia: non gioca più e resta fuori dalla "
            "classifica"
        ),
    ),
    "fine": (N_("/fine (/end) — chiude la partita così com'è (se ci sono mani, chiede conferma)"),),
    "riapri": (
        N_("/riapri (/reopen) — riapre la partita chiusa con /fine, finché non ne inizia un'altra"),
    ),
    "rivincita": (
        N_(
            "/rivincita (/rematch) — stessi giocatori, stesse regole; il primo mazziere si "
            "sposta di un posto"
        ),
    ),
    "torneo": (
        N_(
            "/torneo Anna Bruno Carlo Dario Elena Franco (/tournament) — due tavoli sorteggiati, "
            "poi la finale"
        ),
    ),
    "tresei": (
        N_(
            "/tresei (/tressex) — tres sex non expedit: se più di metà dei giocatori vota sì, la "
            "partita è annullata"
        ),
    ),
    "grafico": (N_("/grafico (/chart) — il grafico dei punti, mano per mano"),),
    "previsione": (
        N_(
            "/previsione (/forecast) — chi vince? Le probabilità di ognuno, mano per mano, in un "
            "grafico; sotto ogni mano la riga «Chi vince?» (/impostazioni previsione=no la toglie)"
        ),
    ),
    "regole": (N_("/regole (/rules) — le regole in breve"),),
    "mosse": (N_("/mosse (/moves) — le mosse con un nome"),),
    "mossa": (N_("/mossa coppiona Anna (/move) — segna una mossa celebre"),),
    "dicono": (N_("/dicono (/rumours) — una curiosità"),),
}
#: How many of each command's lines ``/aiuto`` alone shows: the commands a table needs.
FIRST: Final[dict[str, int]] = {"nuova": 1, "mano": 3, "classifica": 1, "annulla": 1, "fine": 1}


def help_text(everything: bool) -> str:
    """``/aiuto`` for a Tamalo table (``everything``: ``/aiuto tutto``)."""
    intro = _(
        "🃏 TamaloBot tiene il punteggio delle vostre partite a Tamalo.\n"
        "Chi ha meno punti vince; la partita finisce quando qualcuno arriva a 100."
    )
    if not everything:
        first = [_(line) for command, count in FIRST.items() for line in LINES[command][:count]]
        return game_help(intro, first, first=len(first), everything=False)
    every = [_(line) for lines in LINES.values() for line in lines]
    return "\n\n".join((game_help(intro, every, first=0, everything=True), _options(), _cards()))


def _options() -> str:
    return _("""\
Opzioni di /nuova, prima o dopo i nomi:
contro — ControTamalo: ct=Nome nella mano per chi chiama ControTamalo
quadri — 4 Quadri: in 4, quattro quadri da 4 mani (spareggio: pesato sul mazziere)
soglia=50 — la partita si chiude a 50 invece che a 100
jokes — Jolly (JK) da 15 · pari_perde — un pari batte chi chiama Tamalo · \
6carte — in due con 6 carte · mazziere=Bruno — chi distribuisce la prima mano""")


def _cards() -> str:
    return _("""\
Carte: A=1, 2…10, J=11, Q=12, KN=13 (re nero), KR=0 (re rosso).
Sotto i 5 punti si prende zero; chi chiama Tamalo e non ha il totale più basso prende 15, \
e con più di 5 punti prende 15 più i suoi punti, in ogni caso.""")
