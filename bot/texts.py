"""Every message the bot sends, in one place (Italian)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from bot.entry import Entry
from bot.entry import Step as EntryStep
from bot.lore import MOVE_BY_KEY, MOVES, Move
from scoring import (
    HANDS_PER_QUADRO,
    MAX_TOTAL,
    QUADRI,
    Game,
    Mode,
    Rules,
    ScoredHand,
    Standing,
    quadro_of,
)
from storage import (
    DEFAULT_TIMEZONE,
    ChatOverview,
    ChatSettings,
    GameRecord,
    HandFigures,
    LeaderboardLine,
    PlayerStats,
    Tally,
)

#: The lower target proposed for ControTamalo (hands are worth 1-4 points, not 5-30).
CONTRO_TARGET = 30

# The command menu, in the order the help shows it: (command, English alias, description).
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("nuova", "new", "Nuova partita: /nuova Anna Bruno Carlo (anche contro, quadri)"),
    ("mano", "hand", "Registra una mano: /mano Anna 3 Bruno 12 Carlo 7 t=Anna"),
    ("classifica", "standings", "Classifica della partita"),
    ("correggi", "fix", "Corregge una mano: /correggi 2 Anna 3 Bruno 12 Carlo 7"),
    ("annulla", "undo", "Annulla l'ultima mano"),
    ("mazziere", "dealer", "Chi distribuisce la prossima mano"),
    ("entra", "join", "Un giocatore entra a partita iniziata: /entra Dario"),
    ("esci", "leave", "Un giocatore lascia la partita: /esci Dario"),
    ("fine", "end", "Chiude la partita così com'è"),
    ("torneo", "tournament", "Torneo a due tavoli e finale: /torneo e almeno 6 nomi"),
    ("tresei", "tressex", "Tres sex non expedit: si vota per annullare la partita"),
    ("grafico", "chart", "Grafico dei punti della partita"),
    ("serata", "tonight", "Riepilogo della serata, con i grafici"),
    ("stats", "stats", "Statistiche: /stats Anna, o del gruppo"),
    ("esporta", "export", "Tutta la storia del gruppo in un file CSV"),
    ("impostazioni", "settings", "Impostazioni del gruppo: fuso orario"),
    ("regole", "rules", "Le regole in breve e la modalità della partita"),
    ("mosse", "moves", "Le mosse con un nome"),
    ("mossa", "move", "Segna una mossa celebre: /mossa coppiona Anna"),
    ("dicono", "rumours", "Dicono che… una curiosità sul Tamalo"),
    ("sonoio", "iam", "Collega te al tuo nome nelle partite: /sonoio Anna"),
    ("aiuto", "help", "Come si usa il bot"),
)

HELP = """\
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
/fine (/end) — chiude la partita così com'è
/torneo Anna Bruno Carlo Dario Elena Franco (/tournament) — due tavoli sorteggiati, poi la finale
/tresei (/tressex) — tres sex non expedit: se più di metà dei giocatori vota sì, \
la partita è annullata
/grafico (/chart) — il grafico dei punti, mano per mano
/serata (/tonight) — le partite di stasera, con i grafici della serata
/stats Anna — le statistiche di Anna; /stats da solo: quelle del gruppo
/esporta (/export) — tutte le mani del gruppo in un file CSV
/impostazioni fuso=Europe/Rome (/settings) — il fuso orario del gruppo
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
e con più di 5 punti prende 15 più i suoi punti, in ogni caso."""

MARKERS_HELP = (
    "Nella mano: t=Nome chi chiama Tamalo, ct=Nome chi chiama ControTamalo, "
    "f=Nome chi ha finito le carte."
)
CARDS_HINT = "Carte: A 2 … 10 J Q KN (re nero, 13) KR (re rosso, 0)."
VALUE_HINT = "scrivi un numero (7) o le carte separate da virgole (A,7,KN)"

NO_RUNNING_GAME = "Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo."
NO_GAME_YET = "In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
NO_HAND_TO_UNDO = "Non c'è nessuna mano da annullare."
NEW_GAME_EMPTY = "Scrivi chi gioca, nell'ordine in cui siete seduti: /nuova Anna Bruno Carlo."
NEW_GAME_ONE_PLAYER = "Servono almeno due giocatori: /nuova Anna Bruno."
JOIN_EMPTY = "Scrivi chi entra, per esempio /entra Dario."
JOIN_MANY = "Entra un giocatore alla volta: /entra Dario."
HAND_EMPTY = (
    "Scrivi il totale di ogni giocatore: /mano Anna 3 Bruno 12 t=Anna, "
    "oppure solo i totali nell'ordine dei posti: /mano 3 12 t=Anna; "
    "oppure /mano da solo, e la inserisci con i pulsanti."
)
EDITS_CHANGE_NOTHING = (
    "Modificare questo comando dopo averlo inviato non cambia nulla: scrivilo di nuovo in un "
    "messaggio nuovo. (Una /mano modificata, invece, corregge la sua mano.)"
)
ALREADY_HANDLED = "Questo messaggio l'ho già registrato: non cambio nulla."
EDITED_HAND_GONE = (
    "Quel messaggio non ha più una mano registrata (è stata annullata, o non era una /mano): "
    "per registrarla scrivi di nuovo /mano in un messaggio nuovo."
)
EDITED_HAND_CLOSED = (
    "La partita di quella mano è chiusa: modificare il messaggio non la cambia più. "
    "Non ho cambiato nulla."
)
SOMETHING_WENT_WRONG = "Qualcosa è andato storto e non ho registrato nulla. Riprova tra poco."


def names(players: Sequence[str]) -> str:
    """ "Anna", "Anna e Bruno", "Anna, Bruno e Carlo"."""
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " e " + players[-1]


def game_running(players: Sequence[str]) -> str:
    who = f" ({names(players)})" if players else ""
    return f"C'è già una partita in corso{who}. Chiudila con /fine prima di iniziarne un'altra."


def mode_name(rules: Rules) -> str:
    scoring_name = "ControTamalo" if rules.mode is Mode.CONTRO else "classica"
    return f"a 4 Quadri ({scoring_name})" if rules.quadri else scoring_name


def options_line(rules: Rules) -> str:
    options = [
        label
        for on, label in (
            (rules.jokers, "con i Jolly (15 punti)"),
            (rules.tie_beats_caller, "pari perde (un pari batte chi chiama Tamalo)"),
            (rules.six_cards, "6 carte"),
            (rules.dealer_tiebreak, "spareggio pesato sul mazziere"),
        )
        if on
    ]
    return f"Opzioni: {', '.join(options)}.\n" if options else ""


def end_rule(rules: Rules) -> str:
    if rules.quadri:
        return "4 quadri da 4 mani, 16 mani in tutto"
    return f"si chiude a {rules.target} punti"


def contro_target_hint(rules: Rules, command: str, *, tournament: bool = False) -> str:
    """ControTamalo hands are worth a few points: propose a lower target (RULES.md)."""
    if rules.mode is not Mode.CONTRO or rules.quadri:
        return ""
    lower = command.replace("/nuova ", f"/nuova soglia={CONTRO_TARGET} ", 1).replace(
        "/torneo ", f"/torneo soglia={CONTRO_TARGET} ", 1
    )
    how = "La prossima volta provate" if tournament else "Per una partita più corta: /fine, poi"
    return (
        f"Nel ControTamalo una mano vale pochi punti: a {rules.target} ci vogliono tante mani. "
        f"{how} soglia={CONTRO_TARGET}: {lower}\n"
    )


def command_for(word: str, players: Sequence[str], rules: Rules, first_dealer: int = 0) -> str:
    """The command that starts this game again: /nuova contro pari_perde Anna Bruno …"""
    options = [mode_word for mode_word, on in (("contro", rules.mode is Mode.CONTRO),
               ("quadri", rules.quadri)) if on]  # fmt: skip
    options += [flag for flag, on in (("jokes", rules.jokers),
                ("pari_perde", rules.tie_beats_caller), ("6carte", rules.six_cards),
                ("spareggio", rules.dealer_tiebreak)) if on]  # fmt: skip
    dealer = [f"mazziere={players[first_dealer]}"] if first_dealer else []
    return " ".join([f"/{word}", *options, *players, *dealer])


def game_started(game: Game, *, propose_target: bool = False) -> str:
    players, rules = game.players, game.rules
    pairs = " ".join(f"{p} {n}" for p, n in zip(players, (3, 12, 7, 0, 9, 21), strict=False))
    totals = " ".join(str(n) for n in (3, 12, 7, 0, 9, 21)[: len(players)])
    markers = f"t={players[0]}"
    if rules.mode is Mode.CONTRO:
        markers += f" ct={players[1]}"
    command = command_for("nuova", players, rules, game.first_dealer)
    hint = contro_target_hint(rules, command) if propose_target else ""
    return (
        f"🃏 Nuova partita {mode_name(rules)}, {end_rule(rules)}.\n"
        f"{options_line(rules)}"
        f"Giocano, in ordine: {names(players)}.\n"
        f"Prima mano: distribuisce {game.dealer_of(1)}.\n"
        f"{hint}\n"
        f"Registra ogni mano con /mano {pairs} {markers}\n"
        f"oppure, nell'ordine dei posti: /mano {totals} {markers}\n"
        f"{MARKERS_HELP}"
    )


def table_label(record: GameRecord) -> str:
    """What names a tournament game in a reply: "Tavolo 1 · ", "Finale · "; else nothing."""
    if record.stage is None:
        return ""
    return "Finale · " if record.is_final else f"Tavolo {record.stage.value} · "


def signed(points: int, rules: Rules) -> str:
    """ControTamalo points carry their sign (+2, -3); classic points are never negative."""
    return f"{points:+d}" if rules.mode is Mode.CONTRO else str(points)


def standings_lines(standings: Sequence[Standing], rules: Rules) -> str:
    if rules.quadri:
        return "\n".join(
            f"{s.rank}. {s.player} · {quadri(s.quadri or 0)} · {s.total} punti" for s in standings
        )
    return "\n".join(f"{s.rank}. {s.player} {s.total}" for s in standings)


def quadri(count: int) -> str:
    return f"{count} {'quadro' if count == 1 else 'quadri'}"


def winners_line(game: Game) -> str:
    winners = game.winners()
    if not winners:
        return "Nessuna mano giocata: nessun vincitore."
    total = game.totals()[winners[0]]
    verb = "Vince" if len(winners) == 1 else "Vincono a pari merito"
    if game.rules.quadri:
        won = game.quadri_won()[winners[0]]
        line = f"🏆 {verb} {names(winners)} con {quadri(won)} e {total} punti!"
        if len(winners) > 1:
            line += (
                "\nStessi quadri e stessi punti: il regolamento propone "
                "una gara di schiaffi per decidere."
            )
        return line
    return f"🏆 {verb} {names(winners)} con {total} punti!"


def final_standings(game: Game) -> str:
    lines = standings_lines(game.standings(), game.rules)
    left = ""
    if departed := [p for p in game.players if p not in game.ranked]:
        totals = game.totals()
        left = "\nHanno lasciato: " + ", ".join(f"{p} {totals[p]}" for p in departed)
    return f"Classifica finale:\n{lines}{left}\n\n{winners_line(game)}"


def _hand_line(scored: ScoredHand, player: str, rules: Rules) -> str:
    points, total = scored.points[player], scored.hand.total_of(player)
    line = f"{player} {signed(points, rules)}"
    if player in scored.hand.out:
        line += " (ha finito le carte)"
    elif rules.mode is Mode.CONTRO or points > total:
        # What was in hand, so a typo is easy to spot: a classic penalty, every ControTamalo line.
        line += f" (carte {total})"
    if player == scored.hand.caller:
        line += " · Tamalo riuscito ✅" if scored.call_won else " · Tamalo sbagliato ❌"
    if player == scored.hand.counter_caller:
        line += (
            " · ControTamalo riuscito ✅" if scored.counter_won else " · ControTamalo sbagliato ❌"
        )
    return line


def hand_title(game: Game, number: int) -> str:
    if game.rules.quadri:
        quadro, within = quadro_of(number)
        return f"Quadro {quadro} · mano {within}/{HANDS_PER_QUADRO}"
    return f"Mano {number}"


def quadro_closed(game: Game, number: int) -> str:
    """After the fourth hand of a quadro: who won it."""
    quadro, within = quadro_of(number)
    if not game.rules.quadri or within != HANDS_PER_QUADRO:
        return ""
    winners = game.quadro_winners(quadro)
    total = game.quadro_totals(quadro)[winners[0]]
    verb = "lo vince" if len(winners) == 1 else "lo vincono a pari merito"
    return f"🔲 Quadro {quadro} chiuso: {verb} {names(winners)} con {total} punti.\n\n"


def hand_recorded(game: Game, label: str = "") -> str:
    """The hand just played, then the standings, or the end of the game."""
    return _hand_and_after(game, len(game.hands), f"{label}{hand_title(game, len(game.hands))}:")


def hand_fixed(game: Game, number: int, label: str = "") -> str:
    return _hand_and_after(game, number, f"{label}{hand_title(game, number)} corretta:")


def _hand_and_after(game: Game, number: int, title: str) -> str:
    scored = game.hands[number - 1]
    lines = "\n".join(_hand_line(scored, r.player, game.rules) for r in scored.hand.reports)
    head = f"{title}\n{lines}\n\n" + quadro_closed(game, number)
    if game.is_over():
        return head + game_over(game) + final_standings(game)
    return (
        head + f"Classifica:\n{standings_lines(game.standings(), game.rules)}\n\n"
        f"Prossimo mazziere: {game.next_dealer}."
    )


def game_over(game: Game) -> str:
    if game.rules.quadri:
        return "🏁 Partita finita: 16 mani giocate.\n"
    top = max(game.totals().items(), key=lambda item: item[1])
    return (
        f"🏁 Partita finita: {top[0]} ha raggiunto {top[1]} punti (soglia {game.rules.target}).\n"
    )


def standings(game: Game, *, running: bool, label: str = "") -> str:
    if not running:
        head = "Partita finita" if label else "Ultima partita, finita"
        return f"{label}{head}.\n" + final_standings(game)
    played = len(game.hands)
    head = f"{label}Classifica dopo {played} {'mano' if played == 1 else 'mani'}"
    if game.rules.quadri:
        head += f" su {QUADRI * HANDS_PER_QUADRO}"
    else:
        head += f" (si chiude a {game.rules.target})"
    return f"{head}:\n{standings_lines(game.standings(), game.rules)}"


def standings_refreshed(text: str, at: datetime) -> str:
    return f"{text}\n\n🔄 Aggiornata alle {at:%H:%M:%S}."


ANNULLED_GAME = (
    "L'ultima partita è stata annullata (tres sex non expedit): non conta in nessuna classifica."
)


def player_joined(game: Game, player: str) -> str:
    start = game.totals()[player]
    why = " (come l'ultimo in classifica)" if game.hands else ""
    return (
        f"{player} entra in partita con {start} punti{why}.\n\n"
        f"Classifica:\n{standings_lines(game.standings(), game.rules)}"
    )


def player_left(game: Game, player: str) -> str:
    return (
        f"{player} lascia la partita con {game.totals()[player]} punti: non gioca le prossime "
        "mani e non è in classifica per la vittoria.\n\n"
        f"Classifica:\n{standings_lines(game.standings(), game.rules)}"
    )


def already_seated(player: str) -> str:
    return f"{player} gioca già in questa partita."


def hand_undone(game: Game, number: int, *, reopened: bool, label: str = "") -> str:
    again = " La partita riprende." if reopened else ""
    if waiting := game.waiting():
        verb = "non giocava" if len(waiting) == 1 else "non giocavano"
        again += f" {names(waiting)} {verb} nella mano {number}: riscrivila senza."
    if leaving := game.leaving():
        verb = "giocava" if len(leaving) == 1 else "giocavano"
        again += (
            f" {names(leaving)} {verb} ancora nella mano {number}: riscrivila con il suo totale."
        )
    running = not game.is_over()
    return f"{label}Ho annullato la mano {number}.{again}\n\n" + standings(
        game, running=running, label=""
    )


def game_ended(game: Game, label: str = "") -> str:
    return f"{label}Partita chiusa.\n" + final_standings(game)


def undo_closed_game(*, tournament: bool = False) -> str:
    if tournament:
        return "Questo tavolo è stato chiuso con /fine: le sue mani non si tolgono più."
    return (
        "L'ultima partita è stata chiusa con /fine: non la riapro. Iniziane una nuova con /nuova."
    )


def dealer_line(game: Game, label: str = "") -> str:
    number = len(game.hands) + 1
    if (limit := game.rules.hands_in_game) is not None and number > limit:
        return f"{label}Tutte le mani sono state giocate."
    return f"{label}Mano {number}: distribuisce {game.dealer_of(number)}."


GAME_REOPENED = "\n\nCon questa correzione nessuno è alla soglia: la partita riprende."
FIX_CLOSED_GAME = (
    "L'ultima partita è stata chiusa con /fine: non la correggo. Iniziane una nuova con /nuova."
)
NO_JOINING_TOURNAMENTS = "In un torneo i tavoli sono fatti: non si entra a partita iniziata."
NO_JOINING_QUADRI = "A 4 Quadri giocano sempre gli stessi 4: non si entra a partita iniziata."
NO_LEAVING_QUADRI = "A 4 Quadri giocano sempre gli stessi 4: nessuno può lasciare la partita."
LAST_TWO_STAY = "Siete rimasti in due: per smettere chiudete la partita con /fine."


# --- Tournaments. ---

TOURNAMENT_IN_PROGRESS = (
    "C'è un torneo in corso: finite i tavoli e la finale (o chiudeteli con /fine Nome) "
    "prima di iniziare altro."
)
FINAL_UNDER_WAY = "La finale è già cominciata: le mani dei tavoli non si cambiano più."


def tournament_started(tables: Sequence[Game], *, propose_target: bool) -> str:
    rules = tables[0].rules
    lines = "\n".join(f"Tavolo {i}: {names(t.players)}" for i, t in enumerate(tables, start=1))
    example = " ".join(f"{p} {n}" for p, n in zip(tables[0].players, (3, 12, 7, 0), strict=False))
    command = command_for("torneo", sorted(p for t in tables for p in t.players), rules)
    hint = contro_target_hint(rules, command, tournament=True) if propose_target else ""
    return (
        f"🏆 Torneo {mode_name(rules)}, ogni tavolo {end_rule(rules)}.\n"
        f"{options_line(rules)}"
        f"Sorteggio dei tavoli:\n{lines}\n\n"
        "Ogni tavolo gioca la sua partita; i migliori due di ogni tavolo vanno in finale.\n"
        f"{hint}"
        f"Scrivete le mani con i nomi, così capisco il tavolo: /mano {example} "
        f"t={tables[0].players[0]}"
    )


def table_over_wait(qualified: Sequence[str]) -> str:
    return f"\n\nIn finale: {names(qualified)}. Aspettiamo la fine dell'altro tavolo."


def final_started(final: Game, tables: Sequence[Game]) -> str:
    return (
        f"\n\n🏆 Entrambi i tavoli hanno finito: comincia la finale!\n"
        f"Giocano, in ordine: {names(final.players)}.\n"
        f"Prima mano: distribuisce {final.dealer_of(1)}."
    )


def tournament_won(final: Game) -> str:
    winners = final.winners()
    if not winners:
        return "\n\nLa finale si chiude senza mani giocate: il torneo non ha un vincitore."
    if len(winners) == 1:
        return f"\n\n🥇 {winners[0]} vince il torneo!"
    return f"\n\n🥇 {names(winners)} vincono il torneo a pari merito!"


# --- Tres sex non expedit. ---

VOTE_YES, VOTE_NO = "Sì ✅", "No ❌"
VOTE_CLOSED = "Questa votazione è chiusa."
ALREADY_VOTED = "Hai già votato."
VOTE_COUNTED = "Voto registrato."
VOTE_ANNULLED = "🎲 La partita è annullata: non conta in nessuna classifica."
VOTE_ANNULLED_TOURNAMENT = (
    "🎲 Il torneo è annullato, tavoli e finale: non conta in nessuna classifica."
)
VOTE_REJECTED = "La partita continua: i no sono troppi."


def vote(tally: Tally, players: int, needed: int, *, tournament: bool = False) -> str:
    what = "il torneo (tutti i tavoli)" if tournament else "la partita"
    head = (
        f"🎲 Tres sex non expedit! Tre 6 di fila: annulliamo {what}?\n"
        f"Serve il sì di più di metà dei giocatori: {needed} su {players}.\n"
        f"Sì {tally.yes} · No {tally.no}"
    )
    if tally.outcome == "annulled":
        return f"{head}\n\n{VOTE_ANNULLED_TOURNAMENT if tournament else VOTE_ANNULLED}"
    if tally.outcome == "rejected":
        return f"{head}\n\n{VOTE_REJECTED}"
    return head


# --- Mistakes in what was typed: each says what was wrong and what to type instead. ---


def bad_name(token: str) -> str:
    return (
        f"«{token}» non va bene come nome: usa lettere (anche numeri dopo la prima), "
        "senza spazi, virgole o =, al massimo 32 caratteri."
    )


def name_is_a_card(token: str) -> str:
    return f"«{token}» si confonde con una carta o un numero: usa un nome più lungo."


def duplicate_player(player: str) -> str:
    return f"Hai scritto {player} due volte: ogni giocatore va scritto una volta sola."


def unknown_player(token: str, players: Sequence[str]) -> str:
    return (
        f"{token} non gioca in questa partita. Giocano: {names(players)}. "
        f"Chi arriva a partita iniziata entra con /entra {token}."
    )


def not_in_this_hand(player: str, players: Sequence[str], number: int | None) -> str:
    which = f"nella mano {number}" if number is not None else "in questa mano"
    return f"{player} non giocava {which}: scrivi solo {names(players)}."


def left_for_good(player: str) -> str:
    return f"{player} ha lasciato questa partita e non può rientrare: giocherà la prossima."


def missing_players(missing: Sequence[str]) -> str:
    return (
        f"Manca il totale di {names(missing)}: ogni giocatore ha bisogno di un valore "
        f"(0 se ha finito le carte)."
    )


def too_many_players(limit: int) -> str:
    return f"Al massimo {limit} giocatori per partita."


def value_without_name(token: str) -> str:
    return (
        f"«{token}» non ha un nome davanti: scrivi nome e totale di ognuno, "
        "/mano Anna 3 Bruno 12, oppure solo i totali nell'ordine dei posti."
    )


def missing_value(player: str) -> str:
    return f"Manca il totale di {player}: scrivi per esempio «{player} 7»."


def wrong_count(given: int, players: Sequence[str]) -> str:
    return (
        f"Hai scritto {given} totali, ma giocano in {len(players)}: "
        f"{names(players)}. Scrivi un totale per ognuno, nell'ordine dei posti, "
        "oppure nome e totale: /mano Anna 3 Bruno 12."
    )


def not_a_value(token: str) -> str:
    return f"«{token}» non è un totale: {VALUE_HINT}."


def negative_value(token: str) -> str:
    return f"«{token}»: un totale non può essere negativo. Chi ha finito le carte scrive 0."


def value_too_high(token: str, limit: int) -> str:
    return f"«{token}» è troppo per una mano (al massimo {limit}): controlla il totale."


def unknown_card(token: str) -> str:
    return f"«{token}» non è una carta. {CARDS_HINT}"


def joker_not_allowed() -> str:
    return "Il Jolly vale solo nelle partite con i Jolly: qui scrivi le altre carte."


MARKERS_HINT = (
    "t=Nome chi ha chiamato Tamalo, ct=Nome chi ha chiamato ControTamalo, "
    "f=Nome chi ha finito le carte"
)
MARKER_WORDS = {
    "t": "chi ha chiamato Tamalo", "tamalo": "chi ha chiamato Tamalo",
    "ct": "chi ha chiamato ControTamalo", "contro": "chi ha chiamato ControTamalo",
    "controtamalo": "chi ha chiamato ControTamalo",
    "f": "chi ha finito le carte", "fuori": "chi ha finito le carte",
}  # fmt: skip


def marker_empty(key: str) -> str:
    return f"Scrivi {MARKER_WORDS[key]} dopo {key}=, per esempio {key}=Anna."


def two_marked(key: str, first: str, second: str) -> str:
    what = "Tamalo" if MARKER_WORDS[key].endswith(" Tamalo") else "ControTamalo"
    return f"{what} lo chiama uno solo: hai scritto {first} e {second}. Tieni solo {key}=Nome."


def marked_not_playing(key: str, token: str, players: Sequence[str]) -> str:
    return f"{key}={token}: {token} non gioca questa mano. Giocano: {names(players)}."


def unknown_option(token: str) -> str:
    return f"Non capisco «{token}». Dopo i totali puoi scrivere: {MARKERS_HINT}."


COUNTER_NEEDS_CONTRO = (
    "Il ControTamalo si chiama solo nelle partite ControTamalo (/nuova contro Anna Bruno …): "
    "togli ct= da questa mano."
)


def counter_without_caller(counter: str) -> str:
    return (
        f"{counter} ha chiamato ControTamalo, ma nessuno ha chiamato Tamalo: "
        "aggiungi t=Nome di chi l'ha chiamato."
    )


def counter_is_caller(player: str) -> str:
    return (
        f"{player} non può chiamare Tamalo e ControTamalo nella stessa mano: "
        "ct= è un altro giocatore."
    )


def out_with_cards(player: str, total: int) -> str:
    return (
        f"{player} ha finito le carte (f={player}), quindi ha 0, ma hai scritto {total}: "
        "correggi il totale o togli f=."
    )


# --- Starting games: /nuova and /torneo options. ---

TWO_MODES = "Scegli una modalità sola: classica oppure contro."
TIEBREAK_ONLY_QUADRI = "Lo spareggio col mazziere vale solo a 4 Quadri: /nuova quadri spareggio …"
SIX_CARDS_TWO_PLAYERS = "La variante a 6 carte si gioca in due: /nuova 6carte Anna Bruno."
TOURNAMENT_NO_JOKERS = "Nei tornei i Jolly sono vietati: togli jokes."
TOURNAMENT_PLAIN = (
    "Un torneo si gioca con partite normali (classica o contro): togli quadri e 6carte."
)
TOURNAMENT_NO_DEALER = "Nel torneo i tavoli sono sorteggiati: togli mazziere=."


def unknown_game_option(token: str) -> str:
    return (
        f"Non capisco «{token}». Opzioni di /nuova: classica, contro, quadri, soglia=N, "
        "jokes, pari_perde, 6carte, spareggio, mazziere=Nome."
    )


def bad_target(value: str, low: int, high: int) -> str:
    return f"soglia={value}: scrivi un numero di punti tra {low} e {high}, per esempio soglia=50."


def dealer_not_playing(token: str, players: Sequence[str]) -> str:
    return f"mazziere={token}: {token} non gioca. Giocano: {names(players)}."


def quadri_players(count: int) -> str:
    return f"A 4 Quadri si gioca in 4 esatti, non in {count}: /nuova quadri Anna Bruno Carlo Dario."


def tournament_players(low: int) -> str:
    return f"Un torneo vuole almeno {low} giocatori: /torneo Anna Bruno Carlo Dario Elena Franco."


# --- Corrections, leaving, tables. ---

FIX_EMPTY = (
    "Scrivi quale mano correggere e come è andata davvero: /correggi 3 Anna 5 Bruno 12 t=Anna."
)
LEAVE_EMPTY = "Scrivi chi lascia la partita: /esci Carlo."
TWO_TABLES_NAMED = "Hai scritto giocatori di tavoli diversi: ogni mano è di un tavolo solo."


def no_such_hand(number: str, played: int) -> str:
    if played == 0:
        return "Non c'è ancora nessuna mano da correggere."
    return f"Non c'è una mano {number}: le mani giocate vanno da 1 a {played}."


def leaver_not_playing(token: str, players: Sequence[str]) -> str:
    return f"{token} non gioca in questa partita. Giocano: {names(players)}."


def which_table(tables: Sequence[Sequence[str]]) -> str:
    lines = "\n".join(f"Tavolo {i}: {names(t)}" for i, t in enumerate(tables, start=1))
    return f"Si gioca su più tavoli: scrivi i nomi, così capisco quale.\n{lines}"


# --- Charts, statistics, the all-time leaderboard, export, settings. ---


def decimal(value: float, digits: int = 1) -> str:
    """Italian decimals: 2,5."""
    return f"{value:.{digits}f}".replace(".", ",")


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def chart_title(record: GameRecord, day: str) -> str:
    stage = table_label(record).removesuffix(" · ")
    where = f"Torneo, {stage.lower()}" if stage else "Partita"
    return f"{where} del {day} · {mode_name(record.game.rules)}"


def final_chart_caption(game: Game) -> str:
    return f"📈 {winners_line(game)}"


NO_HANDS_TO_DRAW = "Non c'è ancora nessuna mano da disegnare: registra la prima con /mano."
NO_GAMES_TONIGHT = "Stasera non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."


def night_title(evening: date, games: int) -> str:
    return f"Serata del {evening:%d/%m/%Y} · {games} {'partita' if games == 1 else 'partite'}"


def night_summary(evening: date, records: Sequence[GameRecord], times: Sequence[str]) -> str:
    """Tonight's games, each with its time, mode and winner."""
    lines = []
    for record, started in zip(records, times, strict=True):
        game = record.game
        label = table_label(record)
        head = f"{started} · {label}{mode_name(game.rules)}, {len(game.hands)} mani: "
        if record.running:
            leaders = [s.player for s in game.standings() if s.rank == 1]
            lines.append(
                head + (f"in corso, in testa {names(leaders)}" if game.hands else "in corso")
            )
        elif winners := game.winners():
            lines.append(head + f"vince {names(winners)} ({game.totals()[winners[0]]})")
        else:
            lines.append(head + "chiusa senza mani")
    wins: dict[str, int] = {}
    for record in records:
        if not record.running:
            for winner in record.game.winners():
                wins[winner] = wins.get(winner, 0) + 1
    best = max(wins.values(), default=0)
    top = ""
    if best:
        kings = [p for p, n in wins.items() if n == best]
        verb = "Re della serata" if len(kings) == 1 else "Re della serata a pari merito"
        top = f"\n\n👑 {verb}: {names(kings)} con {best} {'vittoria' if best == 1 else 'vittorie'}."
    return f"🌙 {night_title(evening, len(records))}\n" + "\n".join(lines) + top


