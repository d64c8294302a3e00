"""Macchiavelli's panel of ``/serata`` (``bot.table.Game.tonight``): one line per game of the
night, a home game's or a tournament's, each with its time and how it stands or ended."""

from __future__ import annotations

from datetime import datetime

from bot import dates
from bot.i18n import _, ngettext
from bot.table import NightPanel
from bot.texts.common import names
from play.macchiavelli.night import NightGame, night_games
from scoring.macchiavelli import Match, Tournament
from storage import UnitOfWork


async def tonight(
    work: UnitOfWork, chat_id: int, start: datetime, end: datetime, timezone: str
) -> NightPanel | None:
    """The night's Macchiavelli games, or ``None`` if none was started in it."""
    games = await night_games(work, chat_id, start, end)
    if not games:
        return None
    lines = [f"{dates.local(g.started_at, timezone):%H:%M} · {game_line(g)}" for g in games]
    winners = tuple(player for g in games if not g.running for player in winners_of(g))
    return NightPanel("\n".join(lines), len(games), winners)


def winners_of(game: NightGame) -> tuple[str, ...]:
    if game.match is not None:
        return game.match.winners()
    assert game.tournament is not None
    if not game.tournament.is_over():
        return ()
    return tuple(r.player for r in game.tournament.standings() if r.rank == 1)


def game_line(game: NightGame) -> str:
    if game.match is not None:
        return home_line(game.match, running=game.running)
    assert game.tournament is not None
    return tournament_line(game.tournament, running=game.running)


def home_line(match: Match, *, running: bool) -> str:
    """``3 smazzate: vince Anna (32)``; running, who leads (fewest points)."""
    played = len(match.deals)
    if not played:
        return _("in corso") if running else _("chiusa senza smazzate")
    head = ngettext("{n} smazzata", "{n} smazzate", played).format(n=played) + ": "
    totals = match.totals()
    if running:
        leaders = [s.player for s in match.standings() if s.rank == 1]
        return head + _("in corso, in testa {players} ({points})").format(
            players=names(leaders), points=totals[leaders[0]]
        )
    winners = match.winners()
    won = ngettext("vince {players} ({points})", "vincono {players} ({points})", len(winners))
    return head + won.format(players=names(winners), points=totals[winners[0]])


def tournament_line(tournament: Tournament, *, running: bool) -> str:
    """``torneo, 9 giocatori, 3 turni: vince Anna (36 VP)``; running, the round under way
    and who leads."""
    rounds = tournament.rules.rounds
    players = len(tournament.players)
    head = ngettext("torneo, {players} giocatore", "torneo, {players} giocatori", players).format(
        players=players
    )
    ranking = tournament.standings()
    first = [r for r in ranking if r.rank == 1]
    if not tournament.is_over():
        head += ", " + _("turno {round} di {rounds}").format(
            round=tournament.current_round, rounds=rounds
        )
        if tournament.current_round == 1:
            return head + ": " + _("in corso")
        return (
            head
            + ": "
            + _("in corso, in testa {players} ({vp} VP)").format(
                players=names([r.player for r in first]), vp=first[0].vp
            )
        )
    head += ", " + ngettext("{n} turno", "{n} turni", rounds).format(n=rounds)
    won = ngettext("vince {players} ({vp} VP)", "vincono {players} ({vp} VP)", len(first))
    return head + ": " + won.format(players=names([r.player for r in first]), vp=first[0].vp)
