"""A game: started, joined, left, its dealer, closed, reopened, a rematch, its target."""

from __future__ import annotations

from bot.games.tamalo.texts.hands import _standings_after, final_standings, standings_lines
from bot.games.tamalo.texts.words import (
    command_for,
    contro_target_hint,
    end_rule,
    markers_help_contro,
    markers_help_text,
    mode_name,
    options_line,
    points,
)
from bot.i18n import _
from bot.texts.common import names
from scoring.tamalo import Game, Mode


def target_lowered(target: int) -> str:
    return _("Fatto: la partita si chiude a {target} punti.").format(target=target)


def target_too_late() -> str:
    return _("La partita è già cominciata: la soglia non cambia più.")


def game_started(game: Game, *, propose_target: bool = False) -> str:
    players, rules = game.players, game.rules
    pairs = " ".join(f"{p} {n}" for p, n in zip(players, (3, 12, 7, 0, 9, 21), strict=False))
    totals = " ".join(str(n) for n in (3, 12, 7, 0, 9, 21)[: len(players)])
    markers = f"t={players[0]}"
    markers_help = markers_help_text()
    if rules.mode is Mode.CONTRO:
        markers += f" ct={players[1]}"
        markers_help = markers_help_contro()
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


def annulled_game() -> str:
    return _(
        "L'ultima partita è stata annullata (tres sex non expedit): non conta in nessuna "
        "classifica."
    )


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


def game_ended(game: Game, label: str = "") -> str:
    return f"{label}" + _("Partita chiusa.") + "\n" + final_standings(game)


def undo_closed_game(*, tournament: bool = False) -> str:
    if tournament:
        return _("Questo tavolo è stato chiuso con /fine: le sue mani non si tolgono più.")
    return _(
        "L'ultima partita è stata chiusa con /fine: /riapri la riapre, poi /annulla toglie "
        "l'ultima mano."
    )


def end_yes() -> str:
    return _("🏁 Sì, chiudi la partita")


def end_no() -> str:
    return _("▶️ No, continuiamo")


def game_goes_on() -> str:
    return _("Va bene, la partita continua.")


def game_already_closed() -> str:
    return _("Questa partita è già chiusa.")


def reopen() -> str:
    return _("↩️ Riapri la partita")


def nothing_to_reopen() -> str:
    return _("Non c'è nessuna partita da riaprire: iniziane una con /nuova Anna Bruno Carlo.")


def already_running() -> str:
    return _("La partita è già in corso.")


def newer_game_started() -> str:
    return _(
        "Dopo questa partita ne è cominciata un'altra: non si riapre più. /rivincita ne inizia "
        "una nuova con gli stessi giocatori."
    )


def reopen_annulled() -> str:
    return _("L'ultima partita è stata annullata col tres sex: non si riapre.")


def reopen_tournament() -> str:
    return _("Le partite di un torneo non si riaprono con /riapri.")


def reopen_reached_target() -> str:
    return _(
        "L'ultima partita è finita perché qualcuno ha raggiunto la soglia: per riaprirla togli "
        "l'ultima mano con /annulla."
    )


def no_game_to_rematch() -> str:
    return _(
        "Non c'è ancora nessuna partita da rigiocare: iniziane una con /nuova Anna Bruno Carlo."
    )


def rematch_tournament() -> str:
    return _(
        "L'ultima era un torneo: per un altro scrivi /torneo con i nomi (i tavoli si sorteggiano)."
    )


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


def no_joining_tournaments() -> str:
    return _("In un torneo i tavoli sono fatti: non si entra a partita iniziata.")


def no_joining_quadri() -> str:
    return _("A 4 Quadri giocano sempre gli stessi 4: non si entra a partita iniziata.")


def no_leaving_quadri() -> str:
    return _("A 4 Quadri giocano sempre gli stessi 4: nessuno può lasciare la partita.")


def last_two_stay() -> str:
    return _("Siete rimasti in due: per smettere chiudete la partita con /fine.")
