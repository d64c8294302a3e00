"""The periods a ladder covers (``/classifica generale settimana``): their names, and what is
said when one is mistyped or the chat has no ladder by period."""

from __future__ import annotations

from datetime import date

from bot.i18n import _
from bot.periods import Period


def period_label(period: Period, first: date | None) -> str:
    """ "di sempre", "questa settimana (dal 23/11/2026)"…"""
    day = "" if first is None else f"{first:%d/%m/%Y}"
    if period is Period.WEEK:
        return _("questa settimana (da lunedì {day})").format(day=day)
    if period is Period.MONTH:
        return _("questo mese (dal {day})").format(day=day)
    if period is Period.YEAR:
        return _("quest'anno (dal {day})").format(day=day)
    return _("di sempre")


def not_a_period(typed: str) -> str:
    return _(
        "«{typed}» non è un periodo. Scrivi /classifica generale settimana, mese o anno; "
        "/classifica generale da solo è la classifica di sempre."
    ).format(typed=typed)


def no_ladder_by_period() -> str:
    return _(
        "La classifica per periodo conta le fiches vinte alle serate di Tagò, e in questa chat "
        "non se n'è ancora giocata una. Per la classifica di sempre: /classifica generale."
    )