LEADERBOARD_EMPTY = (
    "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
)
LEADERBOARD_NOTE = (
    "L'abilità (OpenSkill) sale quando arrivi davanti a chi è forte e scende quando finisci "
    "dietro a chi lo è meno; conta il piazzamento finale di ogni partita."
)
PROVISIONAL_NOTE = "(provvisorio) = meno di 3 partite."


#: Rows a leaderboard shows: one Telegram message holds at most 4096 characters.
LEADERBOARD_ROWS = 30
#: Names an "unknown player" reply lists.
NAMES_LISTED = 40


def leaderboard(lines: Sequence[LeaderboardLine]) -> str:
    rows = []
    for position, line in enumerate(lines[:LEADERBOARD_ROWS], start=1):
        won = "vinta" if line.wins == 1 else "vinte"
        row = (
            f"{position}. {line.player} · abilità {decimal(line.skill.ordinal)} · "
            f"{line.games} {'partita' if line.games == 1 else 'partite'}, {line.wins} {won} "
            f"({percent(line.wins, line.games)}) · posizione media {decimal(line.average_place)}"
        )
        rows.append(row + (" (provvisorio)" if line.provisional else ""))
    hidden = len(lines) - LEADERBOARD_ROWS
    if hidden > 0:
        rows.append(f"… e altri {hidden}: /stats Nome per ciascuno.")
    note = LEADERBOARD_NOTE
    if any(line.provisional for line in lines[:LEADERBOARD_ROWS]):
        note = f"{PROVISIONAL_NOTE}\n{note}"
    return "🏆 Classifica generale\n" + "\n".join(rows) + f"\n\n{note}"


