"""What every game's figures share: a rating ladder (``/classifica generale``), the night's
title and its king (``/serata``), the arguments of ``/classifica`` and ``/stats`` refused, and
an export with nothing in it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.i18n import _, ngettext
from bot.texts.common import decimal, names, percent
from storage import GameCounts, LeaderboardLine


def night_title(evening: date, games: int) -> str:
    return ngettext(
        "Serata del {day} · {games} partita", "Serata del {day} · {games} partite", games
    ).format(day=f"{evening:%d/%m/%Y}", games=games)


def leaderboard_note() -> str:
    return _(
        "L'abilità (OpenSkill) sale quando arrivi davanti a chi è forte e scende quando finisci "
        "dietro a chi lo è meno; conta il piazzamento finale di ogni partita."
    )


def provisional_note() -> str:
    return _("(provvisorio) = meno di 3 partite.")


#: Rows a leaderboard shows: one Telegram message holds at most 4096 characters.
LEADERBOARD_ROWS = 30


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


def stats_one_name() -> str:
    return _("Scrivi un nome solo: /stats Anna, oppure /stats per il gruppo.")


def nothing_to_export() -> str:
    return _("Non c'è ancora nessuna mano da esportare: giocate con /nuova e /mano.")


def rating_rows(lines: Sequence[LeaderboardLine]) -> str:
    """A game's rating ladder: a row per player, the best first."""
    return "\n".join(_leaderboard_rows(lines))


def rating_notes(lines: Sequence[LeaderboardLine]) -> tuple[str, ...]:
    """What explains a rating ladder: who is provisional, what the skill is."""
    provisional = any(line.provisional for line in lines[:LEADERBOARD_ROWS])
    return ((provisional_note(),) if provisional else ()) + (leaderboard_note(),)


def ladders(rated: Sequence[tuple[str, str, Sequence[str]]], others: Sequence[str]) -> str:
    """``/classifica generale``: the rating ladders (each game's name, rows and notes) under
    one heading, each under its game's name when there are several, their notes once; then
    each other ladder, with its own heading."""
    parts = []
    if rated:
        rows = [r for _, r, _ in rated] if len(rated) == 1 else [f"{n}\n{r}" for n, r, _ in rated]
        notes = list(dict.fromkeys(note for _, _, said in rated for note in said))
        parts.append(ladders_heading() + "\n" + "\n\n".join(rows) + "\n\n" + "\n".join(notes))
    return "\n\n".join([*parts, *others])


def ladders_heading() -> str:
    return _("🏆 Classifica generale")


def king_of_the_night(won: Sequence[str]) -> str:
    """``👑 Re della serata: Anna con 2 vittorie.`` over every game's winners (one each time
    they won a game tonight); nothing without a winner."""
    wins: dict[str, int] = {}
    for winner in won:
        wins[winner] = wins.get(winner, 0) + 1
    best = max(wins.values(), default=0)
    if not best:
        return ""
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
    return line.format(players=names(kings), count=best)


def night_summary(
    evening: date, games: int, panels: Sequence[str], won: Sequence[str], *, titled: bool
) -> str:
    """Tonight: its title, each game's panel (``titled``: each under its game's name), the
    king of the night over all of them."""
    title = f"🌙 {night_title(evening, games)}\n"
    body = ("\n" if titled else "") + "\n\n".join(panels)
    king = king_of_the_night(won)
    return title + body + (f"\n\n{king}" if king else "")


def no_figures_yet(player: str) -> str:
    return f"📊 {player}\n" + _("Nessuna partita finita, per ora.")


def chat_stats_heading() -> str:
    return _("📊 Statistiche del gruppo")


def chat_stats_footer() -> str:
    return _("Per un giocatore: /stats Nome · la classifica di sempre: /classifica generale")


def game_counts(played: GameCounts) -> str:
    """A game's share of ``/stats`` when it has no panel of its own: what the chat played."""
    games = ngettext("{count} partita finita", "{count} partite finite", played.finished)
    deals = ngettext("{count} mano", "{count} mani", played.deals)
    line = f"{games.format(count=played.finished)}, {deals.format(count=played.deals)}"
    if played.running:
        line += " · " + _("una in corso")
    return line + "."


def rating_panel(title: str, line: LeaderboardLine) -> str:
    """A player's share of a game that has no panel of its own: its rating ladder's line."""
    won = ngettext("{count} vinta", "{count} vinte", line.wins).format(count=line.wins)
    games = ngettext("{count} partita finita", "{count} partite finite", line.games)
    return f"📊 {title} · {line.player}\n" + _(
        "{games}, {won} ({percent}) · posizione media {place}"
    ).format(
        games=games.format(count=line.games),
        won=won,
        percent=percent(line.wins, line.games),
        place=decimal(line.average_place),
    )


def night_line(started: str, running: bool, deals: int) -> str:
    """A game of the night, for a game that has no panel of its own."""
    hands = ngettext("{count} mano", "{count} mani", deals).format(count=deals)
    return f"{started} · {hands}: " + (_("in corso") if running else _("finita"))


def export_caption(rows: int) -> str:
    return ngettext(
        "📄 {rows} riga, una per giocatore per mano.",
        "📄 {rows} righe, una per giocatore per mano.",
        rows,
    ).format(rows=rows)
