"""``/aiuto``, and what an edited command does."""

from __future__ import annotations

from bot.i18n import _


def help_text() -> str:
    return _("""\
🃏 TamaloBot tiene il punteggio delle vostre partite a Tamalo.
Chi ha meno punti vince; la partita finisce quando qualcuno arriva a 100.

Comandi (tra parentesi l'alias inglese):
/nuova Anna Bruno Carlo (/new) — nuova partita, nell'ordine in cui siete seduti
/mano Anna 3 Bruno 12 Carlo 7 t=Anna (/hand) — registra una mano: il totale di ognuno \
e chi ha chiamato Tamalo (t= o tamalo=)
/mano 3 12 7 t=Anna — gli stessi totali, nell'ordine dei posti
/mano da solo — la mano si inserisce con i pulsanti: chi ha chiamato, poi i totali
/mano Anna A,7,KN Bruno 12 Carlo 0 — un totale si può scrivere con le carte
/mano Bruno 12 Carlo 7 f=Anna — f= (fuori=) chi ha finito le carte: ha 0, il totale si può omettere
/classifica (/standings) — la classifica della partita
/classifica generale (/leaderboard) — la classifica di sempre del gruppo, con l'abilità
/correggi 2 Anna 3 Bruno 12 Carlo 7 (/fix) — riscrive la mano 2; totali e vincitore si ricalcolano
/annulla (/undo) — toglie l'ultima mano registrata
/mazziere (/dealer) — chi distribuisce la prossima mano (il mazziere gira in senso orario)
/entra Dario (/join) — un giocatore entra a partita iniziata, con i punti dell'ultimo
/esci Dario (/leave) — un giocatore lascia: non gioca più e resta fuori dalla classifica
/fine (/end) — chiude la partita così com'è (se ci sono mani, chiede conferma)
/riapri (/reopen) — riapre la partita chiusa con /fine, finché non ne inizia un'altra
/rivincita (/rematch) — stessi giocatori, stesse regole; il primo mazziere si sposta di un posto
/torneo Anna Bruno Carlo Dario Elena Franco (/tournament) — due tavoli sorteggiati, poi la finale
/tresei (/tressex) — tres sex non expedit: se più di metà dei giocatori vota sì, \
la partita è annullata
/grafico (/chart) — il grafico dei punti, mano per mano
/previsione (/forecast) — chi vince? Le probabilità di ognuno, mano per mano, in un grafico; \
sotto ogni mano la riga «Chi vince?» (/impostazioni previsione=no la toglie)
/serata (/tonight) — le partite di stasera, con i grafici della serata
/stats Anna — le statistiche di Anna; /stats da solo: quelle del gruppo
/esporta (/export) — tutte le mani del gruppo in un file CSV
/impostazioni fuso=Europe/Rome (/settings) — il fuso orario del gruppo, chi annulla e corregge, \
la previsione
/lingua en (/language) — il bot parla inglese in questa chat; /lingua it per tornare all'italiano
/regole (/rules) — le regole in breve · /mosse (/moves) — le mosse con un nome
/mossa coppiona Anna (/move) — segna una mossa celebre · /dicono (/rumours) — una curiosità
/sonoio Anna (/iam) — sei Anna in questo gruppo: /stats in privato con me mostra le tue \
statistiche di tutti i gruppi
/aiuto (/help) — questo messaggio

Opzioni di /nuova, prima o dopo i nomi:
contro — ControTamalo: ct=Nome nella mano per chi chiama ControTamalo
quadri — 4 Quadri: in 4, quattro quadri da 4 mani (spareggio: pesato sul mazziere)
soglia=50 — la partita si chiude a 50 invece che a 100
jokes — Jolly (JK) da 15 · pari_perde — un pari batte chi chiama Tamalo · \
6carte — in due con 6 carte · mazziere=Bruno — chi distribuisce la prima mano

Carte: A=1, 2…10, J=11, Q=12, KN=13 (re nero), KR=0 (re rosso).
Sotto i 5 punti si prende zero; chi chiama Tamalo e non ha il totale più basso prende 15, \
e con più di 5 punti prende 15 più i suoi punti, in ogni caso.""")


def edits_change_nothing() -> str:
    return _(
        "Modificare questo comando dopo averlo inviato non cambia nulla: scrivilo di nuovo in un "
        "messaggio nuovo. (Una /mano modificata, invece, corregge la sua mano.)"
    )
