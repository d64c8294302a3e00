"""What the bot says about Macchiavelli: a home game's deals (each card list's breakdown, the
standings, who deals next, the end), and a tournament's seating, rounds, standings, moves and
tables. Italian, each text looked up in the chat's language when called (``bot.i18n``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.macchiavelli.sheets import SheetWords
from bot.i18n import _, ngettext, pgettext
from bot.texts.common import command_name, names
from bot.texts.forecast_lines import forecast_line
from scoring.macchiavelli import (
    Deal,
    Match,
    Ranking,
    Report,
    Seat,
    Seating,
    TableScore,
    Tournament,
    always_together,
    moves,
    repeated_meetings,
)

#: An empty seat (a BYE) where a name would be.
BYE = "—"


# --- a home game ---


def option(word: str) -> str:
    """An option's word as the chat's language writes it: ``smazzate`` or ``deals``."""
    words = {
        "smazzate": pgettext("option", "smazzate"),
        "soglia": pgettext("option", "soglia"),
        "jolly": pgettext("option", "jolly"),
        "singola": pgettext("option", "singola"),
        "carte": pgettext("option", "carte"),
        "mazziere": pgettext("option", "mazziere"),
        "turni": pgettext("option", "turni"),
        "danese": pgettext("option", "danese"),
        "movimento": pgettext("option", "movimento"),
        "misto": pgettext("option", "misto"),
    }
    return words.get(word, word)


def end_rule(match: Match) -> str:
    """How the game ends, in words."""
    rules = match.rules
    if rules.single:
        return _("partita singola: vince chi chiude")
    parts = []
    if rules.deals is not None:
        parts.append(ngettext("{n} smazzata", "{n} smazzate", rules.deals).format(n=rules.deals))
    if rules.target is not None:
        parts.append(_("soglia {target}").format(target=rules.target))
    if not parts:
        return _("a punti, fino a /{end}").format(end=command_name("fine"))
    return _("a punti, fino a {end}").format(end=_(" o ").join(parts))


def match_started(match: Match) -> str:
    jokers = _("con i jolly") if match.rules.jokers else _("senza jolly")
    example = _example_deal(match.players)
    return _(
        "🃏 Macchiavelli: {players} ({end}, {jokers}).\n"
        "Prima smazzata: distribuisce {dealer}.\n"
        "A fine smazzata scrivete i punti rimasti in mano, un totale o le carte "
        "(chi chiude fa 0): /{command} {example}"
    ).format(
        players=names(match.players),
        end=end_rule(match),
        jokers=jokers,
        dealer=match.dealer_of(1),
        command=command_name("mano"),
        example=example,
    )


#: An example's counts, one per seat (a game seats 8 at most): one closer, a card list.
_EXAMPLE_COUNTS = ("0", "K,A,7", "12", "5", "30", "A,A", "8", "21")


def _example_deal(players: Sequence[str]) -> str:
    """``Anna 0 Bruno K,A,7 Carlo 12``: a deal of these players as it is typed."""
    return " ".join(f"{p} {c}" for p, c in zip(players, _EXAMPLE_COUNTS, strict=False))


def count_line(report: Report) -> str:
    """``Bruno K,A,7 = 28``, ``Carlo 12``, ``Anna 0``."""
    if report.cards is None:
        return f"{report.player} {report.points}"
    return f"{report.player} {report.cards.text} = {report.points}"


def deal_lines(deal: Deal, number: int) -> str:
    """A deal's heading (who closed) and each player's count."""
    if deal.closer is None:
        heading = _("Smazzata {n}: nessuno chiude, il tallone è finito.").format(n=number)
    else:
        heading = _("Smazzata {n}: chiude {closer}.").format(n=number, closer=deal.closer)
    return "\n".join([heading, *(count_line(r) for r in deal.reports)])


def standings_lines(match: Match) -> str:
    lines = [f"{s.rank}. {s.player} {s.total}" for s in match.standings()]
    return _("Classifica (vince chi ha meno punti):") + "\n" + "\n".join(lines)


def deal_recorded(match: Match, number: int | None = None) -> str:
    """The reply to ``/mano``: deal ``number`` (default: the last), the standings, and who
    deals next, or the end."""
    number = len(match.deals) if number is None else number
    parts = [deal_lines(match.deals[number - 1], number), standings_lines(match)]
    parts.append(match_over(match) if match.is_over() else next_deal(match))
    return "\n\n".join(parts)


def next_deal(match: Match) -> str:
    upcoming = len(match.deals) + 1
    if (limit := match.rules.deals_in_game) is not None:
        return _("Smazzata {n} di {limit}: distribuisce {dealer}.").format(
            n=upcoming, limit=limit, dealer=match.next_dealer
        )
    return _("Smazzata {n}: distribuisce {dealer}.").format(n=upcoming, dealer=match.next_dealer)


def who_wins(chances: Mapping[str, float]) -> str:
    """The forecast under a deal: "Chi vince? Anna 61% · Bruno 30% · Carlo 9%"."""
    return forecast_line(_("Chi vince?"), chances)


def match_over(match: Match) -> str:
    """The end: who reached the target (if that ended it), and who won."""
    winners = match.winners()
    best = match.totals()[winners[0]] if winners else 0
    reason = ""
    target = match.rules.target
    if target is not None and (over := [p for p, t in match.totals().items() if t >= target]):
        reason = _("{players} a quota {target} o più. ").format(players=names(over), target=target)
    if match.rules.single:
        closer = match.deals[0].closer
        if closer is not None:
            return "🏁 " + _("{closer} chiude e vince la partita!").format(closer=closer)
    if len(winners) == 1:
        won = _("vince {winner} con {points}!").format(winner=winners[0], points=best)
    else:
        won = _("vincono a pari merito {winners} con {points}!").format(
            winners=names(winners), points=best
        )
    played = ngettext("{n} smazzata", "{n} smazzate", len(match.deals)).format(n=len(match.deals))
    return "🏁 " + reason + _("Partita finita dopo {played}: {won}").format(played=played, won=won)


def standings(match: Match, *, running: bool) -> str:
    """``/classifica``: the standings, then who deals next (running) or the end."""
    if not match.deals:
        return match_started(match)
    ending = next_deal(match) if running else match_over(match)
    return standings_lines(match) + "\n\n" + ending


def deal_undone(match: Match, number: int, *, reopened: bool) -> str:
    """The reply to ``/annulla``: the deal taken back, the standings, who deals next."""
    parts = [_("Ho annullato la smazzata {n}.").format(n=number)]
    if reopened:
        parts[0] += " " + _("La partita è di nuovo in corso.")
    if match.deals:
        parts.append(standings_lines(match))
    parts.append(next_deal(match))
    return "\n\n".join(parts)


def deal_fixed(match: Match, number: int, *, reopened: bool) -> str:
    """The reply to ``/correggi N``: deal N as counted now, the standings, and the end or
    who deals next."""
    heading = _("Smazzata {n} corretta.").format(n=number)
    if reopened:
        heading += " " + _("La partita è di nuovo in corso.")
    return heading + "\n\n" + deal_recorded(match, number)


def match_closed(match: Match) -> str:
    """The reply to ``/fine``: the game closed as it stood."""
    if not match.deals:
        return _("Partita di Macchiavelli chiusa, senza smazzate giocate.")
    return _("Partita chiusa.") + "\n\n" + standings_lines(match) + "\n\n" + match_over(match)


def fix_needs_number(played: int) -> str:
    """``/correggi`` without the deal's number."""
    return _(
        "Scrivi quale smazzata correggere (1–{played}) e i punti giusti: /{command} {played} "
        "Anna 0 Bruno K,A,7 Carlo 12. Non ho cambiato nulla."
    ).format(played=played, command=command_name("correggi"))


