"""What Tagò's judge and odds answer: the verdict with each player's counted score, the pair
question with its buttons, the odds. A night's replies are in ``night_texts``.

Each text is a function of the engine's values (``scoring.tago``), written in Italian and
looked up in the language in force (``bot.i18n``); chips are cents, card values halves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.games.tago.amounts import cards, chips, percent, value, who
from bot.games.tago.choice import choice_data
from bot.i18n import _, ngettext
from scoring.tago import (
    Category,
    Line,
    Punto,
    Showdown,
    punto_options,
)

if TYPE_CHECKING:
    from scoring.tago.odds import Odds

# --- the judge ---


def category(kind: Category) -> str:
    """The category's name: the game's own words, the same in every language."""
    return kind.name


def punto_line(punto: Punto) -> str:
    """``PUNTO 4,½,0 → 4½``; with a pair, the first player's choice said."""
    line = _("PUNTO {cards} → {value}").format(cards=cards(punto.cards), value=value(punto.value))
    if punto.pair_removed is not None:
        return (
            line
            + " "
            + _("(coppia di {pair} tolta, scelta del primo di mano)").format(
                pair=value(punto.pair_removed)
            )
        )
    if len(punto_options(punto.cards)) > 1:
        return line + " " + _("(la somma, scelta del primo di mano)")
    return line


def score_line(line: Line) -> str:
    """``Anna 4,4,2 → 2, coppia di 4 tolta, a 2½``, ``Bruno 3,1,½ → 4½, VALORE``,
    ``Anna 4,4,4 → TRIS``: the score that counts, the pair rule when used, and the distance
    from the PUNTO or the category."""
    head = f"{line.player} {cards(line.cards)} → "
    if line.category in (Category.ZERO, Category.TRIS):
        return head + category(line.category)
    parts = [value(line.score)]
    if line.pair_removed is not None:
        parts.append(_("coppia di {pair} tolta").format(pair=value(line.pair_removed)))
    if line.category is Category.PUNTEGGIO:
        parts.append(_("a {distance}").format(distance=value(line.distance)))
    else:
        parts.append(category(line.category))
    return head + ", ".join(parts)


def verdict(showdown: Showdown, *, jackpot: int | None = None) -> str:
    """Who wins and with what; a tie is split; a ZERO also takes the jackpot (its amount when
    known)."""
    kind = category(showdown.category)
    if showdown.tie:
        return _("🤝 Pari {players} con {category}: il piatto si divide.").format(
            players=who(showdown.winners), category=kind
        )
    won = _("🏆 Vince {player} con {category}.").format(player=showdown.winners[0], category=kind)
    if showdown.category is Category.ZERO:
        if jackpot is None:
            return won + " " + _("Lo ZERO vince anche il jackpot!")
        return (
            won + " " + _("Lo ZERO vince anche il jackpot: {amount}!").format(amount=chips(jackpot))
        )
    return won


def judge_reply(showdown: Showdown) -> str:
    """``/giudica``'s answer: the PUNTO, each player's counted score, the verdict."""
    lines = [punto_line(showdown.punto), *(score_line(line) for line in showdown.lines)]
    return "\n".join([*lines, verdict(showdown)])


def choice_question(punto: Sequence[int], options: tuple[int, int]) -> str:
    """The PUNTO has a pair and nobody said its value: the first player chooses."""
    return _(
        "Il PUNTO {cards} ha una coppia: vale {total} (la somma) o {third} (coppia tolta). "
        "Quale sceglie il primo di mano?"
    ).format(cards=cards(punto), total=value(options[0]), third=value(options[1]))


def choice_buttons(command: str, options: tuple[int, int]) -> list[tuple[str, str]]:
    """The question's two buttons (label, callback data): the sum, the third card alone."""
    total, third = options
    return [
        (_("{value} (somma)").format(value=value(total)), choice_data(command, total)),
        (_("{value} (coppia tolta)").format(value=value(third)), choice_data(command, third)),
    ]


# --- the odds ---


def odds_reply(
    punto: Sequence[int], shown: Mapping[str, Sequence[int]], odds: Odds, first: str | None = None
) -> str:
    """``/quote``: each player's chance to win the showdown, best first; exact or sampled
    with its error; a PUNTO's pair chosen by the first player as they would."""
    known = cards(punto)
    if len(punto) < 3:
        known += ",?"
    lines = [_("📊 Quote con PUNTO {cards}").format(cards=known)]
    ranked = sorted(shown, key=lambda p: -odds.chances[p])
    for player in ranked:
        error = 0.0 if odds.exact else odds.standard_errors[player]
        lines.append(f"{player} {cards(shown[player])},? → {percent(odds.chances[player], error)}")
    if odds.exact:
        lines.append(
            ngettext(
                "Conto esatto su {count} caso.", "Conto esatto su {count} casi.", odds.draws
            ).format(count=odds.draws)
        )
    else:
        lines.append(
            _("Stima su {count} estrazioni a caso (± un errore standard).").format(count=odds.draws)
        )
    if odds.choices:
        chooser = first or next(iter(shown))
        lines.append(
            _("Con una coppia nel PUNTO, {player} sceglie il valore più conveniente.").format(
                player=chooser
            )
        )
    lines.append(_("Un pari conta come parte del piatto diviso."))
    return "\n".join(lines)


# --- the pair question's buttons, pressed ---


def already_judged() -> str:
    """A button of a question already answered (its message is the verdict now)."""
    return _("Già giudicata: il verdetto è nel messaggio.")


def command_gone(chosen: int) -> str:
    """The button's message no longer answers the command (deleted): nothing to read again."""
    return _(
        "Non trovo più il messaggio con le carte: scrivilo di nuovo con scelta={value}."
    ).format(value=value(chosen))


def stale_button() -> str:
    """A button this version of the bot does not know (or a forged one)."""
    return _("Questo pulsante non vale più: scrivi di nuovo il comando.")
