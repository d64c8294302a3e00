"""Mistakes in what was typed: each says what was wrong and what to type instead."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tamalo.texts.words import cards_hint, value_hint
from bot.i18n import N_, _, ngettext
from bot.names import close
from bot.texts.common import _quoted, command_name, names
from bot.texts.mistakes import did_you_mean
from scoring.tamalo import Mode, Rules


def new_game_empty() -> str:
    return _("Scrivi chi gioca, nell'ordine in cui siete seduti: /nuova Anna Bruno Carlo.")


def new_game_one_player() -> str:
    return _("Servono almeno due giocatori: /nuova Anna Bruno.")


#: ``/entra Ana nuovo``: Ana is a new player, however close to a seated one.
NEW_PLAYER_WORDS = frozenset({"nuovo", "nuova", "new"})


def join_meant(name: str, player: str) -> str:
    """``/entra Ana`` with Anna seated: most likely a typo."""
    return _(
        "Intendevi {player}? {player} gioca già in questa partita, e non faccio entrare "
        "{name} per un errore di battitura. Se {name} è davvero un'altra persona: "
        "/entra {name} nuovo."
    ).format(name=name, player=player)


def join_new_button(name: str) -> str:
    """The button under ``join_meant``: seats ``name`` as ``/entra {name} nuovo`` would."""
    return _("➕ Fai entrare {name}").format(name=name)


def join_pressed_again(player: str) -> str:
    return _("{player} gioca già in questa partita: non ho cambiato nulla.").format(player=player)


def join_too_late(name: str) -> str:
    """The button pressed once the game it was asked about is closed (or annulled)."""
    return _("Quella partita è chiusa: non ho fatto entrare {name}.").format(name=name)


def hand_empty() -> str:
    return _(
        "Scrivi il totale di ogni giocatore: /mano Anna 3 Bruno 12 t=Anna, "
        "oppure solo i totali nell'ordine dei posti: /mano 3 12 t=Anna; "
        "oppure /mano da solo, e la inserisci con i pulsanti."
    )


def duplicate_player(player: str) -> str:
    return _("Hai scritto {player} due volte: ogni giocatore va scritto una volta sola.").format(
        player=player
    )


def unknown_player(token: str, players: Sequence[str], *, joinable: bool = True) -> str:
    """``joinable``: the game takes late joiners (not 4 Quadri, a tournament, six cards)."""
    near = close(token, players)
    if near is not None and joinable:
        line = _(
            "{token} non gioca in questa partita: intendevi {player}? Giocano: {players}. "
            "Se è un'altra persona arrivata a partita iniziata, entra con /entra {token}."
        )
    elif near is not None:
        line = _("{token} non gioca in questa partita: intendevi {player}? Giocano: {players}.")
    elif joinable:
        line = _(
            "{token} non gioca in questa partita. Giocano: {players}. "
            "Chi arriva a partita iniziata entra con /entra {token}."
        )
    else:
        line = _(
            "{token} non gioca in questa partita, e in questa partita non si entra a gioco "
            "iniziato. Giocano: {players}."
        )
    return line.format(token=token, player=near, players=names(players))


def waits_for_final(player: str, players: Sequence[str]) -> str:
    """A finalist of a tournament table that has ended, named at the other table."""
    return _(
        "{player} ha già finito al suo tavolo ed è in finale: aspetta che finisca l'altro "
        "tavolo. Qui giocano: {players}."
    ).format(player=player, players=names(players))


def out_of_tournament(player: str, players: Sequence[str]) -> str:
    """A player of a tournament table that has ended, not in the final, named elsewhere."""
    return _(
        "{player} ha già finito al suo tavolo e non è in finale. Qui giocano: {players}."
    ).format(player=player, players=names(players))


def cards_with_commas(player: str, cards: str) -> str:
    return _("Le carte di {player} vanno unite da virgole, senza spazi: {player} {cards}.").format(
        player=player, cards=cards
    )


def name_looks_like(name: str, player: str) -> str:
    return _(
        "«{name}» si confonde a vista con {player} (lettere di un altro alfabeto o accenti "
        "diversi): se è {player}, scrivi {player}; se no, scegli un nome che si distingua."
    ).format(name=name, player=player)


def names_nobody(command: str, typed: str, players: Sequence[str]) -> str:
    line = _(
        "/{command} si scrive da solo, o in un torneo con il nome di un giocatore del tavolo "
        "(/{command} {player}). «{typed}» non gioca: non ho cambiato nulla."
    )
    shown = line.format(command=command_name(command), player=players[0], typed=_quoted(typed))
    return shown + did_you_mean(typed, players)


def not_in_this_hand(player: str, players: Sequence[str], number: int | None) -> str:
    if number is None:
        line = _("{player} non giocava in questa mano: scrivi solo {players}.")
    else:
        line = _("{player} non giocava nella mano {number}: scrivi solo {players}.")
    return line.format(player=player, number=number, players=names(players))


def left_for_good(player: str) -> str:
    return _(
        "{player} ha lasciato questa partita e non può rientrare: giocherà la prossima."
    ).format(player=player)


def missing_players(missing: Sequence[str]) -> str:
    return _(
        "Manca il totale di {players}: ogni giocatore ha bisogno di un valore "
        "(0 se ha finito le carte)."
    ).format(players=names(missing))


def too_many_players(limit: int) -> str:
    return _("Al massimo {limit} giocatori per partita.").format(limit=limit)


def hand_examples(players: Sequence[str]) -> tuple[str, str]:
    """A hand of ``players`` to copy: by name (``Anna 3 Bruno 12``), by seat (``3 12``)."""
    totals = [(3, 12, 7, 0, 9, 21)[seat % 6] for seat in range(len(players))]
    pairs = " ".join(f"{p} {t}" for p, t in zip(players, totals, strict=True))
    return pairs, " ".join(str(t) for t in totals)


def not_a_hand(token: str, players: Sequence[str]) -> str:
    """A hand with no total in it and a word that is no player (``/mano abc``)."""
    pairs, totals = hand_examples(players)
    return _(
        "«{token}» non è una mano: manca il totale di ognuno. Scrivi /mano {pairs}, oppure "
        "solo i totali nell'ordine dei posti: /mano {totals}."
    ).format(token=token, pairs=pairs, totals=totals)


def name_glued_to_total(token: str, hand: str) -> str:
    """``Anna3``: a player's name and total with no space between; ``hand``: all of it right."""
    return _("«{token}»: tra il nome e il totale ci vuole uno spazio. Scrivi /mano {hand}").format(
        token=token, hand=hand
    )


