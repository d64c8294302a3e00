"""Mistakes in setting a game up or changing it: the options of ``/nuova`` and ``/torneo``, who
joins or leaves, which hand to fix, which table.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.games.tamalo.texts.words import _tables, option_in_words
from bot.i18n import _
from bot.names import fold
from bot.texts.common import command_name, names
from bot.texts.mistakes import did_you_mean


def two_modes() -> str:
    return _("Scegli una modalità sola: classica oppure contro.")


def tiebreak_only_quadri() -> str:
    return _("Lo spareggio col mazziere vale solo a 4 Quadri: /nuova quadri spareggio …")


def six_cards_two_players() -> str:
    return _("La variante a 6 carte si gioca in due: /nuova 6carte Anna Bruno.")


def tournament_no_jokers() -> str:
    return _("Nei tornei i Jolly sono vietati: togli jokes.")


def tournament_plain() -> str:
    return _("Un torneo si gioca con partite normali (classica o contro): togli quadri e 6carte.")


def tournament_no_dealer() -> str:
    return _("Nel torneo i tavoli sono sorteggiati: togli mazziere=.")


def unknown_game_option(token: str) -> str:
    return _(
        "Non capisco «{token}». Opzioni di /nuova: classica, contro, quadri, soglia=N, "
        "jokes, pari_perde, 6carte, spareggio, mazziere=Nome."
    ).format(token=token)


def game_option_in_hand(
    token: str, options: Sequence[str], *, four: bool = False, key: bool = False
) -> str:
    """An option of /nuova typed in a hand: ``options`` in Italian (``soglia=50``), written
    in the chat's words in a /nuova with four players (4 Quadri) or two; ``key``: an option
    with a value, never a name."""
    if four:
        example = _("/nuova {options} Anna Bruno Carlo Dario")
    else:
        example = _("/nuova {options} Anna Bruno")
    if key:
        line = _(
            "«{token}» è un'opzione della partita, non di una mano: si sceglie quando la "
            "partita inizia, per esempio {example}. Riscrivi la mano senza."
        )
    else:
        line = _(
            "«{token}» non è un giocatore: è un'opzione della partita, che si sceglie quando "
            "la partita inizia, per esempio {example}. Riscrivi la mano senza."
        )
    written = " ".join(option_in_words(option) for option in options)
    return line.format(token=token, example=example.format(options=written))


def bad_target(value: str, low: int, high: int) -> str:
    return _(
        "soglia={value}: scrivi un numero di punti tra {low} e {high}, per esempio soglia=50."
    ).format(value=value, low=low, high=high)


def dealer_not_playing(token: str, players: Sequence[str]) -> str:
    return _("mazziere={token}: {token} non gioca. Giocano: {players}.").format(
        token=token, players=names(players)
    ) + did_you_mean(token, players)


def quadri_players(count: int) -> str:
    return _(
        "A 4 Quadri si gioca in 4 esatti, non in {count}: /nuova quadri Anna Bruno Carlo Dario."
    ).format(count=count)


def tournament_players(low: int) -> str:
    return _(
        "Un torneo vuole almeno {low} giocatori: /torneo Anna Bruno Carlo Dario Elena Franco."
    ).format(low=low)


#: Names an example offers for someone joining: the first not at the table.
NEWCOMERS = ("Dario", "Elena", "Franco", "Giulia", "Luca", "Marta", "Nina", "Olga", "Pietro")


def newcomer(players: Sequence[str]) -> str:
    """A name for an example of ``/entra``, nobody's at this table."""
    taken = {fold(p) for p in players}
    spares = itertools.chain(NEWCOMERS, (f"{NEWCOMERS[0]}{n}" for n in itertools.count(2)))
    return next(n for n in spares if fold(n) not in taken)


def _one_at_a_time(command: str, players: Sequence[str]) -> str:
    """ "/entra Dario, poi /entra Elena": the command for each of (at most) two players."""
    commands = [f"/{command_name(command)} {p}" for p in players[:2]]
    return (
        _("{first}, poi {then}").format(first=commands[0], then=commands[1])
        if len(commands) > 1
        else commands[0]
    )


def join_empty(players: Sequence[str]) -> str:
    return _("Scrivi chi entra, per esempio {command}.").format(
        command=_one_at_a_time("entra", [newcomer(players)])
    )


def join_many(joiners: Sequence[str]) -> str:
    """Several names after ``/entra``: the command for each of them (``joiners``)."""
    return _("Entra un giocatore alla volta: {commands}.").format(
        commands=_one_at_a_time("entra", joiners)
    )


def leave_empty(players: Sequence[str]) -> str:
    """``/esci`` alone; the example names someone at the table (``players``)."""
    return _("Scrivi chi lascia la partita, per esempio {command}.").format(
        command=_one_at_a_time("esci", players[-1:])
    )


def leave_many(leavers: Sequence[str]) -> str:
    """Several names after ``/esci``: the command for each of the ``leavers`` at the table."""
    return _("Esce un giocatore alla volta: {commands}.").format(
        commands=_one_at_a_time("esci", leavers)
    )


def fix_empty(played: int, players: Sequence[str]) -> str:
    """``/correggi`` without a hand number: an example with the last hand and the players."""
    example = f"{players[0]} 5 {players[1]} 12 t={players[0]}" if len(players) > 1 else ""
    return _("Scrivi quale mano correggere e come è andata davvero: {command}.").format(
        command=f"/{command_name('correggi')} {max(played, 1)} {example}".rstrip()
    )


def two_tables_named() -> str:
    return _("Hai scritto giocatori di tavoli diversi: ogni mano è di un tavolo solo.")


def no_such_hand(number: str, played: int) -> str:
    if played == 0:
        return _("Non c'è ancora nessuna mano da correggere.")
    if played == 1:
        return _("Non c'è una mano {number}: finora si è giocata solo la mano 1.").format(
            number=number
        )
    return _("Non c'è una mano {number}: le mani giocate vanno da 1 a {played}.").format(
        number=number, played=played
    )


def leaver_not_playing(token: str, players: Sequence[str]) -> str:
    return _("{token} non gioca in questa partita. Giocano: {players}.").format(
        token=token, players=names(players)
    ) + did_you_mean(token, players)


def which_table(tables: Sequence[Sequence[str]]) -> str:
    return _("Si gioca su più tavoli: scrivi i nomi, così capisco quale.") + "\n" + _tables(tables)
