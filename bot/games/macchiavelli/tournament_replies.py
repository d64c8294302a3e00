"""What a Macchiavelli tournament says in the chat beyond its tables and standings
(``texts``): its refusals and usages, a deal fixed or undone, who withdraws, and how it is
closed, discarded or reopened."""

from __future__ import annotations

from bot.games.macchiavelli import texts, tournament_texts
from bot.i18n import _
from bot.texts.common import command_name
from scoring.macchiavelli import Tournament


def not_in_a_tournament(command: str) -> str:
    return _(
        "Durante un torneo di Macchiavelli /{command} non serve: /{tables} mostra i tavoli, "
        "/{standings} la classifica."
    ).format(
        command=command_name(command),
        tables=command_name("tavoli"),
        standings=command_name("classifica"),
    )


def edit_changes_nothing() -> str:
    return _(
        "Nel torneo una /{deal} modificata non cambia la smazzata: correggetela con "
        "/{fix} e il numero della smazzata del tavolo, per esempio /{fix} 2 Anna 0 Bruno 5 "
        "Carlo 12."
    ).format(deal=command_name("mano"), fix=command_name("correggi"))


def no_tournament() -> str:
    return _(
        "Nessun torneo di Macchiavelli in corso: /{command} macchiavelli e almeno 9 nomi."
    ).format(command=command_name("torneo"))


def texts_needed() -> str:
    return _(
        "Nel torneo scrivete le smazzate con i nomi: /{command} Anna 0 Bruno K,A,7 Carlo 12"
    ).format(command=command_name("mano"))


def over() -> str:
    return _("Il torneo è finito: tutti i turni sono giocati.")


def tournament_running() -> str:
    return _("C'è già un torneo in corso in questa chat: /{tables} mostra a che punto è.").format(
        tables=command_name("tavoli")
    )


def game_running() -> str:
    return _("C'è una partita in corso: chiudetela con /{end} prima del torneo.").format(
        end=command_name("fine")
    )


def fix_usage() -> str:
    return _(
        "Scrivete il numero della smazzata del tavolo e i punti di nuovo: /{command} 2 Anna 0 "
        "Bruno 5 Carlo 12 (turno=1 per un turno chiuso)."
    ).format(command=command_name("correggi"))


def no_such_round(round_: int, current: int) -> str:
    return _("Non c'è il turno {round}: si gioca il turno {current}.").format(
        round=round_, current=current
    )


def _mp(t: Tournament, round_: int, table: int) -> str:
    mp = t.match_points(round_, table)
    running = ", ".join(f"{p} {points}" for p, points in sorted(mp.items(), key=lambda i: i[1]))
    return _("MP: {running}").format(running=running)


def deal_fixed(t: Tournament, round_: int, table: int, number: int) -> str:
    heading = _("Turno {round}, tavolo {table}: smazzata {n} corretta.").format(
        round=round_, table=table, n=number
    )
    lines = texts.deal_lines(t.deals_at(round_, table)[number - 1], number)
    return "\n\n".join([heading, lines, _mp(t, round_, table)])


def deal_undone(t: Tournament, round_: int, table: int, number: int) -> str:
    heading = _("Turno {round}, tavolo {table}: smazzata {n} annullata.").format(
        round=round_, table=table, n=number
    )
    return heading + "\n" + _mp(t, round_, table)


def withdraw_usage() -> str:
    return _("Scrivete chi si ritira: /{command} Anna").format(command=command_name("esci"))


def withdrawn(t: Tournament, player: str) -> str:
    first = t.withdrawn[player]
    return _(
        "{player} si ritira: dal turno {round} al suo posto c'è un BYE. Tiene i suoi VP e resta "
        "in classifica, segnato «ha lasciato il torneo»."
    ).format(player=player, round=first)


def late_arrival(player: str) -> str:
    return _(
        "Il torneo è cominciato: {player} non può entrare dopo il turno 1, i posti di ogni "
        "turno sono già sorteggiati."
    ).format(player=player)