def value_without_name(token: str) -> str:
    return _(
        "«{token}» non ha un nome davanti: scrivi nome e totale di ognuno, "
        "/mano Anna 3 Bruno 12, oppure solo i totali nell'ordine dei posti."
    ).format(token=token)


def missing_value(player: str) -> str:
    return _("Manca il totale di {player}: scrivi per esempio «{player} 7».").format(player=player)


def wrong_count(given: int, players: Sequence[str]) -> str:
    return ngettext(
        "Hai scritto {given} totale, ma giocano in {count}: "
        "{players}. Scrivi un totale per ognuno, nell'ordine dei posti, "
        "oppure nome e totale: /mano Anna 3 Bruno 12.",
        "Hai scritto {given} totali, ma giocano in {count}: "
        "{players}. Scrivi un totale per ognuno, nell'ordine dei posti, "
        "oppure nome e totale: /mano Anna 3 Bruno 12.",
        given,
    ).format(given=given, count=len(players), players=names(players))


def not_a_value(token: str) -> str:
    return _("«{token}» non è un totale: {hint}.").format(token=token, hint=value_hint())


def negative_value(token: str) -> str:
    return _(
        "«{token}»: un totale non può essere negativo. Chi ha finito le carte scrive 0."
    ).format(token=token)


def value_too_high(token: str, limit: int) -> str:
    return _("«{token}» è troppo per una mano (al massimo {limit}): controlla il totale.").format(
        token=token, limit=limit
    )


def unknown_card(token: str) -> str:
    return _("«{token}» non è una carta.").format(token=token) + " " + cards_hint()


def joker_not_allowed() -> str:
    return _("Il Jolly vale solo nelle partite con i Jolly: qui scrivi le altre carte.")


def markers_hint() -> str:
    return _("t=Nome chi ha chiamato Tamalo, f=Nome chi ha finito le carte")


def markers_hint_contro() -> str:
    return _(
        "t=Nome chi ha chiamato Tamalo, ct=Nome chi ha chiamato ControTamalo, "
        "f=Nome chi ha finito le carte"
    )


_CALLER, _COUNTER, _OUT = (
    N_("chi ha chiamato Tamalo"),
    N_("chi ha chiamato ControTamalo"),
    N_("chi ha finito le carte"),
)
#: What each marker of a hand says (``t=Anna``: Anna called Tamalo).
MARKER_WORDS = {
    "t": _CALLER, "tamalo": _CALLER,
    "ct": _COUNTER, "contro": _COUNTER, "controtamalo": _COUNTER, "counter": _COUNTER,
    "f": _OUT, "fuori": _OUT, "out": _OUT,
}  # fmt: skip


def marker_empty(key: str) -> str:
    return _("Scrivi {what} dopo {key}=, per esempio {key}=Anna.").format(
        what=_(MARKER_WORDS[key]), key=key
    )


def two_marked(key: str, first: str, second: str) -> str:
    what = "Tamalo" if MARKER_WORDS[key] == _CALLER else "ControTamalo"
    return _("{what} lo chiama uno solo: hai scritto {both}. Tieni solo {key}=Nome.").format(
        what=what, both=names((first, second)), key=key
    )


def marked_not_playing(key: str, token: str, players: Sequence[str]) -> str:
    line = _("{key}={token}: {token} non gioca questa mano. Giocano: {players}.").format(
        key=key, token=token, players=names(players)
    )
    if (near := close(token, players)) is not None:
        line += " " + _("Intendevi {key}={player}?").format(key=key, player=near)
    return line


def unknown_option(token: str, rules: Rules) -> str:
    """The markers a hand of this game takes: ``ct=`` only in ControTamalo."""
    hint = markers_hint_contro() if rules.mode is Mode.CONTRO else markers_hint()
    return _("Non capisco «{token}». Dopo i totali puoi scrivere: {hint}.").format(
        token=token, hint=hint
    )


def counter_needs_contro(key: str) -> str:
    return _(
        "Il ControTamalo si chiama solo nelle partite ControTamalo (/nuova contro Anna Bruno …): "
        "togli {key}= da questa mano."
    ).format(key=key)


def counter_without_caller(counter: str) -> str:
    return _(
        "{player} ha chiamato ControTamalo, ma nessuno ha chiamato Tamalo: "
        "aggiungi t=Nome di chi l'ha chiamato."
    ).format(player=counter)


def counter_is_caller(player: str, key: str) -> str:
    return _(
        "{player} non può chiamare Tamalo e ControTamalo nella stessa mano: "
        "{key}= è un altro giocatore."
    ).format(player=player, key=key)


def out_with_cards(player: str, total: int, key: str) -> str:
    return _(
        "{player} ha finito le carte ({key}={player}), quindi ha 0, ma hai scritto {total}: "
        "correggi il totale o togli {key}=."
    ).format(player=player, total=total, key=key)