STANDINGS_ARGUMENT = (
    "/classifica mostra la partita in corso; per la classifica di sempre: /classifica generale."
)
GENERAL_WORDS = frozenset({"generale", "general", "sempre", "tutti"})


def unknown_stats_player(token: str, players: Sequence[str]) -> str:
    if not players:
        return f"Nessun giocatore «{token}» in questa chat: qui non si è ancora giocato."
    if len(players) > NAMES_LISTED:
        listed = ", ".join(players[:NAMES_LISTED])
        return (
            f"Nessun giocatore «{token}» in questa chat. Giocatori: {listed} "
            f"e altri {len(players) - NAMES_LISTED}."
        )
    return f"Nessun giocatore «{token}» in questa chat. Giocatori: {names(players)}."


STATS_ONE_NAME = "Scrivi un nome solo: /stats Anna, oppure /stats per il gruppo."


def _mode_label(mode: str) -> str:
    return "ControTamalo" if mode == Mode.CONTRO.value else "classiche"


def _hand_figures(figures: HandFigures, *, several: bool) -> str:
    what = f"Mani {_mode_label(figures.mode)}" if several else "Mani"
    rules = Rules(mode=Mode(figures.mode))
    return (
        f"{what}: {figures.hands} · media {decimal(figures.average)} punti · "
        f"sotto i 5: {figures.under_five} ({percent(figures.under_five, figures.hands)}) · "
        f"migliore {signed(figures.best, rules)}, peggiore {signed(figures.worst, rules)}"
    )


