"""Mistakes every game's parsers share: a name that is not one, an argument a command does
not take; and what every game answers when a shared action refuses (each game may say it in
its own words instead: ``bot.table.Game.rule_texts``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import _
from bot.names import close
from bot.texts.common import _quoted, command_name, names, some_names


def did_you_mean(token: str, players: Sequence[str]) -> str:
    """ " Intendevi Anna?" when what was typed is close to exactly one player's name."""
    near = close(token, players)
    return " " + _("Intendevi {player}?").format(player=near) if near is not None else ""


def bad_name(token: str) -> str:
    return _(
        "«{token}» non va bene come nome: usa lettere (anche numeri dopo la prima), "
        "senza spazi, virgole o =, al massimo 32 caratteri."
    ).format(token=token)


def name_is_a_card(token: str) -> str:
    return _("«{token}» si confonde con una carta o un numero: usa un nome più lungo.").format(
        token=token
    )


def invisible_name(token: str) -> str:
    return _(
        "Il nome «{token}» contiene caratteri invisibili: scrivilo con lettere normali."
    ).format(token=token)


def no_arguments(command: str, typed: str) -> str:
    return _(
        "/{command} si scrive da solo, senza altro: «{typed}» non lo capisco. "
        "Non ho cambiato nulla; scrivi solo /{command}."
    ).format(command=command_name(command), typed=_quoted(typed))


def unknown_stats_player(token: str, players: Sequence[str]) -> str:
    if not players:
        return _("Nessun giocatore «{token}» in questa chat: qui non si è ancora giocato.").format(
            token=token
        )
    return _("Nessun giocatore «{token}» in questa chat. Giocatori: {players}.").format(
        token=token, players=some_names(players)
    ) + did_you_mean(token, players)


def game_annulled() -> str:
    return _("L'ultima partita è stata annullata: non conta in nessuna classifica.")


def leaderboard_empty() -> str:
    return _("Nessuna partita finita in questa chat: la classifica generale comincia con la prima.")


def nothing_to_draw() -> str:
    return _("Non c'è ancora nessuna mano da disegnare: registra la prima con /mano.")


def no_games_tonight() -> str:
    return _("Stasera non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo.")


def already_running() -> str:
    return _("La partita è già in corso.")


def over_by_its_rules() -> str:
    return _(
        "L'ultima partita è finita da sé, per le sue regole: per riaprirla togli l'ultima "
        "mano con /{undo}."
    ).format(undo=command_name("annulla"))


def fix_closed_game() -> str:
    return _(
        "L'ultima partita è stata chiusa con /{end}: /{reopen} la riapre, poi si corregge."
    ).format(end=command_name("fine"), reopen=command_name("riapri"))


def nothing_to_undo() -> str:
    return _("Non c'è niente da annullare.")


def undo_closed_game() -> str:
    return _(
        "L'ultima partita è stata chiusa con /{end}: /{reopen} la riapre, poi /{undo} toglie "
        "l'ultima cosa registrata."
    ).format(end=command_name("fine"), reopen=command_name("riapri"), undo=command_name("annulla"))


def game_running(players: Sequence[str]) -> str:
    if players:
        return _(
            "C'è già una partita in corso ({players}). Chiudila con /fine prima di iniziarne "
            "un'altra."
        ).format(players=names(players))
    return _("C'è già una partita in corso. Chiudila con /fine prima di iniziarne un'altra.")


def other_game_running(game: str, players: Sequence[str], *, tournament: bool) -> str:
    """``/nuova`` (``/torneo``) of one game while another game runs."""
    if tournament:
        return _(
            "C'è un torneo di {game} in corso: chi l'ha iniziato lo chiude con /{end} prima di "
            "iniziare un'altra partita."
        ).format(game=game, end=command_name("fine"))
    return _(
        "C'è una partita di {game} in corso ({players}): chiudetela con /{end} prima di "
        "iniziarne un'altra."
    ).format(game=game, players=some_names(players), end=command_name("fine"))


def tournament_running() -> str:
    return _(
        "C'è un torneo in corso in questa chat: chi l'ha iniziato lo chiude con /{end}."
    ).format(end=command_name("fine"))


def nobody_played() -> str:
    return _("In questo gruppo non ha ancora giocato nessuno: iniziate con /nuova.")


def never_played(name: str, players: Sequence[str]) -> str:
    return _("{player} non ha mai giocato in questo gruppo. Giocatori: {players}.").format(
        player=name, players=some_names(players)
    ) + did_you_mean(name, players)


def closed_already() -> str:
    return _("Questa partita è già chiusa.")
