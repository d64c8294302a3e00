"""What the bot says about a Macchiavelli tournament: the seating of each round, a table's
deals, each round's Victory Points, the standings, the moves, the tables still playing, and the
words of the printable sheets. Italian, each text looked up in the chat's language when
called (``bot.i18n``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.macchiavelli.sheets import SheetWords
from bot.games.macchiavelli.texts import deal_lines, example_deal
from bot.i18n import _, ngettext, pgettext
from bot.texts.common import command_name, names
from scoring.macchiavelli import (
    Ranking,
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
    example = example_deal(first)
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
        lines.append(line + (" " + _("— ha lasciato il torneo") if r.withdrawn else ""))
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
    standings = standings_heading(tournament, round_)
    parts = [tables, standings + "\n" + ranking_lines(tournament.standings(round_))]
    if round_ >= tournament.rules.rounds:
        parts.append(tournament_won(tournament))
    else:
        parts.append(next_round(tournament, round_ + 1))
    return "\n\n".join(parts)


def standings_heading(tournament: Tournament, round_: int) -> str:
    """``Classifica dopo il turno 2:``, or after the last round ``Classifica finale:``."""
    if round_ >= tournament.rules.rounds:
        return _("Classifica finale:")
    return _("Classifica dopo il turno {round}:").format(round=round_)


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
        withdrawn=_("fuori dal torneo"),
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


def seating_heading() -> str:
    """The live scoreboard's heading over the round's seating."""
    return _("Chi siede dove")