def edit_changes_nothing() -> str:
    """A ``/mano`` edited in a Macchiavelli game: the deal is fixed with ``/correggi``."""
    return _(
        "Modificare il messaggio non cambia la smazzata: per correggerla scrivi /{command} "
        "N e i punti giusti (/{command} 2 Anna 0 Bruno K,A,7 Carlo 12). Non ho cambiato nulla."
    ).format(command=command_name("correggi"))


def tournament_coming() -> str:
    """``/torneo macchiavelli``, before the tournament is in the bot."""
    return _(
        "Il torneo di Macchiavelli non c'è ancora: per ora si gioca la partita in casa, "
        "/{command} macchiavelli Anna Bruno Carlo. Non ho cambiato nulla."
    ).format(command=command_name("nuova"))


def match_reopened(match: Match) -> str:
    """The reply to ``/riapri``: the game runs again from its next deal."""
    heading = _("↩️ Partita riaperta: si riprende dalla smazzata {n}.").format(
        n=len(match.deals) + 1
    )
    if not match.deals:
        return heading + "\n\n" + next_deal(match)
    return heading + "\n\n" + standings_lines(match) + "\n\n" + next_deal(match)


def reopen_ended_by_rules() -> str:
    return _(
        "L'ultima partita è finita secondo le sue regole (smazzate o soglia): per riaprirla "
        "togli l'ultima smazzata con /{command}."
    ).format(command=command_name("annulla"))


