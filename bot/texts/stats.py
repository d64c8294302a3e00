"""Charts, statistics, the evening, the all-time leaderboard and the export."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.i18n import _, ngettext
from bot.texts.common import (
    _times,
    decimal,
    euphonic,
    mode_name,
    names,
    no_game_yet,
    percent,
    signed,
    some_names,
    table_label,
)
from bot.texts.hands import winners_line
from bot.texts.mistakes import did_you_mean
from play.records import GameRecord
from scoring.tamalo import Game, Mode, Rules
from storage import ChatOverview, HandFigures, LeaderboardLine, PlayerStats


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


def no_games_tonight() -> str:
    return _("Stasera non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo.")


def night_title(evening: date, games: int) -> str:
    return ngettext(
        "Serata del {day} · {games} partita", "Serata del {day} · {games} partite", games
    ).format(day=f"{evening:%d/%m/%Y}", games=games)


def night_summary(
    evening: date,
    records: Sequence[GameRecord],
    times: Sequence[str],
    others: Sequence[tuple[str, str]] = (),
    *,
    games: int = 0,
    won: Sequence[str] = (),
) -> str:
    """Tonight's games, each with its time, mode and winner. With other games played
    (``others``: each game's kind and panel; ``games`` of theirs, ``won`` by each finished
    game's winners), each game's panel under its name, the king of the night over all."""
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
    wins: dict[str, int] = {}
    for record in records:
        if not record.running:
            for winner in record.game.winners():
                wins[winner] = wins.get(winner, 0) + 1
    for winner in won:
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
    title = f"🌙 {night_title(evening, len(records) + games)}\n"
    if not others:
        return title + "\n".join(lines) + top
    panels = [("tamalo", "\n".join(lines)), *others] if lines else others
    return title + "\n" + "\n\n".join(f"{GAME_NAMES.get(k, k)}\n{text}" for k, text in panels) + top


def leaderboard_empty() -> str:
    return _("Nessuna partita finita in questa chat: la classifica generale comincia con la prima.")


def leaderboard_note() -> str:
    return _(
        "L'abilità (OpenSkill) sale quando arrivi davanti a chi è forte e scende quando finisci "
        "dietro a chi lo è meno; conta il piazzamento finale di ogni partita."
    )


def provisional_note() -> str:
    return _("(provvisorio) = meno di 3 partite.")


#: Rows a leaderboard shows: one Telegram message holds at most 4096 characters.
LEADERBOARD_ROWS = 30


#: Each kind of game as a ladder's heading names it.
GAME_NAMES = {"tamalo": "Tamalo", "macchiavelli": "Macchiavelli", "tago": "Tagò"}


def leaderboards(ladders: Sequence[tuple[str, Sequence[LeaderboardLine]]]) -> str:
    """Every ladder of the chat: one alone as ``leaderboard``; more each under its game's
    name, the notes once at the end."""
    if len(ladders) == 1:
        return leaderboard(ladders[0][1])
    parts = [
        GAME_NAMES.get(kind, kind) + "\n" + "\n".join(_leaderboard_rows(lines))
        for kind, lines in ladders
    ]
    note = leaderboard_note()
    if any(line.provisional for _, lines in ladders for line in lines[:LEADERBOARD_ROWS]):
        note = f"{provisional_note()}\n{note}"
    return _("🏆 Classifica generale") + "\n" + "\n\n".join(parts) + f"\n\n{note}"


def leaderboard(lines: Sequence[LeaderboardLine]) -> str:
    rows = _leaderboard_rows(lines)
    note = leaderboard_note()
    if any(line.provisional for line in lines[:LEADERBOARD_ROWS]):
        note = f"{provisional_note()}\n{note}"
    return _("🏆 Classifica generale") + "\n" + "\n".join(rows) + f"\n\n{note}"


def _leaderboard_rows(lines: Sequence[LeaderboardLine]) -> list[str]:
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
    return rows


def standings_argument() -> str:
    return _(
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


def stats_one_name() -> str:
    return _("Scrivi un nome solo: /stats Anna, oppure /stats per il gruppo.")


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
    if not overview.finished and not overview.hands and not overview.annulled:
        return no_game_yet()
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


def nothing_to_export() -> str:
    return _("Non c'è ancora nessuna mano da esportare: giocate con /nuova e /mano.")
