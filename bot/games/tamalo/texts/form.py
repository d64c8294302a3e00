"""What Tamalo's form on the table's screen says."""

from __future__ import annotations

from bot.i18n import _


def title(number: int) -> str:
    return _("Tamalo · mano {number}").format(number=number)


def hint() -> str:
    return _(
        "Chi ha chiamato Tamalo, poi i punti di ognuno: tocca i punti e scrivili col tastierino."
    )


def hand(number: int) -> str:
    return _("Mano {number}").format(number=number)


def caller() -> str:
    return _("Chi ha chiamato Tamalo")


def counter_caller() -> str:
    return _("Chi ha chiamato ControTamalo")


def nobody() -> str:
    return _("nessuno")


def total() -> str:
    return _("Punti")


def total_of(player: str) -> str:
    return _("i punti di {player}").format(player=player)


def cards_left() -> str:
    return _("Carte")


def has_cards() -> str:
    return _("in mano")


def no_cards() -> str:
    return _("nessuna (fuori)")
