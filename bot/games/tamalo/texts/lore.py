"""The lore: ``/regole``, ``/mosse``, ``/mossa``, ``/dicono``."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tamalo.lore import MOVE_BY_KEY, MOVES, RUMOURS, Move
from bot.games.tamalo.texts.words import end_rule, mode_name, options_line
from bot.i18n import _, ngettext
from scoring.tamalo import Mode, Rules


def rules_summary_text() -> str:
    return _("""\
📜 Tamalo in breve
Ognuno ha 4 carte coperte davanti e prima di cominciare può sbirciare solo le due più \
vicine. Al proprio turno si pesca, si tiene o si butta; appena qualcuno scarta un numero, \
chiunque ne abbia uno uguale può buttarlo sopra al volo. Le carte dal 7 in su scartate \
danno un potere: guardare una propria carta (7, 8), una altrui (9, 10), scambiarne due \
alla cieca (Jack, Donna), o col Re nero sbirciarne una altrui e decidere se scambiarla.
Chi crede di avere il totale più basso chiama «Tamalo»: gli altri fanno un ultimo giro e \
poi si conta. Sotto i 5 punti non si prende nulla. Chi ha chiamato prende 15 se qualcuno ha \
meno di lui, e 15 più il suo totale se ha più di 5. Il Re rosso vale 0, il Re nero 13.
Ogni mano si segna con /mano; quando qualcuno arriva alla soglia la partita è finita e \
vince chi ha meno punti.""")


def contro_points() -> str:
    return _("""\
📋 Punti del ControTamalo (ogni mano):
Tamalo riuscito −2, sbagliato +2
ControTamalo riuscito −3, sbagliato +3
chi batte il ControTamalo −3, altrimenti chi batte il Tamalo −2
finite le carte −2
totale 0–4: −1 · 5–9: 1 · 10–19: 2 · 20–29: 3 · poi uno in più ogni 10""")


def rules_summary(rules: Rules | None) -> str:
    """The rules in short, and how this chat is playing (its running game), if it is: in
    ControTamalo, its points table (rulebook, table 3.1), since hands score by it."""
    if rules is None:
        mode = _("Nessuna partita in corso: /nuova Anna Bruno Carlo parte con la classica a 100.")
    else:
        mode = (
            _("La partita in corso è {mode}, {end}.").format(
                mode=mode_name(rules), end=end_rule(rules)
            )
            + "\n"
            + options_line(rules)
        ).rstrip()
        if rules.mode is Mode.CONTRO:
            mode += "\n\n" + contro_points() + "\n"
    return f"{rules_summary_text()}\n\n{mode}\n" + _(
        "Le mosse con un nome: /mosse · una curiosità: /dicono"
    )


def _move_line(move: Move) -> str:
    return f"• {_(move.name)}: {_(move.meaning)}"


def moves_glossary() -> str:
    allowed = [_move_line(m) for m in MOVES if not m.forbidden]
    forbidden = [_move_line(m) for m in MOVES if m.forbidden]
    return (
        _("🎭 Mosse degne di un nome")
        + "\n"
        + "\n".join(allowed)
        + "\n\n"
        + _("🚫 Mosse proibite")
        + "\n"
        + "\n".join(forbidden)
        + "\n\n"
        + _("Segna chi l'ha fatta: /mossa coppiona Anna (finisce nelle sue /stats).")
    )


def move_empty() -> str:
    return _("Scrivi la mossa e chi l'ha fatta: /mossa coppiona Anna. Tutte le mosse: /mosse")


def move_who(move: Move) -> str:
    return _("Chi ha fatto la {move}? Un nome solo: /mossa {key} Anna.").format(
        move=_(move.name), key=move.key
    )


def unknown_move(typed: str) -> str:
    return _("«{typed}» non è una mossa che conosco. L'elenco: /mosse").format(typed=typed)


def move_recorded(move: Move, player: str, times: int) -> str:
    frown = _(" (mossa proibita! 👀)") if move.forbidden else ""
    count = ngettext("la prima volta", "{count} volte in tutto", times).format(count=times)
    return f"🎭 {_(move.name)} " + _("di {player}{frown}: segnata, {count}.").format(
        player=player, frown=frown, count=count
    )


def moves_line(moves: Sequence[tuple[str, int]]) -> str:
    """A player's hall of fame: each named move and how many times."""
    shown = " · ".join(f"{_(MOVE_BY_KEY[key].name)} ×{count}" for key, count in moves)
    return _("Albo delle mosse: {moves}").format(moves=shown)


def hall_of_fame(moves: Sequence[tuple[str, str, int]]) -> str:
    """The chat's: each move's champion (move key, player, times)."""
    shown = " · ".join(
        f"{_(MOVE_BY_KEY[key].name)}: {player} ×{count}" for key, player, count in moves
    )
    return _("Albo d'oro delle mosse: {moves}").format(moves=shown)


def rumour(index: int) -> str:
    """The ``index``-th "Dicono che…" (``bot.games.tamalo.lore.RUMOURS``)."""
    return _(RUMOURS[index])
