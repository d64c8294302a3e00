"""Tamalo's tournaments: two tables drawn, then the final."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tamalo.texts.words import (
    _tables,
    command_for,
    contro_target_hint,
    end_rule,
    mode_name,
    options_line,
)
from bot.i18n import _
from bot.texts.common import names
from scoring.tamalo import Game


def tournament_in_progress() -> str:
    return _(
        "C'è un torneo in corso: finite i tavoli e la finale (o chiudeteli con /fine Nome) "
        "prima di iniziare altro."
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
