"""Chi vince? The forecast's line under each hand, and /previsione's chart."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import _
from bot.texts.forecast_lines import each_chance_line, forecast_line


def line(chances: Mapping[str, float], *, to_final: bool) -> str:
    """ "Chi vince? Anna 61% · Bruno 24% · Carlo 15%"; at a tournament's table, the chances to
    reach the final."""
    if to_final:
        return each_chance_line(_("Chi va in finale?"), chances)
    return forecast_line(_("Chi vince?"), chances)


def chart_title(label: str, *, to_final: bool) -> str:
    """``label``: the table's ("Tavolo 1 · "), or nothing."""
    if to_final:
        return label + _("Chi va in finale? Il tavolo mano per mano")
    return label + _("Chi vince? La partita mano per mano")


def hands_label() -> str:
    return _("mani giocate")


def chance_label(*, to_final: bool) -> str:
    if to_final:
        return _("probabilità di andare in finale")
    return _("probabilità di vittoria")


def chart_caption(*, to_final: bool) -> str:
    if to_final:
        return _(
            "📈 La probabilità di ognuno di andare in finale dopo ogni mano, giocando molte "
            "volte il resto del tavolo con le abitudini di gioco di questa chat."
        )
    return _(
        "📈 La probabilità di vincere di ognuno dopo ogni mano, giocando molte volte il resto "
        "della partita con le abitudini di gioco di questa chat."
    )