def _calls(made: int, won: int, what: str) -> str:
    riusciti = "riuscito" if won == 1 else "riusciti"
    chiamati = "chiamato" if made == 1 else "chiamati"
    return f"{what}: {made} {chiamati}, {won} {riusciti} ({percent(won, made)})"


def player_stats(stats: PlayerStats) -> str:
    name = stats.player
    lines = [f"📊 {name}"]
    if stats.games:
        lines.append(
            f"Partite finite: {stats.games} · vittorie: {stats.wins} "
            f"({percent(stats.wins, stats.games)}) · posizione media "
            f"{decimal(stats.rank_sum / stats.games)}"
        )
        lines.append(
            f"Vittorie di fila: {stats.current_streak} adesso · record {stats.longest_streak}"
        )
    else:
        lines.append("Nessuna partita finita, per ora.")
    if stats.quadri:
        lines.append(f"Quadri vinti: {stats.quadri}")
    several = len(stats.hands) > 1
    lines += [_hand_figures(figures, several=several) for figures in stats.hands]
    if stats.hands:
        calls = sum(f.calls for f in stats.hands)
        lines.append(_calls(calls, sum(f.calls_won for f in stats.hands), "Tamalo"))
        counters = sum(f.counters for f in stats.hands)
        if any(f.mode == Mode.CONTRO.value for f in stats.hands):
            lines.append(_calls(counters, sum(f.counters_won for f in stats.hands), "ControTamalo"))
    if (rival := stats.rival) is not None:
        lines.append(f"Rivale: {rival.opponent}, davanti a {name} {_times(rival.behind)}")
    if (victim := stats.victim) is not None:
        lines.append(
            f"Vittima preferita: {victim.opponent}, dietro a {name} {_times(victim.ahead)}"
        )
    if stats.rivalries:
        pairs = " · ".join(f"{r.opponent} {r.ahead}–{r.behind}" for r in stats.rivalries)
        lines.append(f"Testa a testa (davanti–dietro): {pairs}")
    return "\n".join(lines)


