"""Every message the bot sends, in one place.

Each text is written in Italian, the default language, and looked up in the message
catalogue of the language in force (``bot.i18n``): functions translate as they build the text,
and a constant such as ``texts.NO_RUNNING_GAME`` is translated each time it is read.
"""

from __future__ import annotations

import itertools
import sys
import types
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from bot.i18n import DEFAULT, N_, _, language, ngettext, pgettext
from bot.keypad import Entry
from bot.keypad import Step as EntryStep
from bot.lore import MOVE_BY_KEY, MOVES, RUMOURS, Move
from bot.names import close, fold
from scoring import (
    HANDS_PER_QUADRO,
    MAX_TOTAL,
    QUADRI,
    Game,
    Hand,
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
)

#: The lower target proposed for ControTamalo (hands are worth 1-4 points, not 5-30).
CONTRO_TARGET = 30

#: The commands' Italian names, English aliases and menu descriptions, in the menu's order:
#: handed over by ``bot.commands.registry``, the one table of commands (which the texts cannot
#: import: it holds the handlers, and they import the texts).
_MENU: list[tuple[str, str, str]] = []
_ALIASES: dict[str, str] = {}


def use_commands(menu: Sequence[tuple[str, str, str]]) -> None:
    """The commands the menu lists (command, English alias, description), from the registry."""
    _MENU[:] = menu
    _ALIASES.clear()
    _ALIASES.update((command, alias) for command, alias, _description in menu)


def command_menu() -> list[tuple[str, str]]:
    """The menu Telegram shows under "/", in the language in force: Italian commands in
    Italian, their English aliases in English."""
    return [(command_name(command), _(description)) for command, _a, description in _MENU]


def command_name(command: str) -> str:
    """An Italian command as the language in force writes it: "nuova" or "new"."""
    return command if language() == DEFAULT else _ALIASES.get(command, command)


