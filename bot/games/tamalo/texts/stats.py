"""Charts, statistics, the evening, the all-time leaderboard and the export."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tamalo.texts.hands import winners_line
from bot.games.tamalo.texts.words import mode_name, signed, table_label
from bot.i18n import _, ngettext
from bot.texts.common import _times, decimal, euphonic, names, percent
from play.tamalo.records import GameRecord
from scoring.tamalo import Game, Mode, Rules
from storage.tamalo.stats import ChatOverview, HandFigures, PlayerStats


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


def no_hands_to_draw() -> str:
    return _("Non c'è ancora nessuna mano da disegnare: registra la prima con /mano.")


def night_lines(records: Sequence[GameRecord], times: Sequence[str]) -> str:
    """Tonight's Tamalo games, each with its time, mode and winner (or who leads)."""
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
            line = ngettext(
                "vince {players} ({total})", "vincono {players} ({total})", len(winners)
            )
            lines.append(
                head + line.format(players=names(winners), total=game.totals()[winners[0]])
            )
        else:
            lines.append(head + _("chiusa senza mani"))
    return "\n".join(lines)


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


def chat_overview(overview: ChatOverview, last_day: str | None) -> str:
    """The chat's Tamalo at a glance (``/stats``' panel)."""
    games = ngettext("{count} partita finita", "{count} partite finite", overview.finished)
    hands = ngettext("{count} mano", "{count} mani", overview.hands)
    players = ngettext(
        "{count} giocatore in classifica", "{count} giocatori in classifica", overview.players
    )
    lines = [
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
    return "\n".join(lines)


def export_caption(rows: int) -> str:
    return ngettext(
        "📄 Tutte le mani del gruppo: {rows} riga, una per giocatore per mano. "
        "Si apre con un foglio di calcolo.",
        "📄 Tutte le mani del gruppo: {rows} righe, una per giocatore per mano. "
        "Si apre con un foglio di calcolo.",
        rows,
    ).format(rows=rows)