def _times(count: int) -> str:
    return "una volta" if count == 1 else f"{count} volte"


def chat_overview(overview: ChatOverview, last_day: str | None) -> str:
    if not overview.finished and not overview.hands and not overview.annulled:
        return NO_GAME_YET
    games = overview.finished
    lines = [
        "📊 Statistiche del gruppo",
        f"{games} {'partita finita' if games == 1 else 'partite finite'}, {overview.hands} "
        f"{'mano' if overview.hands == 1 else 'mani'}, {overview.players} "
        f"{'giocatore' if overview.players == 1 else 'giocatori'} in classifica.",
    ]
    if overview.annulled:
        lines.append(
            f"Annullate (tres sex): {overview.annulled}, non contano in nessuna statistica."
        )
    if last_day is not None:
        who = f", vinta da {names(overview.last_winners)}" if overview.last_winners else ""
        lines.append(f"Ultima partita finita: {last_day}{who}.")
    lines.append("Per un giocatore: /stats Nome · la classifica di sempre: /classifica generale")
    return "\n".join(lines)


def export_caption(rows: int) -> str:
    return (
        f"📄 Tutte le mani del gruppo: {rows} righe, una per giocatore per mano. "
        "Si apre con un foglio di calcolo."
    )


NOTHING_TO_EXPORT = "Non c'è ancora nessuna mano da esportare: giocate con /nuova e /mano."


