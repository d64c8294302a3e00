"""A Macchiavelli tournament's share of ``/esporta``: one row per player per deal, with the
round's match points and, once a table has played its round, the victory points."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.macchiavelli import Tournament


@dataclass(frozen=True)
class ExportRow:
    """One player's deal: ``round,table,seat,player,deal,points,mp,vp`` (mp, vp: that
    player's round figures; ``None`` while their table has deals to play)."""

    round: int
    table: int
    seat: str
    player: str
    deal: int
    points: int
    mp: int
    vp: int | None


def export_rows(tournament: Tournament) -> list[ExportRow]:
    rows = []
    for round_ in range(1, min(tournament.current_round, tournament.rules.rounds) + 1):
        if not tournament.is_started(round_):
            continue
        seating = tournament.seating(round_)
        for table in range(1, tournament.table_count + 1):
            mp = tournament.match_points(round_, table)
            vp: dict[str, int] = {}
            if tournament.is_done(round_, table):
                vp = {s.player: s.vp for s in tournament.table_scores(round_, table)}
            for number, deal in enumerate(tournament.deals_at(round_, table), start=1):
                for report in deal.reports:
                    seat = seating.where(report.player)[1]
                    rows.append(
                        ExportRow(
                            round_,
                            table,
                            seat.value,
                            report.player,
                            number,
                            report.points,
                            mp[report.player],
                            vp.get(report.player),
                        )
                    )
    return rows
