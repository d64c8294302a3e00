"""A hand recorded, fixed or undone, and the standings after it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.tamalo.texts.words import hand_command, points, quadri, signed
from bot.i18n import _, ngettext
from bot.texts.common import names
from scoring.tamalo import (
    HANDS_PER_QUADRO,
    QUADRI,
    Game,
    Hand,
    Mode,
    Rules,
    ScoredHand,
    Standing,
    quadro_of,
)


def no_hand_to_undo() -> str:
    return _("Non c'è nessuna mano da annullare.")


def edited_hand_gone() -> str:
    return _(
        "Quel messaggio non ha più una mano registrata (è stata annullata, o non era una /mano): "
        "per registrarla scrivi di nuovo /mano in un messaggio nuovo."
    )


def edited_hand_closed() -> str:
    return _(
        "La partita di quella mano è chiusa: modificare il messaggio non la cambia più. "
        "Non ho cambiato nulla."
    )


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


def _standings_after(game: Game, before: Mapping[str, int] | None = None) -> str:
    lines = standings_lines(game.standings(), game.rules, before)
    return _("Classifica:") + f"\n{lines}{quadro_so_far(game)}"


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


def join_undone_just_now() -> str:
    return _(
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


def same_hand_yes() -> str:
    return _("✅ Sì, è una mano nuova")


def same_hand_no() -> str:
    return _("✖️ No, è la stessa")


def same_hand_dropped() -> str:
    return _("Va bene: non l'ho registrata una seconda volta.")


def same_hand_stale() -> str:
    return _(
        "Intanto la partita è cambiata: questa mano non l'ho registrata. Se serve, riscrivila con "
        "/mano."
    )


def same_hand_again(number: int, previous: Hand) -> str:
    return _(
        "Questa mano è uguale alla mano {previous}, registrata meno di due minuti fa:\n{hand}\n"
        "È davvero una mano nuova (la {number})?"
    ).format(previous=number - 1, number=number, hand=hand_command(previous))


def game_reopened_text() -> str:
    return _("\n\nCon questa correzione nessuno è alla soglia: la partita riprende.")


def fix_closed_game() -> str:
    return _("L'ultima partita è stata chiusa con /fine: /riapri la riapre, poi si corregge.")


def final_under_way() -> str:
    return _("La finale è già cominciata: le mani dei tavoli non si cambiano più.")