def settings_shown(settings: ChatSettings) -> str:
    default = " (predefinito)" if settings.timezone == DEFAULT_TIMEZONE else ""
    who = "solo gli amministratori del gruppo" if settings.admins_only else "tutti (predefinito)"
    return (
        "⚙️ Impostazioni del gruppo\n"
        f"Fuso orario: {settings.timezone}{default}. Decide le date e cos'è «stasera» "
        "(la serata dura fino alle 6 del mattino).\n"
        f"Annullare, correggere, chiudere, tres sex: {who}.\n"
        "Per cambiare: /impostazioni fuso=Europe/London · /impostazioni admin=sì (o admin=no)"
    )


def settings_changed(settings: ChatSettings) -> str:
    return "Fatto. " + settings_shown(settings)


def unknown_setting(token: str) -> str:
    return (
        f"Non conosco l'impostazione «{token}». Si possono cambiare: fuso=Europe/Rome e "
        "admin=sì o admin=no."
    )


def yes_or_no(token: str) -> str:
    return f"«{token}»: scrivi admin=sì oppure admin=no."


ADMINS_ONLY = (
    "In questo gruppo annullare, correggere, chiudere una partita e il tres sex spettano agli "
    "amministratori: chiedi a uno di loro. Non ho cambiato nulla."
)
ADMIN_SETTING_FOR_ADMINS = (
    "Solo un amministratore del gruppo può decidere chi annulla e corregge. Non ho cambiato nulla."
)


