"""Tamalo's words that several of its texts say: its mode and options, how a game ends, the
lower ControTamalo target, points and quadri, a tournament table's label, and the commands
that type a game or a hand again."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, _, ngettext, pgettext
from bot.texts.common import command_name, names
from play.tamalo.records import GameRecord
from scoring.tamalo import Hand, Mode, Rules

#: The lower target proposed for ControTamalo (hands are worth 1-4 points, not 5-30).
CONTRO_TARGET = 30


def markers_help_text() -> str:
    return _("Nella mano: t=Nome chi chiama Tamalo, f=Nome chi ha finito le carte.")


def markers_help_contro() -> str:
    return _(
        "Nella mano: t=Nome chi chiama Tamalo, ct=Nome chi chiama ControTamalo, "
        "f=Nome chi ha finito le carte."
    )


def cards_hint() -> str:
    return _("Carte: A 2 … 10 J Q KN (re nero, 13) KR (re rosso, 0).")


def value_hint() -> str:
    return _("scrivi un numero (7) o le carte separate da virgole (A,7,KN)")


def mode_name(rules: Rules) -> str:
    scoring_name = "ControTamalo" if rules.mode is Mode.CONTRO else _("classica")
    return (
        _("a 4 Quadri ({scoring})").format(scoring=scoring_name) if rules.quadri else scoring_name
    )


_OPTION_LABELS = (
    ("jokers", N_("con i Jolly (15 punti)")),
    ("tie_beats_caller", N_("pari perde (un pari batte chi chiama Tamalo)")),
    ("six_cards", N_("6 carte")),
    ("dealer_tiebreak", N_("spareggio pesato sul mazziere")),
)


def options_line(rules: Rules) -> str:
    options = [_(label) for flag, label in _OPTION_LABELS if getattr(rules, flag)]
    return _("Opzioni: {options}.").format(options=", ".join(options)) + "\n" if options else ""


def end_rule(rules: Rules) -> str:
    if rules.quadri:
        return _("4 quadri da 4 mani, 16 mani in tutto")
    return _("si chiude a {target} punti").format(target=rules.target)


def lower_target_proposed(rules: Rules) -> bool:
    """ControTamalo hands are worth a few points: a lower target is proposed (RULES.md), but
    not in 4 Quadri, which ends after 16 hands whatever the totals."""
    return rules.mode is Mode.CONTRO and not rules.quadri and rules.target > CONTRO_TARGET


def contro_target_hint(rules: Rules, command: str, *, tournament: bool = False) -> str:
    """The proposal of a lower target: at /nuova a button sets it (Tamalo's ``commands.target``);
    a tournament has started its tables already, so the next one may try it."""
    if not lower_target_proposed(rules):
        return ""
    if not tournament:
        return (
            _(
                "Nel ControTamalo una mano vale pochi punti: a {target} ci vogliono tante mani. "
                "Per una partita più corta, prima della prima mano tocca qui sotto "
                "«{button}»."
            ).format(target=rules.target, button=lower_target_button())
            + "\n"
        )
    target = pgettext("option", "soglia") + f"={CONTRO_TARGET}"
    for word in ("nuova", "torneo"):
        start = f"/{command_name(word)} "
        command = command.replace(start, f"{start}{target} ", 1)
    hint = _(
        "Nel ControTamalo una mano vale pochi punti: a {target} ci vogliono tante mani. "
        "La prossima volta provate {lower}: {command}"
    )
    return hint.format(target=rules.target, lower=target, command=command) + "\n"


def lower_target_button() -> str:
    return _("🎯 Si chiude a {target}").format(target=CONTRO_TARGET)


def option_in_words(option: str) -> str:
    """An option of /nuova as the language in force writes it: ``soglia=50``, ``target=50``."""
    key, equals, value = option.partition("=")
    words = {
        "classica": pgettext("option", "classica"),
        "contro": pgettext("option", "contro"),
        "quadri": pgettext("option", "quadri"),
        "jokes": pgettext("option", "jokes"),
        "pari_perde": pgettext("option", "pari_perde"),
        "6carte": pgettext("option", "6carte"),
        "spareggio": pgettext("option", "spareggio"),
        "soglia": pgettext("option", "soglia"),
        "mazziere": pgettext("option", "mazziere"),
    }
    return words.get(key, key) + equals + value


def command_for(word: str, players: Sequence[str], rules: Rules, first_dealer: int = 0) -> str:
    """The command that starts this game again: /nuova contro pari_perde Anna Bruno …"""
    options = [
        option
        for option, on in (
            (pgettext("option", "contro"), rules.mode is Mode.CONTRO),
            (pgettext("option", "quadri"), rules.quadri),
            (pgettext("option", "jokes"), rules.jokers),
            (pgettext("option", "pari_perde"), rules.tie_beats_caller),
            (pgettext("option", "6carte"), rules.six_cards),
            (pgettext("option", "spareggio"), rules.dealer_tiebreak),
        )
        if on
    ]
    dealer = pgettext("option", "mazziere")
    dealers = [f"{dealer}={players[first_dealer]}"] if first_dealer else []
    return " ".join([f"/{command_name(word)}", *options, *players, *dealers])


def table_label(record: GameRecord) -> str:
    """What names a tournament game in a reply: "Tavolo 1 · ", "Finale · "; else nothing."""
    if record.stage is None:
        return ""
    if record.is_final:
        return _("Finale · ")
    return _("Tavolo {table} · ").format(table=record.stage.value)


def signed(points: int, rules: Rules) -> str:
    """ControTamalo points carry their sign (+2, -3); classic points are never negative."""
    return f"{points:+d}" if rules.mode is Mode.CONTRO else str(points)


def points(count: int) -> str:
    """ "1 punto", "-1 punto", "12 punti": every count of points said in words goes through
    here; the form is the one of the number without its sign (ControTamalo goes below 0)."""
    return ngettext("{count} punto", "{count} punti", abs(count)).format(count=count)


def quadri(count: int) -> str:
    return ngettext("{count} quadro", "{count} quadri", count).format(count=count)


def hand_command(hand: Hand, number: int | None = None) -> str:
    """The command that types ``hand`` again: /mano Anna 3 Bruno 12 t=Anna; with ``number``,
    the /correggi of that hand."""
    if number is None:
        words = [f"/{command_name('mano')}"]
    else:
        words = [f"/{command_name('correggi')}", str(number)]
    words += [f"{report.player} {report.total}" for report in hand.reports]
    if hand.caller is not None:
        words.append(f"t={hand.caller}")
    if hand.counter_caller is not None:
        words.append(f"ct={hand.counter_caller}")
    words += [f"f={player}" for player in hand.players if player in hand.out]
    return " ".join(words)


def _tables(tables: Sequence[Sequence[str]]) -> str:
    line = _("Tavolo {table}: {players}")
    return "\n".join(
        line.format(table=i, players=names(players)) for i, players in enumerate(tables, start=1)
    )