def not_for_macchiavelli(command: str) -> str:
    """A shared command the Macchiavelli home game does not take (yet)."""
    return _(
        "/{command} non vale per la partita di Macchiavelli in corso. Per giocarla: "
        "/{deal}, /{undo}, /{fix}, /{standings}, /{end}. Non ho cambiato nulla."
    ).format(
        command=command_name(command),
        deal=command_name("mano"),
        undo=command_name("annulla"),
        fix=command_name("correggi"),
        standings=command_name("classifica"),
        end=command_name("fine"),
    )


# --- a tournament ---


def seat_letter(seat: Seat) -> str:
    """``N``, ``S``, ``E``, ``O`` (English: ``W``)."""
    letters = {
        Seat.NORTH: pgettext("seat", "N"),
        Seat.SOUTH: pgettext("seat", "S"),
        Seat.EAST: pgettext("seat", "E"),
        Seat.WEST: pgettext("seat", "O"),
    }
    return letters[seat]


def table_line(number: int, table: Sequence[str | None]) -> str:
    """``Tavolo 1: N Anna · S Bruno · E Carlo · O Dario`` (a BYE: ``O —``)."""
    seats = " · ".join(
        f"{seat_letter(seat)} {player or BYE}" for seat, player in zip(Seat, table, strict=True)
    )
    return _("Tavolo {n}: {seats}").format(n=number, seats=seats)


def seating_lines(seating: Seating) -> str:
    return "\n".join(table_line(n, t) for n, t in enumerate(seating.tables, start=1))


def meetings_note(tournament: Tournament) -> str:
    """Before round 1: who the movement seats together in every round, and the repeated
    meetings (issue 25, "Meetings that repeat")."""
    plan = tournament.plan
    lines = []
    together = always_together(plan)
    if len(together) == 1:
        lines.append(
            _("Con {t} tavoli {pair} si incontrano in ogni turno.").format(
                t=tournament.table_count, pair=names(together[0])
            )
        )
    elif together:
        lines.append(
            _("Con {t} tavoli si incontrano in ogni turno: {pairs}.").format(
                t=tournament.table_count, pairs=names([f"{a}–{b}" for a, b in together])
            )
        )
    lines.append(_("Incontri ripetuti: {n}.").format(n=repeated_meetings(plan)))
    return "\n".join(lines)


def tournament_started(tournament: Tournament) -> str:
    rules = tournament.rules
    danese = _(", l'ultimo è una Danese") if rules.danese else ""
    first = tournament.seating(1).players_at(1)
    example = _example_deal(first)
    return _(
        "🏆 Torneo di Macchiavelli: {players} giocatori, {rounds} turni di {deals} smazzate"
        "{danese}.\n\nTurno 1:\n{seating}\n\n{meetings}\n\n"
        "Ogni tavolo scrive le sue smazzate con i nomi: /{command} {example}"
    ).format(
        players=len(tournament.players),
        rounds=rules.rounds,
        deals=rules.deals,
        danese=danese,
        seating=seating_lines(tournament.seating(1)),
        meetings=meetings_note(tournament),
        command=command_name("mano"),
        example=example,
    )


def table_deal_recorded(tournament: Tournament, round_: int, table: int) -> str:
    """The reply to a tournament table's ``/mano``: its last deal, the table's MP so far,
    and how many deals it has left (or that it waits for the others)."""
    deals = tournament.deals_at(round_, table)
    heading = _("Turno {round}, tavolo {table}.").format(round=round_, table=table)
    mp = tournament.match_points(round_, table)
    running = ", ".join(f"{p} {points}" for p, points in sorted(mp.items(), key=lambda i: i[1]))
    left = tournament.rules.deals - len(deals)
    if left > 0:
        state = ngettext(
            "Manca {n} smazzata a questo tavolo.", "Mancano {n} smazzate a questo tavolo.", left
        ).format(n=left)
    elif tournament.is_complete(round_):
        state = ""
    else:
        state = _("Il tavolo ha finito il turno: aspettiamo gli altri tavoli (/{tables}).").format(
            tables=command_name("tavoli")
        )
    parts = [heading, deal_lines(deals[-1], len(deals)), _("MP: {running}").format(running=running)]
    return "\n\n".join(part for part in (*parts, state) if part)


def score_line(score: TableScore) -> str:
    """``Anna: MP 20 · piazzamento 8 · differenza 195 → 10 · VP 18``."""
    return _(
        "{player}: MP {mp} · piazzamento {placement} · differenza {difference} → "
        "{difference_vp} · VP {vp}"
    ).format(
        player=score.player,
        mp=score.mp,
        placement=score.placement_vp,
        difference=score.difference,
        difference_vp=score.difference_vp,
        vp=score.vp,
    )