def unknown_timezone(value: str) -> str:
    return (
        f"«{value}» non è un fuso orario che conosco. Scrivilo come Continente/Città, "
        "per esempio fuso=Europe/Rome o fuso=America/New_York."
    )


# --- /mano alone: the hand entered with buttons ---

ENTRY_NOBODY = "Nessuno"
ENTRY_DELETE = "⌫"
ENTRY_OUT = "fuori"
ENTRY_OK = "OK ✔️"
ENTRY_BACK = "↩️ Indietro"
ENTRY_RECORD = "✅ Registra"
ENTRY_CANCEL = "✖️ Annulla"
ENTRY_CANCELLED = "Inserimento annullato: nessuna mano registrata."
ENTRY_EXPIRED = "⌛ Inserimento scaduto dopo 10 minuti senza tocchi: nessuna mano registrata."
ENTRY_CLOSED = "Questo inserimento è chiuso."
ENTRY_STALE = "Pulsante superato: ecco dove sei."
ENTRY_TOURNAMENT = (
    "Durante un torneo scrivi la mano per intero, così so a quale tavolo va: "
    "/mano Anna 3 Bruno 12 …"
)
ENTRY_MISTAKES = {
    "nothing_typed": "Scrivi prima il totale con i numeri (o premi «fuori»).",
    "too_high": f"Un totale arriva al massimo a {MAX_TOTAL}.",
    "counter_is_caller": "Chi chiama Tamalo non può chiamare anche ControTamalo.",
    "stale": ENTRY_STALE,
}


def entry_busy(who: str) -> str:
    return (
        f"{who} sta già inserendo questa mano con i pulsanti: aspetta che finisca (o che "
        "la annulli). Puoi sempre scriverla per intero: /mano Anna 3 Bruno 12 …"
    )


def entry_not_yours(who: str) -> str:
    return f"Sta inserendo {who}: solo lui o lei può premere questi pulsanti."