HELP = N_("""\
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
/serata (/tonight) — le partite di stasera, con i grafici della serata
/stats Anna — le statistiche di Anna; /stats da solo: quelle del gruppo
/esporta (/export) — tutte le mani del gruppo in un file CSV
/impostazioni fuso=Europe/Rome (/settings) — il fuso orario del gruppo
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

MARKERS_HELP = N_("Nella mano: t=Nome chi chiama Tamalo, f=Nome chi ha finito le carte.")
MARKERS_HELP_CONTRO = N_(
    "Nella mano: t=Nome chi chiama Tamalo, ct=Nome chi chiama ControTamalo, "
    "f=Nome chi ha finito le carte."
)
CARDS_HINT = N_("Carte: A 2 … 10 J Q KN (re nero, 13) KR (re rosso, 0).")
VALUE_HINT = N_("scrivi un numero (7) o le carte separate da virgole (A,7,KN)")

NO_RUNNING_GAME = N_("Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo.")
NO_GAME_YET = N_("In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo.")
NO_HAND_TO_UNDO = N_("Non c'è nessuna mano da annullare.")
NEW_GAME_EMPTY = N_("Scrivi chi gioca, nell'ordine in cui siete seduti: /nuova Anna Bruno Carlo.")
NEW_GAME_ONE_PLAYER = N_("Servono almeno due giocatori: /nuova Anna Bruno.")
#: ``/entra Ana nuovo``: Ana is a new player, however close to a seated one.
NEW_PLAYER_WORDS = frozenset({"nuovo", "nuova", "new"})


def join_meant(name: str, player: str) -> str:
    """``/entra Ana`` with Anna seated: most likely a typo."""
    return _(
        "Intendevi {player}? {player} gioca già in questa partita, e non faccio entrare "
        "{name} per un errore di battitura. Se {name} è davvero un'altra persona: "
        "/entra {name} nuovo."
    ).format(name=name, player=player)


HAND_EMPTY = N_(
    "Scrivi il totale di ogni giocatore: /mano Anna 3 Bruno 12 t=Anna, "
    "oppure solo i totali nell'ordine dei posti: /mano 3 12 t=Anna; "
    "oppure /mano da solo, e la inserisci con i pulsanti."
)
EDITS_CHANGE_NOTHING = N_(
    "Modificare questo comando dopo averlo inviato non cambia nulla: scrivilo di nuovo in un "
    "messaggio nuovo. (Una /mano modificata, invece, corregge la sua mano.)"
)
ALREADY_HANDLED = N_("Questo messaggio l'ho già registrato: non cambio nulla.")
EDITED_HAND_GONE = N_(
    "Quel messaggio non ha più una mano registrata (è stata annullata, o non era una /mano): "
    "per registrarla scrivi di nuovo /mano in un messaggio nuovo."
)
EDITED_HAND_CLOSED = N_(
    "La partita di quella mano è chiusa: modificare il messaggio non la cambia più. "
    "Non ho cambiato nulla."
)
SOMETHING_WENT_WRONG = N_("Qualcosa è andato storto e non ho registrato nulla. Riprova tra poco.")


# --- /lingua ---

LANGUAGE_NAMES = {"it": N_("italiano"), "en": N_("inglese")}


def language_shown(current: str) -> str:
    return _(
        "In questa chat parlo {language}. Per cambiare: /lingua en (English) o /lingua it."
    ).format(language=_(LANGUAGE_NAMES[current]))


def language_changed() -> str:
    """Said in the language just chosen."""
    return _("Fatto: da ora in questa chat parlo italiano. /aiuto per i comandi.")


def unknown_language(token: str) -> str:
    return _("«{token}» non è una lingua che conosco. Scrivi /lingua it o /lingua en.").format(
        token=token
    )


def euphonic(word: str, vowel: str) -> bool:
    """Italian writes «e» and «a» as «ed» and «ad» before a word starting with the same
    vowel, accented or not: "Bruno ed Elena", "davanti ad Anna"."""
    return fold(word[:1]) == vowel


def names(players: Sequence[str]) -> str:
    """ "Anna", "Anna e Bruno", "Anna, Bruno e Carlo", "Bruno ed Elena"."""
    if len(players) <= 1:
        return "".join(players)
    line = _("{others} ed {last}") if euphonic(players[-1], "e") else _("{others} e {last}")
    return line.format(others=", ".join(players[:-1]), last=players[-1])


#: Names a reply lists at most (a group's players can be hundreds; a message holds 4096
#: characters).
NAMES_LISTED = 40


def some_names(players: Sequence[str]) -> str:
    """The names, or the first ``NAMES_LISTED`` of them and how many more."""
    if len(players) <= NAMES_LISTED:
        return names(players)
    more = len(players) - NAMES_LISTED
    return ngettext("{players} e un altro", "{players} e altri {count}", more).format(
        players=", ".join(players[:NAMES_LISTED]), count=more
    )


def did_you_mean(token: str, players: Sequence[str]) -> str:
    """ " Intendevi Anna?" when what was typed is close to exactly one player's name."""
    near = close(token, players)
    return " " + _("Intendevi {player}?").format(player=near) if near is not None else ""


def game_running(players: Sequence[str]) -> str:
    if players:
        return _(
            "C'è già una partita in corso ({players}). Chiudila con /fine prima di iniziarne "
            "un'altra."
        ).format(players=names(players))
    return _("C'è già una partita in corso. Chiudila con /fine prima di iniziarne un'altra.")


def mode_name(rules: Rules) -> str:
    scoring_name = "ControTamalo" if rules.mode is Mode.CONTRO else _("classica")
    return (
        _("a 4 Quadri ({scoring})").format(scoring=scoring_name) if rules.quadri else scoring_name
    )


_OPTION_LABELS = (
    ("jokers", N_("con i Jolly (15 punti)")),
    ("tie_beats_caller", N_("pari perde (un pari batte chi chiama Tamalo)")),
    ("six_cards", N_("6 carte")),
    ("dealer_tiebreak", N_("spareggio pesato sul mazziere")),
)


def options_line(rules: Rules) -> str:
    options = [_(label) for flag, label in _OPTION_LABELS if getattr(rules, flag)]
    return _("Opzioni: {options}.").format(options=", ".join(options)) + "\n" if options else ""


def end_rule(rules: Rules) -> str:
    if rules.quadri:
        return _("4 quadri da 4 mani, 16 mani in tutto")
    return _("si chiude a {target} punti").format(target=rules.target)


def lower_target_proposed(rules: Rules) -> bool:
    """ControTamalo hands are worth a few points: a lower target is proposed (RULES.md), but
    not in 4 Quadri, which ends after 16 hands whatever the totals."""
    return rules.mode is Mode.CONTRO and not rules.quadri and rules.target > CONTRO_TARGET


def contro_target_hint(rules: Rules, command: str, *, tournament: bool = False) -> str:
    """The proposal of a lower target: at /nuova a button sets it (``bot.commands.target``);
    a tournament has started its tables already, so the next one may try it."""
    if not lower_target_proposed(rules):
        return ""
    if not tournament:
        return (
            _(
                "Nel ControTamalo una mano vale pochi punti: a {target} ci vogliono tante mani. "
                "Per una partita più corta, prima della prima mano tocca qui sotto "
                "«{button}»."
            ).format(target=rules.target, button=lower_target_button())
            + "\n"
        )
    target = pgettext("option", "soglia") + f"={CONTRO_TARGET}"
    for word in ("nuova", "torneo"):
        start = f"/{command_name(word)} "
        command = command.replace(start, f"{start}{target} ", 1)
    hint = _(
        "Nel ControTamalo una mano vale pochi punti: a {target} ci vogliono tante mani. "
        "La prossima volta provate {lower}: {command}"
    )
    return hint.format(target=rules.target, lower=target, command=command) + "\n"


def lower_target_button() -> str:
    return _("🎯 Si chiude a {target}").format(target=CONTRO_TARGET)


def target_lowered(target: int) -> str:
    return _("Fatto: la partita si chiude a {target} punti.").format(target=target)


TARGET_TOO_LATE = N_("La partita è già cominciata: la soglia non cambia più.")


def command_for(word: str, players: Sequence[str], rules: Rules, first_dealer: int = 0) -> str:
    """The command that starts this game again: /nuova contro pari_perde Anna Bruno …"""
    options = [
        option
        for option, on in (
            (pgettext("option", "contro"), rules.mode is Mode.CONTRO),
            (pgettext("option", "quadri"), rules.quadri),
            (pgettext("option", "jokes"), rules.jokers),
            (pgettext("option", "pari_perde"), rules.tie_beats_caller),
            (pgettext("option", "6carte"), rules.six_cards),
            (pgettext("option", "spareggio"), rules.dealer_tiebreak),
        )
        if on
    ]
    dealer = pgettext("option", "mazziere")
    dealers = [f"{dealer}={players[first_dealer]}"] if first_dealer else []
    return " ".join([f"/{command_name(word)}", *options, *players, *dealers])


def game_started(game: Game, *, propose_target: bool = False) -> str:
    players, rules = game.players, game.rules
    pairs = " ".join(f"{p} {n}" for p, n in zip(players, (3, 12, 7, 0, 9, 21), strict=False))
    totals = " ".join(str(n) for n in (3, 12, 7, 0, 9, 21)[: len(players)])
    markers = f"t={players[0]}"
    markers_help = _(MARKERS_HELP)
    if rules.mode is Mode.CONTRO:
        markers += f" ct={players[1]}"
        markers_help = _(MARKERS_HELP_CONTRO)
    command = command_for("nuova", players, rules, game.first_dealer)
    hint = contro_target_hint(rules, command) if propose_target else ""
    return _(
        "🃏 Nuova partita {mode}, {end}.\n"
        "{options}"
        "Giocano, in ordine: {players}.\n"
        "Prima mano: distribuisce {dealer}.\n"
        "{hint}\n"
        "Registra ogni mano con /mano {pairs} {markers}\n"
        "oppure, nell'ordine dei posti: /mano {totals} {markers}\n"
        "{markers_help}"
    ).format(
        mode=mode_name(rules),
        end=end_rule(rules),
        options=options_line(rules),
        players=names(players),
        dealer=game.dealer_of(1),
        hint=hint,
        pairs=pairs,
        totals=totals,
        markers=markers,
        markers_help=markers_help,
    )


def table_label(record: GameRecord) -> str:
    """What names a tournament game in a reply: "Tavolo 1 · ", "Finale · "; else nothing."""
    if record.stage is None:
        return ""
    if record.is_final:
        return _("Finale · ")
    return _("Tavolo {table} · ").format(table=record.stage.value)


def signed(points: int, rules: Rules) -> str:
    """ControTamalo points carry their sign (+2, -3); classic points are never negative."""
    return f"{points:+d}" if rules.mode is Mode.CONTRO else str(points)


def standings_lines(
    standings: Sequence[Standing], rules: Rules, before: Mapping[str, int] | None = None
) -> str:
    """One line a player; with each one's place ``before`` the last hand, who moved."""
    if rules.quadri:
        line = _("{rank}. {player} · {quadri} · {points}")
        lines = [
            line.format(
                rank=s.rank, player=s.player, quadri=quadri(s.quadri or 0), points=points(s.total)
            )
            for s in standings
        ]
    else:
        lines = [f"{s.rank}. {s.player} {s.total}" for s in standings]
    places = before or {}
    moves = [_moved(places.get(s.player), s.rank) for s in standings]
    return "\n".join(line + moved for line, moved in zip(lines, moves, strict=True))


def _moved(place: int | None, now: int) -> str:
    """▲2 for two places up since the last hand, ▼1 for one down; nothing for no change."""
    if place is None or place == now:
        return ""
    return f" ▲{place - now}" if now < place else f" ▼{now - place}"


#: How many of the players nearest the target a hand reply says the distance of.
NEAREST_THE_TARGET = 2


def target_gaps(game: Game) -> str:
    """How far the players nearest the target are from it, while the target can end the
    game: the hands to come are about them."""
    if game.rules.quadri or not game.hands or game.is_over():
        return ""
    totals = game.totals()
    nearest = sorted(game.ranked, key=lambda p: -totals[p])[:NEAREST_THE_TARGET]
    gaps = ", ".join(f"{p} {game.rules.target - totals[p]}" for p in nearest)
    return "\n" + _("🎯 Alla soglia di {target} mancano: {gaps}").format(
        target=game.rules.target, gaps=gaps
    )


def quadro_so_far(game: Game) -> str:
    """4 Quadri: each player's points in the quadro of the last hand, best first (the
    standings rank by quadri won and by all the points)."""
    if not game.rules.quadri or not game.hands:
        return ""
    quadro, _within = quadro_of(len(game.hands))
    totals = game.quadro_totals(quadro)
    shown = ", ".join(f"{p} {totals[p]}" for p in sorted(game.players, key=totals.__getitem__))
    return "\n" + _("Punti nel quadro {quadro}: {totals}").format(quadro=quadro, totals=shown)


def points(count: int) -> str:
    """ "1 punto", "-1 punto", "12 punti": every count of points said in words goes through
    here; the form is the one of the number without its sign (ControTamalo goes below 0)."""
    return ngettext("{count} punto", "{count} punti", abs(count)).format(count=count)


def quadri(count: int) -> str:
    return ngettext("{count} quadro", "{count} quadri", count).format(count=count)


def winners_line(game: Game) -> str:
    winners = game.winners()
    if not winners:
        return _("Nessuna mano giocata: nessun vincitore.")
    total = game.totals()[winners[0]]
    alone = len(winners) == 1
    if game.rules.quadri:
        won = game.quadri_won()[winners[0]]
        if alone:
            line = _("🏆 Vince {winners} con {quadri} e {points}!")
        else:
            line = _("🏆 Vincono a pari merito {winners} con {quadri} e {points}!")
        line = line.format(winners=names(winners), quadri=quadri(won), points=points(total))
        if not alone:
            line += "\n" + _(
                "Stessi quadri e stessi punti: il regolamento propone "
                "una gara di schiaffi per decidere."
            )
        return line
    if alone:
        line = _("🏆 Vince {winners} con {points}!")
    else:
        line = _("🏆 Vincono a pari merito {winners} con {points}!")
    return line.format(winners=names(winners), points=points(total))


def final_standings(game: Game) -> str:
    lines = standings_lines(game.standings(), game.rules)
    left = ""
    if departed := [p for p in game.players if p not in game.ranked]:
        totals = game.totals()
        left = "\n" + _("Hanno lasciato: {players}").format(
            players=", ".join(f"{p} {totals[p]}" for p in departed)
        )
    return _("Classifica finale:") + f"\n{lines}{left}\n\n{winners_line(game)}"


def _hand_line(scored: ScoredHand, player: str, rules: Rules) -> str:
    points, total = scored.points[player], scored.hand.total_of(player)
    line = f"{player} {signed(points, rules)}"
    if player in scored.hand.out:
        line += _(" (ha finito le carte)")
    elif rules.mode is Mode.CONTRO or points > total:
        # What was in hand, so a typo is easy to spot: a classic penalty, every ControTamalo line.
        line += _(" (carte {total})").format(total=total)
    if player == scored.hand.caller:
        line += _(" · Tamalo riuscito ✅") if scored.call_won else _(" · Tamalo sbagliato ❌")
    if player == scored.hand.counter_caller:
        line += (
            _(" · ControTamalo riuscito ✅")
            if scored.counter_won
            else _(" · ControTamalo sbagliato ❌")
        )
    return line


def hand_title(game: Game, number: int) -> str:
    if game.rules.quadri:
        quadro, within = quadro_of(number)
        return _("Quadro {quadro} · mano {within}/{hands}").format(
            quadro=quadro, within=within, hands=HANDS_PER_QUADRO
        )
    return _("Mano {number}").format(number=number)


def quadro_closed(game: Game, number: int) -> str:
    """After the fourth hand of a quadro: who won it."""
    quadro, within = quadro_of(number)
    if not game.rules.quadri or within != HANDS_PER_QUADRO:
        return ""
    winners = game.quadro_winners(quadro)
    total = game.quadro_totals(quadro)[winners[0]]
    if len(winners) == 1:
        line = _("🔲 Quadro {quadro} chiuso: lo vince {winners} con {points}.")
    else:
        line = _("🔲 Quadro {quadro} chiuso: lo vincono a pari merito {winners} con {points}.")
    return line.format(quadro=quadro, winners=names(winners), points=points(total)) + "\n\n"


def hand_recorded(game: Game, label: str = "") -> str:
    """The hand just played, then the standings (who moved since the hand before), or the
    end of the game."""
    number = len(game.hands)
    return _hand_and_after(game, number, f"{label}{hand_title(game, number)}:", just_played=True)


def hand_fixed(game: Game, number: int, label: str = "") -> str:
    title = _("{hand} corretta:").format(hand=hand_title(game, number))
    return _hand_and_after(game, number, f"{label}{title}")


def _hand_and_after(game: Game, number: int, title: str, *, just_played: bool = False) -> str:
    """Hand ``number``, then the standings; for the hand ``just_played``, who moved since
    the hand before and how far the target is."""
    scored = game.hands[number - 1]
    lines = "\n".join(_hand_line(scored, r.player, game.rules) for r in scored.hand.reports)
    head = f"{title}\n{lines}\n\n" + quadro_closed(game, number)
    if game.is_over():
        return head + game_over(game) + final_standings(game)
    next_dealer = _("Prossimo mazziere: {dealer}.").format(dealer=game.next_dealer)
    if not just_played:
        return f"{head}{_standings_after(game)}\n\n{next_dealer}"
    before = game.without_last_hand()
    places = {s.player: s.rank for s in before.standings()} if before.hands else None
    return f"{head}{_standings_after(game, places)}{target_gaps(game)}\n\n{next_dealer}"


def game_over(game: Game) -> str:
    if game.rules.quadri:
        return _("🏁 Partita finita: 16 mani giocate.") + "\n"
    top = max(game.totals().items(), key=lambda item: item[1])
    line = _("🏁 Partita finita: {player} ha raggiunto {points} (soglia {target}).")
    return line.format(player=top[0], points=points(top[1]), target=game.rules.target) + "\n"


def standings(game: Game, *, running: bool, label: str = "") -> str:
    if not running:
        head = _("Partita finita") if label else _("Ultima partita, finita")
        return f"{label}{head}.\n" + final_standings(game)
    played = len(game.hands)
    if game.rules.quadri:
        head = ngettext(
            "Classifica dopo {played} mano su {hands}",
            "Classifica dopo {played} mani su {hands}",
            played,
        )
    else:
        head = ngettext(
            "Classifica dopo {played} mano (si chiude a {target})",
            "Classifica dopo {played} mani (si chiude a {target})",
            played,
        )
    head = head.format(played=played, hands=QUADRI * HANDS_PER_QUADRO, target=game.rules.target)
    lines = standings_lines(game.standings(), game.rules)
    return f"{label}{head}:\n{lines}{quadro_so_far(game)}"


def standings_refreshed(text: str, at: datetime) -> str:
    return f"{text}\n\n" + _("🔄 Aggiornata alle {time}.").format(time=f"{at:%H:%M:%S}")


ANNULLED_GAME = N_(
    "L'ultima partita è stata annullata (tres sex non expedit): non conta in nessuna classifica."
)


def _standings_after(game: Game, before: Mapping[str, int] | None = None) -> str:
    lines = standings_lines(game.standings(), game.rules, before)
    return _("Classifica:") + f"\n{lines}{quadro_so_far(game)}"


def player_joined(game: Game, player: str) -> str:
    start = game.totals()[player]
    if game.hands:
        line = _("{player} entra in partita con {points} (come l'ultimo in classifica).")
    else:
        line = _("{player} entra in partita con {points}.")
    return line.format(player=player, points=points(start)) + "\n\n" + _standings_after(game)


def player_left(game: Game, player: str) -> str:
    line = _(
        "{player} lascia la partita con {points}: non gioca le prossime "
        "mani e non è in classifica per la vittoria."
    )
    return (
        line.format(player=player, points=points(game.totals()[player]))
        + "\n\n"
        + _standings_after(game)
    )


def already_seated(player: str) -> str:
    return _("{player} gioca già in questa partita.").format(player=player)


def hand_command(hand: Hand, number: int | None = None) -> str:
    """The command that types ``hand`` again: /mano Anna 3 Bruno 12 t=Anna; with ``number``,
    the /correggi of that hand."""
    if number is None:
        words = [f"/{command_name('mano')}"]
    else:
        words = [f"/{command_name('correggi')}", str(number)]
    words += [f"{report.player} {report.total}" for report in hand.reports]
    if hand.caller is not None:
        words.append(f"t={hand.caller}")
    if hand.counter_caller is not None:
        words.append(f"ct={hand.counter_caller}")
    words += [f"f={player}" for player in hand.players if player in hand.out]
    return " ".join(words)


def hand_undone(game: Game, number: int, removed: Hand, *, reopened: bool, label: str = "") -> str:
    """The hand removed, the standings without it, and the hand as a command to copy."""
    again = " " + _("La partita riprende.") if reopened else ""
    if waiting := game.waiting():
        line = ngettext(
            "{players} non giocava nella mano {number}: riscrivila senza.",
            "{players} non giocavano nella mano {number}: riscrivila senza.",
            len(waiting),
        )
        again += " " + line.format(players=names(waiting), number=number)
    if leaving := game.leaving():
        line = ngettext(
            "{players} giocava ancora nella mano {number}: riscrivila con il suo totale.",
            "{players} giocavano ancora nella mano {number}: riscrivila con il suo totale.",
            len(leaving),
        )
        again += " " + line.format(players=names(leaving), number=number)
    running = not game.is_over()
    undone = _("Ho annullato la mano {number}.").format(number=number)
    copy = _("La mano annullata, da copiare e correggere:") + "\n" + hand_command(removed)
    return (
        f"{label}{undone}{again}\n\n" + standings(game, running=running, label="") + (f"\n\n{copy}")
    )


def hand_to_fix(number: int, command: str, label: str = "") -> str:
    return (
        label
        + _("Mano {number} come l'ho registrata: copia la riga, correggila e mandala.").format(
            number=number
        )
        + f"\n{command}"
    )


def join_undone(game: Game, player: str) -> str:
    """A late joiner no hand had followed, unseated by /annulla."""
    return _(
        "Ho annullato l'entrata di {player}: non ha giocato nessuna mano, e in partita non "
        "c'è più. Giocano: {players}. Per far entrare qualcuno: /entra e il suo nome, scritto "
        "giusto (/entra Dario)."
    ).format(player=player, players=names(game.ranked))


JOIN_UNDONE_JUST_NOW = N_(
    "Un altro /annulla, partito insieme al tuo, ha appena tolto chi era appena entrato: non "
    "tolgo altro. Per togliere anche l'ultima mano, scrivi di nuovo /annulla."
)


def undo_just_done(number: int, hands: int, label: str = "") -> str:
    """A second /annulla sent before the reply to the first: it was meant for the same hand.
    ``hands`` is how many the game has now."""
    if hands:
        more = _("Per togliere anche la mano {last}, scrivi di nuovo /annulla.")
    else:
        more = _("Non ci sono altre mani da togliere.")
    return (
        label
        + _(
            "La mano {number} è appena stata annullata da un altro /annulla, partito insieme "
            "al tuo: non tolgo altro."
        ).format(number=number)
        + " "
        + more.format(last=hands)
    )


def game_ended(game: Game, label: str = "") -> str:
    return f"{label}" + _("Partita chiusa.") + "\n" + final_standings(game)


def undo_closed_game(*, tournament: bool = False) -> str:
    if tournament:
        return _("Questo tavolo è stato chiuso con /fine: le sue mani non si tolgono più.")
    return _(
        "L'ultima partita è stata chiusa con /fine: /riapri la riapre, poi /annulla toglie "
        "l'ultima mano."
    )


# --- Confirmations: a repeated hand, closing a game, reopening it, a rematch. ---

SAME_HAND_YES = N_("✅ Sì, è una mano nuova")
SAME_HAND_NO = N_("✖️ No, è la stessa")
SAME_HAND_DROPPED = N_("Va bene: non l'ho registrata una seconda volta.")
SAME_HAND_STALE = N_(
    "Intanto la partita è cambiata: questa mano non l'ho registrata. Se serve, riscrivila con "
    "/mano."
)
ALREADY_ANSWERED = N_("Questa domanda ha già avuto risposta.")
END_YES = N_("🏁 Sì, chiudi la partita")
END_NO = N_("▶️ No, continuiamo")
GAME_GOES_ON = N_("Va bene, la partita continua.")
GAME_ALREADY_CLOSED = N_("Questa partita è già chiusa.")
REOPEN = N_("↩️ Riapri la partita")
NOTHING_TO_REOPEN = N_(
    "Non c'è nessuna partita da riaprire: iniziane una con /nuova Anna Bruno Carlo."
)
ALREADY_RUNNING = N_("La partita è già in corso.")
NEWER_GAME_STARTED = N_(
    "Dopo questa partita ne è cominciata un'altra: non si riapre più. /rivincita ne inizia "
    "una nuova con gli stessi giocatori."
)
REOPEN_ANNULLED = N_("L'ultima partita è stata annullata col tres sex: non si riapre.")
REOPEN_TOURNAMENT = N_("Le partite di un torneo non si riaprono con /riapri.")
REOPEN_REACHED_TARGET = N_(
    "L'ultima partita è finita perché qualcuno ha raggiunto la soglia: per riaprirla togli "
    "l'ultima mano con /annulla."
)
NO_GAME_TO_REMATCH = N_(
    "Non c'è ancora nessuna partita da rigiocare: iniziane una con /nuova Anna Bruno Carlo."
)
REMATCH_TOURNAMENT = N_(
    "L'ultima era un torneo: per un altro scrivi /torneo con i nomi (i tavoli si sorteggiano)."
)


def same_hand_again(number: int, previous: Hand) -> str:
    return _(
        "Questa mano è uguale alla mano {previous}, registrata meno di due minuti fa:\n{hand}\n"
        "È davvero una mano nuova (la {number})?"
    ).format(previous=number - 1, number=number, hand=hand_command(previous))


def end_asked(game: Game, label: str = "") -> str:
    return (
        label
        + _("Chiudo la partita adesso, con la classifica così com'è?")
        + "\n"
        + standings_lines(game.standings(), game.rules)
    )


def reopen_hint() -> str:
    return "\n\n" + _("Chiusa per sbaglio? /riapri la riapre, finché non ne inizia un'altra.")


def game_reopened(game: Game) -> str:
    next_dealer = _("Prossimo mazziere: {dealer}.").format(dealer=game.next_dealer)
    return (
        _("↩️ Partita riaperta: si riprende dalla mano {number}.").format(number=len(game.hands) + 1)
        + f"\n\n{_standings_after(game)}\n\n{next_dealer}"
    )


def rematch_started(game: Game) -> str:
    return _("🔁 Rivincita!") + " " + game_started(game)


def dealer_line(game: Game, label: str = "") -> str:
    number = len(game.hands) + 1
    if (limit := game.rules.hands_in_game) is not None and number > limit:
        return label + _("Tutte le mani sono state giocate.")
    return label + _("Mano {number}: distribuisce {dealer}.").format(
        number=number, dealer=game.dealer_of(number)
    )


GAME_REOPENED = N_("\n\nCon questa correzione nessuno è alla soglia: la partita riprende.")
FIX_CLOSED_GAME = N_(
    "L'ultima partita è stata chiusa con /fine: /riapri la riapre, poi si corregge."
)
NO_JOINING_TOURNAMENTS = N_("In un torneo i tavoli sono fatti: non si entra a partita iniziata.")
NO_JOINING_QUADRI = N_("A 4 Quadri giocano sempre gli stessi 4: non si entra a partita iniziata.")
NO_LEAVING_QUADRI = N_("A 4 Quadri giocano sempre gli stessi 4: nessuno può lasciare la partita.")
LAST_TWO_STAY = N_("Siete rimasti in due: per smettere chiudete la partita con /fine.")


# --- Tournaments. ---

TOURNAMENT_IN_PROGRESS = N_(
    "C'è un torneo in corso: finite i tavoli e la finale (o chiudeteli con /fine Nome) "
    "prima di iniziare altro."
)
FINAL_UNDER_WAY = N_("La finale è già cominciata: le mani dei tavoli non si cambiano più.")


def _tables(tables: Sequence[Sequence[str]]) -> str:
    line = _("Tavolo {table}: {players}")
    return "\n".join(
        line.format(table=i, players=names(players)) for i, players in enumerate(tables, start=1)
    )


def tournament_started(tables: Sequence[Game], *, propose_target: bool) -> str:
    rules = tables[0].rules
    example = " ".join(f"{p} {n}" for p, n in zip(tables[0].players, (3, 12, 7, 0), strict=False))
    command = command_for("torneo", sorted(p for t in tables for p in t.players), rules)
    hint = contro_target_hint(rules, command, tournament=True) if propose_target else ""
    return _(
        "🏆 Torneo {mode}, ogni tavolo {end}.\n"
        "{options}"
        "Sorteggio dei tavoli:\n{tables}\n\n"
        "Ogni tavolo gioca la sua partita; i migliori due di ogni tavolo vanno in finale.\n"
        "{hint}"
        "Scrivete le mani con i nomi, così capisco il tavolo: /mano {example} t={first}"
    ).format(
        mode=mode_name(rules),
        end=end_rule(rules),
        options=options_line(rules),
        tables=_tables([t.players for t in tables]),
        hint=hint,
        example=example,
        first=tables[0].players[0],
    )


def table_over_wait(qualified: Sequence[str]) -> str:
    return "\n\n" + _("In finale: {players}. Aspettiamo la fine dell'altro tavolo.").format(
        players=names(qualified)
    )


def final_started(final: Game, tables: Sequence[Game]) -> str:
    return "\n\n" + _(
        "🏆 Entrambi i tavoli hanno finito: comincia la finale!\n"
        "Giocano, in ordine: {players}.\n"
        "Prima mano: distribuisce {dealer}."
    ).format(players=names(final.players), dealer=final.dealer_of(1))


def tournament_won(final: Game) -> str:
    winners = final.winners()
    if not winners:
        return "\n\n" + _("La finale si chiude senza mani giocate: il torneo non ha un vincitore.")
    if len(winners) == 1:
        return "\n\n" + _("🥇 {winner} vince il torneo!").format(winner=winners[0])
    return "\n\n" + _("🥇 {winners} vincono il torneo a pari merito!").format(
        winners=names(winners)
    )


# --- Tres sex non expedit. ---

VOTE_GOES_ON = N_("▶️ Si continua, chiudi")
VOTE_CLOSED = N_("Questa votazione è chiusa.")
VOTE_CLOSED_NOW = N_("Votazione chiusa: si continua.")
VOTE_NOT_YOURS = N_(
    "I nomi li tocca chi ha aperto la votazione; ognuno può toccare il proprio dopo /sonoio."
)
VOTE_NOT_AT_THE_TABLE = N_(
    "La votazione per annullare la partita la apre chi è al tavolo: chi ha iniziato la "
    "partita o ne ha scritto una mano, un giocatore che ha detto chi è con /sonoio, o un "
    "amministratore del gruppo. Se giochi, scrivi /sonoio e il tuo nome, poi /tresei."
)
VOTE_ANNULLED = N_("🎲 La partita è annullata: non conta in nessuna classifica.")
VOTE_ANNULLED_TOURNAMENT = N_(
    "🎲 Il torneo è annullato, tavoli e finale: non conta in nessuna classifica."
)
VOTE_REJECTED = N_("La partita continua: la votazione è chiusa.")


def vote(
    agreeing: Sequence[str], players: int, needed: int, *, outcome: str | None, tournament: bool
) -> str:
    """The vote as it stands: who agrees, and how it ended."""
    if tournament:
        question = _(
            "🎲 Tres sex non expedit! Tre 6 di fila: annulliamo il torneo (tutti i tavoli)?"
        )
    else:
        question = _("🎲 Tres sex non expedit! Tre 6 di fila: annulliamo la partita?")
    rule = _("Serve il sì di più di metà dei giocatori: {needed} su {players}.").format(
        needed=needed, players=players
    )
    if agreeing:
        count = _("D'accordo: {names} ({count} su {players}).").format(
            names=names(agreeing), count=len(agreeing), players=players
        )
    else:
        count = _("Per ora nessuno è d'accordo.")
    head = f"{question}\n{rule}\n{count}"
    if outcome == "annulled":
        return f"{head}\n\n" + _(VOTE_ANNULLED_TOURNAMENT if tournament else VOTE_ANNULLED)
    if outcome == "rejected":
        return f"{head}\n\n" + _(VOTE_REJECTED)
    return f"{head}\n" + _(
        "Chi ha aperto la votazione tocca i nomi di chi è d'accordo; ognuno può anche toccare "
        "il proprio, dopo /sonoio."
    )


def vote_marked(player: str, *, agrees: bool) -> str:
    if agrees:
        return _("{player} è d'accordo.").format(player=player)
    return _("{player} non è più d'accordo.").format(player=player)


# --- Mistakes in what was typed: each says what was wrong and what to type instead. ---


def bad_name(token: str) -> str:
    return _(
        "«{token}» non va bene come nome: usa lettere (anche numeri dopo la prima), "
        "senza spazi, virgole o =, al massimo 32 caratteri."
    ).format(token=token)


def name_is_a_card(token: str) -> str:
    return _("«{token}» si confonde con una carta o un numero: usa un nome più lungo.").format(
        token=token
    )


def duplicate_player(player: str) -> str:
    return _("Hai scritto {player} due volte: ogni giocatore va scritto una volta sola.").format(
        player=player
    )


def unknown_player(token: str, players: Sequence[str], *, joinable: bool = True) -> str:
    """``joinable``: the game takes late joiners (not 4 Quadri, a tournament, six cards)."""
    near = close(token, players)
    if near is not None and joinable:
        line = _(
            "{token} non gioca in questa partita: intendevi {player}? Giocano: {players}. "
            "Se è un'altra persona arrivata a partita iniziata, entra con /entra {token}."
        )
    elif near is not None:
        line = _("{token} non gioca in questa partita: intendevi {player}? Giocano: {players}.")
    elif joinable:
        line = _(
            "{token} non gioca in questa partita. Giocano: {players}. "
            "Chi arriva a partita iniziata entra con /entra {token}."
        )
    else:
        line = _(
            "{token} non gioca in questa partita, e in questa partita non si entra a gioco "
            "iniziato. Giocano: {players}."
        )
    return line.format(token=token, player=near, players=names(players))


def waits_for_final(player: str, players: Sequence[str]) -> str:
    """A finalist of a tournament table that has ended, named at the other table."""
    return _(
        "{player} ha già finito al suo tavolo ed è in finale: aspetta che finisca l'altro "
        "tavolo. Qui giocano: {players}."
    ).format(player=player, players=names(players))


def out_of_tournament(player: str, players: Sequence[str]) -> str:
    """A player of a tournament table that has ended, not in the final, named elsewhere."""
    return _(
        "{player} ha già finito al suo tavolo e non è in finale. Qui giocano: {players}."
    ).format(player=player, players=names(players))


def cards_with_commas(player: str, cards: str) -> str:
    return _("Le carte di {player} vanno unite da virgole, senza spazi: {player} {cards}.").format(
        player=player, cards=cards
    )


def invisible_name(token: str) -> str:
    return _(
        "Il nome «{token}» contiene caratteri invisibili: scrivilo con lettere normali."
    ).format(token=token)


def name_looks_like(name: str, player: str) -> str:
    return _(
        "«{name}» si confonde a vista con {player} (lettere di un altro alfabeto o accenti "
        "diversi): se è {player}, scrivi {player}; se no, scegli un nome che si distingua."
    ).format(name=name, player=player)


def no_arguments(command: str, typed: str) -> str:
    return _(
        "/{command} si scrive da solo, senza altro: «{typed}» non lo capisco. "
        "Non ho cambiato nulla; scrivi solo /{command}."
    ).format(command=command_name(command), typed=_quoted(typed))


def names_nobody(command: str, typed: str, players: Sequence[str]) -> str:
    line = _(
        "/{command} si scrive da solo, o in un torneo con il nome di un giocatore del tavolo "
        "(/{command} {player}). «{typed}» non gioca: non ho cambiato nulla."
    )
    shown = line.format(command=command_name(command), player=players[0], typed=_quoted(typed))
    return shown + did_you_mean(typed, players)


#: What a refusal quotes of a long text typed, at most.
QUOTED = 40


def _quoted(typed: str) -> str:
    return typed if len(typed) <= QUOTED else typed[: QUOTED - 1] + "…"


def not_in_this_hand(player: str, players: Sequence[str], number: int | None) -> str:
    if number is None:
        line = _("{player} non giocava in questa mano: scrivi solo {players}.")
    else:
        line = _("{player} non giocava nella mano {number}: scrivi solo {players}.")
    return line.format(player=player, number=number, players=names(players))


def left_for_good(player: str) -> str:
    return _(
        "{player} ha lasciato questa partita e non può rientrare: giocherà la prossima."
    ).format(player=player)


def missing_players(missing: Sequence[str]) -> str:
    return _(
        "Manca il totale di {players}: ogni giocatore ha bisogno di un valore "
        "(0 se ha finito le carte)."
    ).format(players=names(missing))


def too_many_players(limit: int) -> str:
    return _("Al massimo {limit} giocatori per partita.").format(limit=limit)


def value_without_name(token: str) -> str:
    return _(
        "«{token}» non ha un nome davanti: scrivi nome e totale di ognuno, "
        "/mano Anna 3 Bruno 12, oppure solo i totali nell'ordine dei posti."
    ).format(token=token)


def missing_value(player: str) -> str:
    return _("Manca il totale di {player}: scrivi per esempio «{player} 7».").format(player=player)


def wrong_count(given: int, players: Sequence[str]) -> str:
    return ngettext(
        "Hai scritto {given} totale, ma giocano in {count}: "
        "{players}. Scrivi un totale per ognuno, nell'ordine dei posti, "
        "oppure nome e totale: /mano Anna 3 Bruno 12.",
        "Hai scritto {given} totali, ma giocano in {count}: "
        "{players}. Scrivi un totale per ognuno, nell'ordine dei posti, "
        "oppure nome e totale: /mano Anna 3 Bruno 12.",
        given,
    ).format(given=given, count=len(players), players=names(players))


def not_a_value(token: str) -> str:
    return _("«{token}» non è un totale: {hint}.").format(token=token, hint=_(VALUE_HINT))


def negative_value(token: str) -> str:
    return _(
        "«{token}»: un totale non può essere negativo. Chi ha finito le carte scrive 0."
    ).format(token=token)


def value_too_high(token: str, limit: int) -> str:
    return _("«{token}» è troppo per una mano (al massimo {limit}): controlla il totale.").format(
        token=token, limit=limit
    )


def unknown_card(token: str) -> str:
    return _("«{token}» non è una carta.").format(token=token) + " " + _(CARDS_HINT)


def joker_not_allowed() -> str:
    return _("Il Jolly vale solo nelle partite con i Jolly: qui scrivi le altre carte.")


MARKERS_HINT = N_("t=Nome chi ha chiamato Tamalo, f=Nome chi ha finito le carte")
MARKERS_HINT_CONTRO = N_(
    "t=Nome chi ha chiamato Tamalo, ct=Nome chi ha chiamato ControTamalo, "
    "f=Nome chi ha finito le carte"
)
_CALLER, _COUNTER, _OUT = (
    N_("chi ha chiamato Tamalo"),
    N_("chi ha chiamato ControTamalo"),
    N_("chi ha finito le carte"),
)
#: What each marker of a hand says (``t=Anna``: Anna called Tamalo).
MARKER_WORDS = {
    "t": _CALLER, "tamalo": _CALLER,
    "ct": _COUNTER, "contro": _COUNTER, "controtamalo": _COUNTER, "counter": _COUNTER,
    "f": _OUT, "fuori": _OUT, "out": _OUT,
}  # fmt: skip


def marker_empty(key: str) -> str:
    return _("Scrivi {what} dopo {key}=, per esempio {key}=Anna.").format(
        what=_(MARKER_WORDS[key]), key=key
    )


def two_marked(key: str, first: str, second: str) -> str:
    what = "Tamalo" if MARKER_WORDS[key] == _CALLER else "ControTamalo"
    return _("{what} lo chiama uno solo: hai scritto {both}. Tieni solo {key}=Nome.").format(
        what=what, both=names((first, second)), key=key
    )


def marked_not_playing(key: str, token: str, players: Sequence[str]) -> str:
    line = _("{key}={token}: {token} non gioca questa mano. Giocano: {players}.").format(
        key=key, token=token, players=names(players)
    )
    if (near := close(token, players)) is not None:
        line += " " + _("Intendevi {key}={player}?").format(key=key, player=near)
    return line


def unknown_option(token: str, rules: Rules) -> str:
    """The markers a hand of this game takes: ``ct=`` only in ControTamalo."""
    hint = MARKERS_HINT_CONTRO if rules.mode is Mode.CONTRO else MARKERS_HINT
    return _("Non capisco «{token}». Dopo i totali puoi scrivere: {hint}.").format(
        token=token, hint=_(hint)
    )


def counter_needs_contro(key: str) -> str:
    return _(
        "Il ControTamalo si chiama solo nelle partite ControTamalo (/nuova contro Anna Bruno …): "
        "togli {key}= da questa mano."
    ).format(key=key)


def counter_without_caller(counter: str) -> str:
    return _(
        "{player} ha chiamato ControTamalo, ma nessuno ha chiamato Tamalo: "
        "aggiungi t=Nome di chi l'ha chiamato."
    ).format(player=counter)


def counter_is_caller(player: str, key: str) -> str:
    return _(
        "{player} non può chiamare Tamalo e ControTamalo nella stessa mano: "
        "{key}= è un altro giocatore."
    ).format(player=player, key=key)


def out_with_cards(player: str, total: int, key: str) -> str:
    return _(
        "{player} ha finito le carte ({key}={player}), quindi ha 0, ma hai scritto {total}: "
        "correggi il totale o togli {key}=."
    ).format(player=player, total=total, key=key)


# --- Starting games: /nuova and /torneo options. ---

TWO_MODES = N_("Scegli una modalità sola: classica oppure contro.")
TIEBREAK_ONLY_QUADRI = N_(
    "Lo spareggio col mazziere vale solo a 4 Quadri: /nuova quadri spareggio …"
)
SIX_CARDS_TWO_PLAYERS = N_("La variante a 6 carte si gioca in due: /nuova 6carte Anna Bruno.")
TOURNAMENT_NO_JOKERS = N_("Nei tornei i Jolly sono vietati: togli jokes.")
TOURNAMENT_PLAIN = N_(
    "Un torneo si gioca con partite normali (classica o contro): togli quadri e 6carte."
)
TOURNAMENT_NO_DEALER = N_("Nel torneo i tavoli sono sorteggiati: togli mazziere=.")


def unknown_game_option(token: str) -> str:
    return _(
        "Non capisco «{token}». Opzioni di /nuova: classica, contro, quadri, soglia=N, "
        "jokes, pari_perde, 6carte, spareggio, mazziere=Nome."
    ).format(token=token)


def game_option_in_hand(token: str, options: str, *, four: bool = False, key: bool = False) -> str:
    """An option of /nuova typed in a hand: ``options`` as /nuova takes it, with four players
    (4 Quadri) or two; ``key``: an option with a value (``soglia=50``), never a name."""
    if four:
        example = _("/nuova {options} Anna Bruno Carlo Dario")
    else:
        example = _("/nuova {options} Anna Bruno")
    if key:
        line = _(
            "«{token}» è un'opzione della partita, non di una mano: si sceglie quando la "
            "partita inizia, per esempio {example}. Riscrivi la mano senza."
        )
    else:
        line = _(
            "«{token}» non è un giocatore: è un'opzione della partita, che si sceglie quando "
            "la partita inizia, per esempio {example}. Riscrivi la mano senza."
        )
    return line.format(token=token, example=example.format(options=options))


def bad_target(value: str, low: int, high: int) -> str:
    return _(
        "soglia={value}: scrivi un numero di punti tra {low} e {high}, per esempio soglia=50."
    ).format(value=value, low=low, high=high)


def dealer_not_playing(token: str, players: Sequence[str]) -> str:
    return _("mazziere={token}: {token} non gioca. Giocano: {players}.").format(
        token=token, players=names(players)
    ) + did_you_mean(token, players)


def quadri_players(count: int) -> str:
    return _(
        "A 4 Quadri si gioca in 4 esatti, non in {count}: /nuova quadri Anna Bruno Carlo Dario."
    ).format(count=count)


def tournament_players(low: int) -> str:
    return _(
        "Un torneo vuole almeno {low} giocatori: /torneo Anna Bruno Carlo Dario Elena Franco."
    ).format(low=low)


# --- Corrections, leaving, tables. ---

#: Names an example offers for someone joining: the first not at the table.
NEWCOMERS = ("Dario", "Elena", "Franco", "Giulia", "Luca", "Marta", "Nina", "Olga", "Pietro")


def newcomer(players: Sequence[str]) -> str:
    """A name for an example of ``/entra``, nobody's at this table."""
    taken = {fold(p) for p in players}
    spares = itertools.chain(NEWCOMERS, (f"{NEWCOMERS[0]}{n}" for n in itertools.count(2)))
    return next(n for n in spares if fold(n) not in taken)


def _one_at_a_time(command: str, players: Sequence[str]) -> str:
    """ "/entra Dario, poi /entra Elena": the command for each of (at most) two players."""
    commands = [f"/{command_name(command)} {p}" for p in players[:2]]
    return (
        _("{first}, poi {then}").format(first=commands[0], then=commands[1])
        if len(commands) > 1
        else commands[0]
    )


def join_empty(players: Sequence[str]) -> str:
    return _("Scrivi chi entra, per esempio {command}.").format(
        command=_one_at_a_time("entra", [newcomer(players)])
    )


def join_many(joiners: Sequence[str]) -> str:
    """Several names after ``/entra``: the command for each of them (``joiners``)."""
    return _("Entra un giocatore alla volta: {commands}.").format(
        commands=_one_at_a_time("entra", joiners)
    )


def leave_empty(players: Sequence[str]) -> str:
    """``/esci`` alone; the example names someone at the table (``players``)."""
    return _("Scrivi chi lascia la partita, per esempio {command}.").format(
        command=_one_at_a_time("esci", players[-1:])
    )


def leave_many(leavers: Sequence[str]) -> str:
    """Several names after ``/esci``: the command for each of the ``leavers`` at the table."""
    return _("Esce un giocatore alla volta: {commands}.").format(
        commands=_one_at_a_time("esci", leavers)
    )


def fix_empty(played: int, players: Sequence[str]) -> str:
    """``/correggi`` without a hand number: an example with the last hand and the players."""
    example = f"{players[0]} 5 {players[1]} 12 t={players[0]}" if len(players) > 1 else ""
    return _("Scrivi quale mano correggere e come è andata davvero: {command}.").format(
        command=f"/{command_name('correggi')} {max(played, 1)} {example}".rstrip()
    )


TWO_TABLES_NAMED = N_("Hai scritto giocatori di tavoli diversi: ogni mano è di un tavolo solo.")


def no_such_hand(number: str, played: int) -> str:
    if played == 0:
        return _("Non c'è ancora nessuna mano da correggere.")
    return _("Non c'è una mano {number}: le mani giocate vanno da 1 a {played}.").format(
        number=number, played=played
    )


def leaver_not_playing(token: str, players: Sequence[str]) -> str:
    return _("{token} non gioca in questa partita. Giocano: {players}.").format(
        token=token, players=names(players)
    ) + did_you_mean(token, players)


def which_table(tables: Sequence[Sequence[str]]) -> str:
    return _("Si gioca su più tavoli: scrivi i nomi, così capisco quale.") + "\n" + _tables(tables)


# --- Charts, statistics, the all-time leaderboard, export, settings. ---


def decimal(value: float, digits: int = 1) -> str:
    """Decimals as the language writes them: 2,5 in Italian, 2.5 in English."""
    return f"{value:.{digits}f}".replace(".", pgettext("decimal separator", ","))


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def chart_title(record: GameRecord, day: str) -> str:
    mode = mode_name(record.game.rules)
    if record.stage is None:
        return _("Partita del {day} · {mode}").format(day=day, mode=mode)
    if record.is_final:
        return _("Torneo, finale del {day} · {mode}").format(day=day, mode=mode)
    return _("Torneo, tavolo {table} del {day} · {mode}").format(
        table=record.stage.value, day=day, mode=mode
    )


def final_chart_caption(game: Game) -> str:
    return f"📈 {winners_line(game)}"


NO_HANDS_TO_DRAW = N_("Non c'è ancora nessuna mano da disegnare: registra la prima con /mano.")
NO_GAMES_TONIGHT = N_("Stasera non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo.")


def night_title(evening: date, games: int) -> str:
    return ngettext(
        "Serata del {day} · {games} partita", "Serata del {day} · {games} partite", games
    ).format(day=f"{evening:%d/%m/%Y}", games=games)


def night_summary(evening: date, records: Sequence[GameRecord], times: Sequence[str]) -> str:
    """Tonight's games, each with its time, mode and winner."""
    lines = []
    for record, started in zip(records, times, strict=True):
        game = record.game
        hands = ngettext("{count} mano", "{count} mani", len(game.hands)).format(
            count=len(game.hands)
        )
        head = f"{started} · {table_label(record)}{mode_name(game.rules)}, {hands}: "
        if record.running:
            leaders = [s.player for s in game.standings() if s.rank == 1]
            if game.hands:
                lines.append(
                    head + _("in corso, in testa {players}").format(players=names(leaders))
                )
            else:
                lines.append(head + _("in corso"))
        elif winners := game.winners():
            won = ngettext("vince {players} ({total})", "vincono {players} ({total})", len(winners))
            lines.append(head + won.format(players=names(winners), total=game.totals()[winners[0]]))
        else:
            lines.append(head + _("chiusa senza mani"))
    wins: dict[str, int] = {}
    for record in records:
        if not record.running:
            for winner in record.game.winners():
                wins[winner] = wins.get(winner, 0) + 1
    best = max(wins.values(), default=0)
    top = ""
    if best:
        kings = [p for p, n in wins.items() if n == best]
        if len(kings) == 1:
            line = ngettext(
                "👑 Re della serata: {players} con {count} vittoria.",
                "👑 Re della serata: {players} con {count} vittorie.",
                best,
            )
        else:
            line = ngettext(
                "👑 Re della serata a pari merito: {players} con {count} vittoria.",
                "👑 Re della serata a pari merito: {players} con {count} vittorie.",
                best,
            )
        top = "\n\n" + line.format(players=names(kings), count=best)
    return f"🌙 {night_title(evening, len(records))}\n" + "\n".join(lines) + top


LEADERBOARD_EMPTY = N_(
    "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
)
LEADERBOARD_NOTE = N_(
    "L'abilità (OpenSkill) sale quando arrivi davanti a chi è forte e scende quando finisci "
    "dietro a chi lo è meno; conta il piazzamento finale di ogni partita."
)
PROVISIONAL_NOTE = N_("(provvisorio) = meno di 3 partite.")


#: Rows a leaderboard shows: one Telegram message holds at most 4096 characters.
LEADERBOARD_ROWS = 30


def leaderboard(lines: Sequence[LeaderboardLine]) -> str:
    rows = []
    for position, line in enumerate(lines[:LEADERBOARD_ROWS], start=1):
        games = ngettext("{count} partita", "{count} partite", line.games).format(count=line.games)
        won = ngettext("{count} vinta", "{count} vinte", line.wins).format(count=line.wins)
        row = _(
            "{position}. {player} · abilità {skill} · {games}, {won} ({percent}) · "
            "posizione media {place}"
        ).format(
            position=position,
            player=line.player,
            skill=decimal(line.skill.ordinal),
            games=games,
            won=won,
            percent=percent(line.wins, line.games),
            place=decimal(line.average_place),
        )
        rows.append(row + (_(" (provvisorio)") if line.provisional else ""))
    hidden = len(lines) - LEADERBOARD_ROWS
    if hidden > 0:
        rows.append(
            ngettext(
                "… e un altro: /stats Nome per ciascuno.",
                "… e altri {count}: /stats Nome per ciascuno.",
                hidden,
            ).format(count=hidden)
        )
    note = _(LEADERBOARD_NOTE)
    if any(line.provisional for line in lines[:LEADERBOARD_ROWS]):
        note = f"{_(PROVISIONAL_NOTE)}\n{note}"
    return _("🏆 Classifica generale") + "\n" + "\n".join(rows) + f"\n\n{note}"


STANDINGS_ARGUMENT = N_(
    "/classifica mostra la partita in corso; per la classifica di sempre: /classifica generale."
)
GENERAL_WORDS = frozenset({"generale", "general", "sempre", "tutti", "all"})


def unknown_stats_player(token: str, players: Sequence[str]) -> str:
    if not players:
        return _("Nessun giocatore «{token}» in questa chat: qui non si è ancora giocato.").format(
            token=token
        )
    return _("Nessun giocatore «{token}» in questa chat. Giocatori: {players}.").format(
        token=token, players=some_names(players)
    ) + did_you_mean(token, players)


STATS_ONE_NAME = N_("Scrivi un nome solo: /stats Anna, oppure /stats per il gruppo.")


def _hand_figures(figures: HandFigures, *, several: bool) -> str:
    if not several:
        what = _("Mani")
    elif figures.mode == Mode.CONTRO.value:
        what = _("Mani ControTamalo")
    else:
        what = _("Mani classiche")
    rules = Rules(mode=Mode(figures.mode))
    return _(
        "{what}: {hands} · media {average} punti · sotto i 5: {under} ({percent}) · "
        "migliore {best}, peggiore {worst}"
    ).format(
        what=what,
        hands=figures.hands,
        average=decimal(figures.average),
        under=figures.under_five,
        percent=percent(figures.under_five, figures.hands),
        best=signed(figures.best, rules),
        worst=signed(figures.worst, rules),
    )


def _calls(made: int, won: int, what: str) -> str:
    called = ngettext("{count} chiamato", "{count} chiamati", made).format(count=made)
    succeeded = ngettext("{count} riuscito", "{count} riusciti", won).format(count=won)
    return f"{what}: {called}, {succeeded} ({percent(won, made)})"


def player_stats(stats: PlayerStats) -> str:
    name = stats.player
    lines = [f"📊 {name}"]
    if stats.games:
        lines.append(
            _(
                "Partite finite: {games} · vittorie: {wins} ({percent}) · posizione media {place}"
            ).format(
                games=stats.games,
                wins=stats.wins,
                percent=percent(stats.wins, stats.games),
                place=decimal(stats.rank_sum / stats.games),
            )
        )
        lines.append(
            _("Vittorie di fila: {current} adesso · record {longest}").format(
                current=stats.current_streak, longest=stats.longest_streak
            )
        )
    else:
        lines.append(_("Nessuna partita finita, per ora."))
    if stats.quadri:
        lines.append(_("Quadri vinti: {count}").format(count=stats.quadri))
    several = len(stats.hands) > 1
    lines += [_hand_figures(figures, several=several) for figures in stats.hands]
    if stats.hands:
        calls = sum(f.calls for f in stats.hands)
        lines.append(_calls(calls, sum(f.calls_won for f in stats.hands), "Tamalo"))
        counters = sum(f.counters for f in stats.hands)
        if any(f.mode == Mode.CONTRO.value for f in stats.hands):
            lines.append(_calls(counters, sum(f.counters_won for f in stats.hands), "ControTamalo"))
    if (rival := stats.rival) is not None:
        lines.append(
            (
                _("Rivale: {opponent}, davanti ad {player} {times}")
                if euphonic(name, "a")
                else _("Rivale: {opponent}, davanti a {player} {times}")
            ).format(opponent=rival.opponent, player=name, times=_times(rival.behind))
        )
    if (victim := stats.victim) is not None:
        lines.append(
            (
                _("Vittima preferita: {opponent}, dietro ad {player} {times}")
                if euphonic(name, "a")
                else _("Vittima preferita: {opponent}, dietro a {player} {times}")
            ).format(opponent=victim.opponent, player=name, times=_times(victim.ahead))
        )
    if stats.rivalries:
        pairs = " · ".join(f"{r.opponent} {r.ahead}–{r.behind}" for r in stats.rivalries)
        lines.append(_("Testa a testa (davanti–dietro): {pairs}").format(pairs=pairs))
    return "\n".join(lines)


def _times(count: int) -> str:
    return ngettext("una volta", "{count} volte", count).format(count=count)


def chat_overview(overview: ChatOverview, last_day: str | None) -> str:
    if not overview.finished and not overview.hands and not overview.annulled:
        return _(NO_GAME_YET)
    games = ngettext("{count} partita finita", "{count} partite finite", overview.finished)
    hands = ngettext("{count} mano", "{count} mani", overview.hands)
    players = ngettext(
        "{count} giocatore in classifica", "{count} giocatori in classifica", overview.players
    )
    lines = [
        _("📊 Statistiche del gruppo"),
        ", ".join(
            (
                games.format(count=overview.finished),
                hands.format(count=overview.hands),
                players.format(count=overview.players),
            )
        )
        + ".",
    ]
    if overview.annulled:
        lines.append(
            _("Annullate (tres sex): {count}, non contano in nessuna statistica.").format(
                count=overview.annulled
            )
        )
    if last_day is not None:
        if overview.last_winners:
            line = _("Ultima partita finita: {day}, vinta da {players}.")
        else:
            line = _("Ultima partita finita: {day}.")
        lines.append(line.format(day=last_day, players=names(overview.last_winners)))
    lines.append(_("Per un giocatore: /stats Nome · la classifica di sempre: /classifica generale"))
    return "\n".join(lines)


def export_caption(rows: int) -> str:
    return ngettext(
        "📄 Tutte le mani del gruppo: {rows} riga, una per giocatore per mano. "
        "Si apre con un foglio di calcolo.",
        "📄 Tutte le mani del gruppo: {rows} righe, una per giocatore per mano. "
        "Si apre con un foglio di calcolo.",
        rows,
    ).format(rows=rows)


NOTHING_TO_EXPORT = N_("Non c'è ancora nessuna mano da esportare: giocate con /nuova e /mano.")


def settings_shown(settings: ChatSettings) -> str:
    timezone = settings.timezone
    if settings.timezone == DEFAULT_TIMEZONE:
        timezone += _(" (predefinito)")
    if settings.admins_only:
        who = _("solo gli amministratori del gruppo")
    else:
        who = _("tutti (predefinito)")
    return _(
        "⚙️ Impostazioni del gruppo\n"
        "Fuso orario: {timezone}. Decide le date e cos'è «stasera» "
        "(la serata dura fino alle 6 del mattino).\n"
        "Annullare, correggere, chiudere, tres sex: {who}.\n"
        "Lingua: {language} (/lingua).\n"
        "Per cambiare: /impostazioni fuso=Europe/London · /impostazioni admin=sì (o admin=no)"
    ).format(timezone=timezone, who=who, language=_(LANGUAGE_NAMES[language()]))


def settings_changed(settings: ChatSettings) -> str:
    return _("Fatto.") + " " + settings_shown(settings)


def unknown_setting(token: str) -> str:
    return _(
        "Non conosco l'impostazione «{token}». Si possono cambiare: fuso=Europe/Rome e "
        "admin=sì o admin=no."
    ).format(token=token)


def yes_or_no(token: str) -> str:
    return _("«{token}»: scrivi admin=sì oppure admin=no.").format(token=token)


ADMINS_ONLY = N_(
    "In questo gruppo annullare, correggere, chiudere una partita e il tres sex spettano agli "
    "amministratori: chiedi a uno di loro. Non ho cambiato nulla."
)
ADMIN_SETTING_FOR_ADMINS = N_(
    "Solo un amministratore del gruppo può decidere chi annulla e corregge. Non ho cambiato nulla."
)


def unknown_timezone(value: str) -> str:
    return _(
        "«{value}» non è un fuso orario che conosco. Scrivilo come Continente/Città, "
        "per esempio fuso=Europe/Rome o fuso=America/New_York."
    ).format(value=value)


# --- /mano alone: the hand entered with buttons ---

ENTRY_NOBODY = N_("Nessuno")
ENTRY_DELETE = "⌫"
ENTRY_OUT = N_("fuori")
ENTRY_OK = "OK ✔️"
ENTRY_BACK = N_("↩️ Indietro")
ENTRY_RECORD = N_("✅ Registra")
ENTRY_CANCEL = N_("✖️ Annulla")
ENTRY_CANCELLED = N_("Inserimento annullato: nessuna mano registrata.")
ENTRY_EXPIRED = N_("⌛ Inserimento scaduto dopo 10 minuti senza tocchi: nessuna mano registrata.")
#: A press on an entry whose game has ended (or was closed) since it opened.
ENTRY_GAME_OVER = N_(
    "🏁 Questa partita è finita o è stata chiusa: l'inserimento è caduto e non ho registrato "
    "nessuna mano."
)
#: An entry whose players changed (someone left or joined) since it opened.
ENTRY_PLAYERS_CHANGED = N_(
    "⚠️ Intanto sono cambiati i giocatori: ricomincio da capo con chi gioca ora."
)
#: A button of an entry that is no more: closed, or shown again in a newer message.
ENTRY_CLOSED = N_(
    "Questi pulsanti non valgono più: l'inserimento è chiuso, o continua in un messaggio più "
    "in basso."
)
ENTRY_STALE = N_("Pulsante superato: ecco dove sei.")
ENTRY_NEEDS_SENDER = N_(
    "Con i pulsanti inserisce una persona sola, e questo messaggio non dice chi lo manda "
    "(un amministratore anonimo o un canale): scrivi la mano per intero, /mano Anna 3 Bruno 12 …"
)
ENTRY_TOURNAMENT = N_(
    "Durante un torneo scrivi la mano per intero, così so a quale tavolo va: "
    "/mano Anna 3 Bruno 12 …"
)
#: What a press that cannot be taken says (``bot.keypad.Mistake.reason``).
ENTRY_MISTAKES = {
    "nothing_typed": N_("Scrivi prima il totale con i numeri (o premi «fuori»)."),
    "too_high": N_("Un totale arriva al massimo a {limit}."),
    "counter_is_caller": N_("Chi chiama Tamalo non può chiamare anche ControTamalo."),
    "stale": ENTRY_STALE,
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


def entry_not_yours(who: str) -> str:
    return _("Sta inserendo {who}: solo lui o lei può premere questi pulsanti.").format(who=who)


def entry_view(entry: Entry, number: int, who: str, label: str = "") -> str:
    """The entry message: what has been entered so far, and what to choose now."""
    nobody = _("nessuno")
    lines = [f"✍️ {label}" + _("Mano {number}, la inserisce {who}.").format(number=number, who=who)]
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
                out = " (" + _(ENTRY_OUT) + ")" if player in entry.out else ""
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


# --- the lore: /regole, /mosse, /dicono, /mossa ---

RULES_SUMMARY = N_("""\
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
vince chi ha meno punti.""")


CONTRO_POINTS = N_("""\
📋 Punti del ControTamalo (ogni mano):
Tamalo riuscito −2, sbagliato +2
ControTamalo riuscito −3, sbagliato +3
chi batte il ControTamalo −3, altrimenti chi batte il Tamalo −2
finite le carte −2
totale 0–4: −1 · 5–9: 1 · 10–19: 2 · 20–29: 3 · poi uno in più ogni 10""")


def rules_summary(rules: Rules | None) -> str:
    """The rules in short, and how this chat is playing (its running game), if it is: in
    ControTamalo, its points table (rulebook, table 3.1), since hands score by it."""
    if rules is None:
        mode = _("Nessuna partita in corso: /nuova Anna Bruno Carla parte con la classica a 100.")
    else:
        mode = (
            _("La partita in corso è {mode}, {end}.").format(
                mode=mode_name(rules), end=end_rule(rules)
            )
            + "\n"
            + options_line(rules)
        ).rstrip()
        if rules.mode is Mode.CONTRO:
            mode += "\n\n" + _(CONTRO_POINTS) + "\n"
    return f"{_(RULES_SUMMARY)}\n\n{mode}\n" + _(
        "Le mosse con un nome: /mosse · una curiosità: /dicono"
    )


def _move_line(move: Move) -> str:
    return f"• {_(move.name)}: {_(move.meaning)}"


def moves_glossary() -> str:
    allowed = [_move_line(m) for m in MOVES if not m.forbidden]
    forbidden = [_move_line(m) for m in MOVES if m.forbidden]
    return (
        _("🎭 Mosse degne di un nome")
        + "\n"
        + "\n".join(allowed)
        + "\n\n"
        + _("🚫 Mosse proibite")
        + "\n"
        + "\n".join(forbidden)
        + "\n\n"
        + _("Segna chi l'ha fatta: /mossa coppiona Anna (finisce nelle sue /stats).")
    )


MOVE_EMPTY = N_("Scrivi la mossa e chi l'ha fatta: /mossa coppiona Anna. Tutte le mosse: /mosse")
MOVE_NO_PLAYERS = N_("In questo gruppo non ha ancora giocato nessuno: iniziate con /nuova.")


def move_who(move: Move) -> str:
    return _("Chi ha fatto la {move}? Un nome solo: /mossa {key} Anna.").format(
        move=_(move.name), key=move.key
    )


def unknown_move(typed: str) -> str:
    return _("«{typed}» non è una mossa che conosco. L'elenco: /mosse").format(typed=typed)


def unknown_move_player(name: str, players: Sequence[str]) -> str:
    return _("{player} non ha mai giocato in questo gruppo. Giocatori: {players}.").format(
        player=name, players=some_names(players)
    ) + did_you_mean(name, players)


def move_recorded(move: Move, player: str, times: int) -> str:
    frown = _(" (mossa proibita! 👀)") if move.forbidden else ""
    count = ngettext("la prima volta", "{count} volte in tutto", times).format(count=times)
    return f"🎭 {_(move.name)} " + _("di {player}{frown}: segnata, {count}.").format(
        player=player, frown=frown, count=count
    )


def moves_line(moves: Sequence[tuple[str, int]]) -> str:
    """A player's hall of fame: each named move and how many times."""
    shown = " · ".join(f"{_(MOVE_BY_KEY[key].name)} ×{count}" for key, count in moves)
    return _("Albo delle mosse: {moves}").format(moves=shown)


def hall_of_fame(moves: Sequence[tuple[str, str, int]]) -> str:
    """The chat's: each move's champion (move key, player, times)."""
    shown = " · ".join(
        f"{_(MOVE_BY_KEY[key].name)}: {player} ×{count}" for key, player, count in moves
    )
    return _("Albo d'oro delle mosse: {moves}").format(moves=shown)


def rumour(index: int) -> str:
    """The ``index``-th "Dicono che…" (``bot.lore.RUMOURS``)."""
    return _(RUMOURS[index])


# --- /sonoio: players linked to people ---

IAM_IN_GROUP = N_(
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


IAM_NEEDS_PERSON = N_(
    "/sonoio collega il tuo account a un giocatore: scrivilo da te, non a nome del gruppo "
    "o di un canale."
)
IAM_ONE_NAME = N_(
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


PRIVATE_STATS_NOT_LINKED = N_(
    "Non so ancora chi sei nei tuoi gruppi: scrivi /sonoio Anna (il tuo nome nelle partite) "
    "nel gruppo dove giochi, poi torna qui e scrivi /stats."
)


def group_heading(title: str | None) -> str:
    return f"👥 {title or _('Un gruppo senza nome')}"


# --- Constants are read in the language in force. ---

#: The texts without parameters: each ``texts.NAME`` read from outside is translated.
_CONSTANTS = frozenset(
    name for name, value in globals().items() if name.isupper() and isinstance(value, str)
)


class _Texts(types.ModuleType):
    def __getattribute__(self, name: str) -> Any:
        value = super().__getattribute__(name)
        return _(value) if name in _CONSTANTS else value


sys.modules[__name__].__class__ = _Texts