def table_round(round_: int, table: int, scores: Sequence[TableScore]) -> str:
    heading = _("Turno {round}, tavolo {table}:").format(round=round_, table=table)
    return "\n".join([heading, *(score_line(s) for s in scores)])


def ranking_lines(rankings: Sequence[Ranking]) -> str:
    """``1. Anna 36 VP (MP 120)``; who withdrew is marked."""
    lines = []
    for r in rankings:
        line = _("{rank}. {player} {vp} VP (MP {mp})").format(
            rank=r.rank, player=r.player, vp=r.vp, mp=r.mp
        )
        lines.append(line + (" " + _("— ritirato") if r.withdrawn else ""))
    return "\n".join(lines)


def move_line(player: str, before: int, after: int, seat: Seat) -> str:
    """``Anna: tavolo 2 → 3 (N)``."""
    return _("{player}: tavolo {before} → {after} ({seat})").format(
        player=player, before=before, after=after, seat=seat_letter(seat)
    )


def round_closed(tournament: Tournament, round_: int) -> str:
    """When every table has played round ``round_``: each table's round, the standings, and
    the next round's seating with each player's move (or the Danese seating), or the end."""
    tables = "\n\n".join(
        table_round(round_, t, scores)
        for t, scores in enumerate(tournament.round_scores(round_), start=1)
    )
    standings = _("Classifica dopo il turno {round}:").format(round=round_)
    parts = [tables, standings + "\n" + ranking_lines(tournament.standings(round_))]
    if round_ >= tournament.rules.rounds:
        parts.append(tournament_won(tournament))
    else:
        parts.append(next_round(tournament, round_ + 1))
    return "\n\n".join(parts)


def next_round(tournament: Tournament, round_: int) -> str:
    seating = tournament.seating(round_)
    if round_ > tournament.rules.moved_rounds:
        heading = _("Turno {round}, la Danese: seduti per classifica.").format(round=round_)
        return heading + "\n" + seating_lines(seating)
    heading = _("Turno {round}:").format(round=round_)
    moved = moves(tournament.seating(round_ - 1), seating)
    lines = [move_line(m.player, m.before, m.after, m.seat) for m in moved]
    return "\n".join([heading, seating_lines(seating), "", _("Spostamenti:"), *lines])


def tournament_won(tournament: Tournament) -> str:
    winners = [r.player for r in tournament.standings() if r.rank == 1]
    if len(winners) == 1:
        return "🥇 " + _("{winner} vince il torneo!").format(winner=winners[0])
    return "🥇 " + _("{winners} vincono il torneo a pari merito!").format(winners=names(winners))


def tables_status(tournament: Tournament) -> str:
    """``/tavoli``: the round under way, and which tables are still playing."""
    if tournament.is_over():
        return _("Il torneo è finito: /{command} per la classifica.").format(
            command=command_name("classifica")
        )
    round_ = tournament.current_round
    deals = tournament.rules.deals
    playing = tournament.tables_playing()
    lines = [_("Turno {round} di {rounds}.").format(round=round_, rounds=tournament.rules.rounds)]
    for table in range(1, tournament.table_count + 1):
        played = len(tournament.deals_at(round_, table))
        if table in playing:
            state = _("gioca ({played} di {deals} smazzate)").format(played=played, deals=deals)
        else:
            state = _("ha finito, aspetta")
        lines.append(_("Tavolo {n}: {state}").format(n=table, state=state))
    return "\n".join(lines)


def sheet_words() -> SheetWords:
    """The words of ``/cartellini``'s PDF, in the chat's language, for the worker that draws
    it."""
    n, s, e, w = (seat_letter(seat) for seat in Seat)
    return SheetWords(
        card=_("Cartellino"),
        sheet=_("Segnapunti"),
        round=_("Turno"),
        table=_("Tavolo"),
        seat=_("Posto"),
        danese=_("Danese"),
        by_standings=_("Danese, per classifica"),
        withdrawn=_("ritirato"),
        deal=_("Smazzata"),
        mp="MP",
        vp="VP",
        total_mp=_("Totale MP"),
        placement_vp=_("VP piazzamento"),
        difference=_("Differenza"),
        difference_vp=_("VP differenza"),
        total_vp=_("VP del turno"),
        seats=(n, s, e, w),
        bye="BYE",
        page=_("pagina {n} di {pages}"),
    )


def sheets_caption(tournament: Tournament) -> str:
    """The caption of ``/cartellini``'s PDF."""
    return _(
        "🖨 Cartellini dei {players} giocatori e segnapunti dei {tables} tavoli, turno per turno."
    ).format(players=len(tournament.players), tables=tournament.table_count)
