"""Every message the bot sends, in one place (Italian)."""

from __future__ import annotations

from collections.abc import Sequence

from scoring import Game, ScoredHand, Standing

# The command menu, in the order the help shows it: (command, English alias, description).
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("nuova", "new", "Nuova partita: /nuova Anna Bruno Carlo"),
    ("mano", "hand", "Registra una mano: /mano Anna 3 Bruno 12 Carlo 7 t=Anna"),
    ("entra", "join", "Un giocatore entra a partita iniziata: /entra Dario"),
    ("classifica", "standings", "Classifica della partita"),
    ("annulla", "undo", "Annulla l'ultima mano"),
    ("fine", "end", "Chiude la partita così com'è"),
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
/mano Anna A,7,KN Bruno 12 Carlo 0 — un totale si può scrivere con le carte
/entra Dario (/join) — un giocatore entra a partita iniziata, con i punti dell'ultimo
/classifica (/standings) — la classifica della partita
/annulla (/undo) — toglie l'ultima mano registrata
/fine (/end) — chiude la partita così com'è
/aiuto (/help) — questo messaggio

Carte: A=1, 2…10, J=11, Q=12, KN=13 (re nero), KR=0 (re rosso).
Sotto i 5 punti si prende zero; chi chiama Tamalo e non ha il totale più basso prende 15, \
e con più di 5 punti prende 15 più i suoi punti, in ogni caso."""

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
    "oppure solo i totali nell'ordine dei posti: /mano 3 12 t=Anna."
)
CALLER_EMPTY = "Scrivi chi ha chiamato Tamalo dopo t=, per esempio t=Anna."
EDITS_CHANGE_NOTHING = (
    "Modificare un comando già inviato non cambia nulla di registrato. "
    "Per correggere l'ultima mano: /annulla, poi riscrivila con /mano."
)
ALREADY_HANDLED = "Questo messaggio l'ho già registrato: non cambio nulla."
SOMETHING_WENT_WRONG = "Qualcosa è andato storto e non ho registrato nulla. Riprova tra poco."


def names(players: Sequence[str]) -> str:
    """ "Anna", "Anna e Bruno", "Anna, Bruno e Carlo"."""
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " e " + players[-1]


def game_running(players: Sequence[str]) -> str:
    who = f" ({names(players)})" if players else ""
    return f"C'è già una partita in corso{who}. Chiudila con /fine prima di iniziarne un'altra."


def game_started(game: Game) -> str:
    players = game.players
    pairs = " ".join(f"{p} {n}" for p, n in zip(players, (3, 12, 7, 0, 9, 21), strict=False))
    totals = " ".join(str(n) for n in (3, 12, 7, 0, 9, 21)[: len(players)])
    return (
        f"🃏 Nuova partita classica, si chiude a {game.rules.target} punti.\n"
        f"Giocano, in ordine: {names(players)}.\n\n"
        f"Registra ogni mano con /mano {pairs} t={players[0]}\n"
        f"oppure, nell'ordine dei posti: /mano {totals} t={players[0]}"
    )


def standings_lines(standings: Sequence[Standing]) -> str:
    return "\n".join(f"{s.rank}. {s.player} {s.total}" for s in standings)


def winners_line(game: Game) -> str:
    winners = game.winners()
    if not winners:
        return "Nessuna mano giocata: nessun vincitore."
    total = game.totals()[winners[0]]
    verb = "Vince" if len(winners) == 1 else "Vincono a pari merito"
    return f"🏆 {verb} {names(winners)} con {total} punti!"


def final_standings(game: Game) -> str:
    return f"Classifica finale:\n{standings_lines(game.standings())}\n\n{winners_line(game)}"


def _hand_line(scored: ScoredHand, player: str) -> str:
    points, total = scored.points[player], scored.hand.total_of(player)
    line = f"{player} {points}"
    if points > total:  # a penalty: show what was in hand, so a typo is easy to spot
        line += f" (carte {total})"
    if player == scored.hand.caller:
        line += " · Tamalo riuscito ✅" if scored.call_won else " · Tamalo sbagliato ❌"
    return line


def hand_recorded(game: Game) -> str:
    """The hand just played, then the standings, or the end of the game."""
    scored = game.hands[-1]
    lines = "\n".join(_hand_line(scored, r.player) for r in scored.hand.reports)
    head = f"Mano {len(game.hands)}:\n{lines}\n\n"
    if game.is_over():
        top = max(game.totals().items(), key=lambda item: item[1])
        return (
            head + f"🏁 Partita finita: {top[0]} ha raggiunto {top[1]} punti "
            f"(soglia {game.rules.target}).\n" + final_standings(game)
        )
    return head + f"Classifica:\n{standings_lines(game.standings())}"


def standings(game: Game, *, running: bool) -> str:
    if not running:
        return "Ultima partita, finita.\n" + final_standings(game)
    played = len(game.hands)
    head = f"Classifica dopo {played} {'mano' if played == 1 else 'mani'}"
    return f"{head} (si chiude a {game.rules.target}):\n{standings_lines(game.standings())}"


def player_joined(game: Game, player: str) -> str:
    start = game.totals()[player]
    why = " (come l'ultimo in classifica)" if game.hands else ""
    return (
        f"{player} entra in partita con {start} punti{why}.\n\n"
        f"Classifica:\n{standings_lines(game.standings())}"
    )


def already_seated(player: str) -> str:
    return f"{player} gioca già in questa partita."


def hand_undone(game: Game, number: int, *, reopened: bool) -> str:
    again = " La partita riprende." if reopened else ""
    if waiting := game.waiting():
        verb = "non giocava" if len(waiting) == 1 else "non giocavano"
        again += f" {names(waiting)} {verb} nella mano {number}: riscrivila senza."
    return f"Ho annullato la mano {number}.{again}\n\n" + standings(game, running=True)


def game_ended(game: Game) -> str:
    return "Partita chiusa.\n" + final_standings(game)


def undo_closed_game() -> str:
    return (
        "L'ultima partita è stata chiusa con /fine: non la riapro. Iniziane una nuova con /nuova."
    )


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


def two_callers(first: str, second: str) -> str:
    return f"Tamalo lo chiama uno solo: hai scritto {first} e {second}. Tieni solo t=Nome."


def caller_not_playing(token: str, players: Sequence[str]) -> str:
    return f"Tamalo l'ha chiamato {token}, che non gioca. Giocano: {names(players)}."


def unknown_option(token: str) -> str:
    return f"Non capisco «{token}»: per chi ha chiamato Tamalo scrivi t=Nome o tamalo=Nome."
