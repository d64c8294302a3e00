"""What the points game's form on the table's screen says."""

from __future__ import annotations

from bot.i18n import _


def title(name: str | None, number: int) -> str:
    return _("{game} · smazzata {number}").format(game=name or _("Punti"), number=number)


def hint() -> str:
    return _("I punti di ognuno: tocca i punti e scrivili col tastierino; «−» per i negativi.")


def points() -> str:
    return _("Punti")


def points_of(side: str) -> str:
    return _("i punti di {side}").format(side=side)


def sign() -> str:
    return _("Segno")


def positive() -> str:
    return "+"


def negative() -> str:
    return "−"