def entry_view(entry: Entry, number: int, who: str, label: str = "") -> str:
    """The entry message: what has been entered so far, and what to choose now."""
    lines = [f"✍️ {label}Mano {number}, la inserisce {who}."]
    if entry.step is not EntryStep.CALLER:
        lines.append(f"Tamalo: {entry.caller or 'nessuno'}")
        if entry.contro and entry.caller:
            counter = entry.counter or "nessuno"
            lines.append(f"ControTamalo: {counter if entry.step is not EntryStep.COUNTER else '…'}")
    if entry.step in (EntryStep.TOTALS, EntryStep.CONFIRM):
        lines.append("")
        for index, (player, total) in enumerate(zip(entry.players, entry.totals, strict=True)):
            if entry.step is EntryStep.TOTALS and index == entry.current:
                lines.append(f"▶️ {player} {entry.typing or '…'}")
            elif total is None:
                lines.append(f"{player} …")
            else:
                lines.append(f"{player} {total}" + (" (fuori)" if player in entry.out else ""))
    lines.append("")
    if entry.step is EntryStep.CALLER:
        lines.append("Chi ha chiamato Tamalo?")
    elif entry.step is EntryStep.COUNTER:
        lines.append("Chi ha chiamato ControTamalo?")
    elif entry.step is EntryStep.TOTALS:
        lines.append(f"Totale di {entry.player}: i numeri, poi OK (o «fuori» se è senza carte).")
    else:
        lines.append("Tutto giusto? «Registra» e la mano è segnata.")
    return "\n".join(lines)


# --- the lore: /regole, /mosse, /dicono, /mossa ---

RULES_SUMMARY = """\
📜 Tamalo in breve
Ognuno ha 4 carte coperte davanti e prima di cominciare può sbirciare solo le due più \
vicine. Al proprio turno si pesca, si tiene o si butta; appena qualcuno scarta un numero, \
chiunque ne abbia uno uguale può buttarlo sopra al volo. Le carte dal 7 in su scartate \
danno un potere: guardare una propria carta (7, 8), una altrui (9, 10), scambiarne due \
alla cieca (Jack, Donna), o col Re nero sbirciarne una altrui e decidere se scambiarla.
Chi crede di avere il totale più basso chiama «Tamalo»: gli altri fanno un ultimo giro e \
poi si conta. Sotto i 5 punti non si prende nulla. Chi ha chiamato prende 15 se qualcuno ha \
meno di lui, e 15 più il suo totale se ha più di 5. Il Re rosso vale 0, il Re nero 13.
Ogni mano si segna con /mano; quando qualcuno arriva alla soglia la partita è finita e \
vince chi ha meno punti."""


def rules_summary(rules: Rules | None) -> str:
    """The rules in short, and how this chat is playing (its running game), if it is."""
    if rules is None:
        mode = "Nessuna partita in corso: /nuova Anna Bruno Carla parte con la classica a 100."
    else:
        mode = (
            f"La partita in corso è {mode_name(rules)}, {end_rule(rules)}.\n"
            f"{options_line(rules)}".rstrip()
        )
    return f"{RULES_SUMMARY}\n\n{mode}\nLe mosse con un nome: /mosse · una curiosità: /dicono"


def moves_glossary() -> str:
    allowed = [f"• {m.name}: {m.meaning}" for m in MOVES if not m.forbidden]
    forbidden = [f"• {m.name}: {m.meaning}" for m in MOVES if m.forbidden]
    return (
        "🎭 Mosse degne di un nome\n"
        + "\n".join(allowed)
        + "\n\n🚫 Mosse proibite\n"
        + "\n".join(forbidden)
        + "\n\nSegna chi l'ha fatta: /mossa coppiona Anna (finisce nelle sue /stats)."
    )


MOVE_EMPTY = "Scrivi la mossa e chi l'ha fatta: /mossa coppiona Anna. Tutte le mosse: /mosse"
MOVE_NO_PLAYERS = "In questo gruppo non ha ancora giocato nessuno: iniziate con /nuova."


def move_who(move: Move) -> str:
    return f"Chi ha fatto la {move.name}? Un nome solo: /mossa {move.key} Anna."


def unknown_move(typed: str) -> str:
    return f"«{typed}» non è una mossa che conosco. L'elenco: /mosse"


def unknown_move_player(name: str, players: Sequence[str]) -> str:
    return f"{name} non ha mai giocato in questo gruppo. Giocatori: {names(players)}."


def move_recorded(move: Move, player: str, times: int) -> str:
    frown = " (mossa proibita! 👀)" if move.forbidden else ""
    count = "la prima volta" if times == 1 else f"{times} volte in tutto"
    return f"🎭 {move.name} di {player}{frown}: segnata, {count}."


def moves_line(moves: Sequence[tuple[str, int]]) -> str:
    """A player's hall of fame: each named move and how many times."""
    shown = " · ".join(f"{MOVE_BY_KEY[key].name} ×{count}" for key, count in moves)
    return f"Albo delle mosse: {shown}"


def hall_of_fame(moves: Sequence[tuple[str, str, int]]) -> str:
    """The chat's: each move's champion (move key, player, times)."""
    shown = " · ".join(
        f"{MOVE_BY_KEY[key].name}: {player} ×{count}" for key, player, count in moves
    )
    return f"Albo d'oro delle mosse: {shown}"


# --- /sonoio: players linked to people ---

IAM_IN_GROUP = (
    "/sonoio si scrive nel gruppo dove giochi, con il tuo nome nelle partite: /sonoio Anna. "
    "Poi qui in privato /stats ti mostra le tue statistiche di tutti i gruppi."
)


def iam_shown(player: str | None) -> str:
    if player is None:
        return "Non hai ancora detto chi sei in questo gruppo: /sonoio Anna (il tuo nome qui)."
    return f"In questo gruppo sei {player}. Per cambiare: /sonoio Nome."


def iam_linked(player: str) -> str:
    return (
        f"Fatto: in questo gruppo sei {player}. Scrivimi /stats in privato per le tue "
        "statistiche di tutti i gruppi."
    )


def iam_taken(name: str) -> str:
    return f"Qualcun altro ha già detto di essere {name} in questo gruppo: nessun cambiamento."


PRIVATE_STATS_NOT_LINKED = (
    "Non so ancora chi sei nei tuoi gruppi: scrivi /sonoio Anna (il tuo nome nelle partite) "
    "nel gruppo dove giochi, poi torna qui e scrivi /stats."
)


def group_heading(title: str | None) -> str:
    return f"👥 {title or 'Un gruppo senza nome'}"