def not_before_the_start(player: str) -> str:
    return _(
        "I tavoli sono già sorteggiati: {player} non può entrare. Per averlo in gioco, chi ha "
        "iniziato il torneo lo scarta con /{end} e lo ricomincia con /{tournament} macchiavelli "
        "e tutti i nomi."
    ).format(player=player, end=command_name("fine"), tournament=command_name("torneo"))


def no_round_closed() -> str:
    return _("Nessun turno è ancora finito: /{tables} mostra i tavoli che giocano.").format(
        tables=command_name("tavoli")
    )


def nothing_to_export() -> str:
    return _("Il torneo non ha ancora smazzate da esportare.")


def end_question(t: Tournament) -> str:
    """``/fine`` by the tournament's director (or an admin): close it or discard it."""
    closed = t.current_round - 1
    if closed < 1:
        standing = _("Nessun turno è ancora finito: chiuso ora, il torneo non ha classifica.")
    else:
        standing = _("Chiuso ora, vale la classifica dopo il turno {round}.").format(round=closed)
    return "\n".join(
        (
            _("Chiudere il torneo di Macchiavelli prima della fine?"),
            standing,
            _("Scartato, è come se non si fosse mai giocato: niente classifica né statistiche."),
        )
    )


def close_label() -> str:
    return _("🏁 Chiudi con la classifica com'è")


def discard_label() -> str:
    return _("🗑 Scarta il torneo")


def go_on_label() -> str:
    return _("▶️ No, si continua")


def goes_on() -> str:
    return _("Va bene, il torneo continua.")


def closed_early(t: Tournament) -> str:
    """The tournament closed by its director before its last round."""
    closed = t.current_round - 1
    if closed < 1:
        return _("🏁 Torneo di Macchiavelli chiuso prima del primo turno: nessuna classifica.")
    heading = _("🏁 Torneo di Macchiavelli chiuso. Classifica finale (dopo il turno {round}):")
    lines = tournament_texts.ranking_lines(t.standings(closed))
    return heading.format(round=closed) + "\n" + lines + "\n\n" + reopen_hint()


def discarded() -> str:
    return _(
        "🗑 Torneo di Macchiavelli scartato: non conta in nessuna classifica. Si può iniziare "
        "un'altra partita."
    )


def reopen_hint() -> str:
    return _(
        "Chiuso per sbaglio? /{reopen} lo riapre finché non si inizia un'altra partita."
    ).format(reopen=command_name("riapri"))


def director_only() -> str:
    return _(
        "Il torneo lo chiude o lo scarta chi l'ha iniziato, o un admin del gruppo. Per "
        "scartarlo a voto dei giocatori: /voto."
    )


def vote_question(_whole: bool) -> str:
    return _("🗳 Scartiamo il torneo di Macchiavelli? Scartato, non conta in nessuna classifica.")


def vote_discarded(_whole: bool) -> str:
    return discarded()


def vote_rejected() -> str:
    return _("Il torneo continua: la votazione è chiusa.")


def already_closed() -> str:
    return _("Il torneo è già chiuso.")


def reopened(t: Tournament) -> str:
    return _("🔓 Torneo di Macchiavelli riaperto: si riprende dal turno {round}.").format(
        round=min(t.current_round, t.rules.rounds)
    )


def all_rounds_played(last: int) -> str:
    return _(
        "Il torneo è finito con l'ultimo turno: non c'è niente da riaprire. Le smazzate del "
        "turno {round} si correggono ancora con /{fix} turno={round} e si tolgono con /{undo}."
    ).format(round=last, fix=command_name("correggi"), undo=command_name("annulla"))


def discarded_stays() -> str:
    return _(
        "Il torneo è stato scartato: resta scartato. Iniziatene un altro con /{command}."
    ).format(command=command_name("torneo"))


def closed_undo() -> str:
    return _(
        "Il torneo è chiuso: /{reopen} lo riapre, poi /{undo} toglie l'ultima smazzata."
    ).format(reopen=command_name("riapri"), undo=command_name("annulla"))
