"""``/aiuto``, and what an edited command does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.i18n import N_, _
from bot.texts.common import _quoted

#: Each command's lines in the help: an example, and what it does. ``bot.commands.registry``
#: gives the order, and how many of them ``/aiuto`` alone shows.
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
    "classifica": (
        N_("/classifica (/standings) — la classifica della partita"),
        N_(
            "/classifica generale (/leaderboard) — la classifica di sempre del gruppo, con "
            "l'abilità"
        ),
    ),
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
    "serata": (N_("/serata (/tonight) — le partite di stasera, con i grafici della serata"),),
    "stats": (N_("/stats Anna — le statistiche di Anna; /stats da solo: quelle del gruppo"),),
    "leaderboard": (),  # "/classifica generale", in /classifica's lines
    "esporta": (N_("/esporta (/export) — tutte le mani del gruppo in un file CSV"),),
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
    "regole": (N_("/regole (/rules) — le regole in breve"),),
    "mosse": (N_("/mosse (/moves) — le mosse con un nome"),),
    "mossa": (N_("/mossa coppiona Anna (/move) — segna una mossa celebre"),),
    "dicono": (N_("/dicono (/rumours) — una curiosità"),),
    "sonoio": (
        N_(
            "/sonoio Anna (/iam) — sei Anna in questo gruppo: /stats in privato con me mostra le "
            "tue statistiche di tutti i gruppi"
        ),
    ),
    "aiuto": (N_("/aiuto (/help) — i comandi per giocare; /aiuto tutto: tutti i comandi"),),
    "giudica": (
        N_(
            "/giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ (/judge) — Tagò: chi vince e con cosa "
            "(scelta=2 se il PUNTO ha una coppia)"
        ),
    ),
    "quote": (
        N_(
            "/quote punto=4,½ Anna 4,4 Bruno 3,1 (/odds) — Tagò: le probabilità di ognuno da "
            "quello che si vede"
        ),
    ),
    "tavoli": (
        N_(
            "/tavoli (/tables) — torneo di Macchiavelli (/torneo macchiavelli e almeno 9 nomi): "
            "il turno in corso e i tavoli che giocano"
        ),
    ),
    "cartellini": (
        N_(
            "/cartellini (/cards) — torneo di Macchiavelli: cartellini dei giocatori e "
            "segnapunti dei tavoli, in PDF da stampare"
        ),
    ),
    # Tagò's night (/nuova tago light 5/300 Anna Bruno opens it; /mano records its hands).
    "ricarica": (N_("/ricarica Anna 300 (/rebuy) — Tagò: una ricarica tra le mani"),),
    "curioso": (N_("/curioso Dario (/curious) — Tagò: chi ha lasciato vede la carta, un'ante"),),
    "jackpot": (N_("/jackpot — Tagò: il jackpot, che passa da una serata all'altra"),),
    "saldo": (N_("/saldo (/settle) — Tagò: chiude la serata, risultati e pagamenti"),),
}
#: The commands in the registry's order, each with how many lines ``/aiuto`` alone shows.
_ORDER: list[tuple[str, int]] = []


def use_help(order: Sequence[tuple[str, int]]) -> None:
    """The commands in the order the help lists them, from the registry."""
    _ORDER[:] = order


def help_text(*, everything: bool = False) -> str:
    """``/aiuto``: what the bot does and the commands a table needs to play a game;
    ``everything`` (``/aiuto tutto``): every command, the options of /nuova and the cards."""
    intro = _(
        "🃏 TamaloBot tiene il punteggio delle vostre partite a Tamalo.\n"
        "Chi ha meno punti vince; la partita finisce quando qualcuno arriva a 100."
    )
    lines = [
        _(line)
        for command, first in _ORDER
        for line in (LINES[command] if everything else LINES[command][:first])
    ]
    if not everything:
        head = _("Per giocare bastano questi (tra parentesi l'alias inglese):")
        more = _("Tutti i comandi, le opzioni di /nuova e le carte: /aiuto tutto")
        return "\n\n".join((intro, head + "\n" + "\n".join(lines), more))
    head = _("Comandi (tra parentesi l'alias inglese):")
    return "\n\n".join((intro, head + "\n" + "\n".join(lines), _options(), _cards()))


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
