"""Tagò's figures as the chat reads them: a player's panel under ``/stats Nome`` and the
ladder of net results under ``/classifica generale``. Chips are cents."""

from __future__ import annotations

from datetime import date

from bot.games.tago.amounts import chips, signed_chips
from bot.i18n import _, ngettext
from bot.periods import Period
from bot.texts.periods import period_label
from play.tago.figures import NetLadder, PlayerFigures
from scoring.tago import Category

#: The categories a hand is won with, strongest first, as the judge names them.
CATEGORIES = (
    Category.ZERO,
    Category.COPIA,
    Category.TRIS,
    Category.VALORE,
    Category.PUNTEGGIO,
)


def player_panel(figures: PlayerFigures) -> str:
    """``/stats Anna``'s Tagò: closed nights and net, the night running apart, hands won by
    category, ZEROs and jackpots."""
    nights = ngettext("{count} serata chiusa", "{count} serate chiuse", figures.nights).format(
        count=figures.nights
    )
    lines = [
        _("🃏 Tagò · {player}").format(player=figures.player),
        _("{nights}, risultato netto {net}").format(nights=nights, net=signed_chips(figures.net)),
    ]
    if figures.running is not None:
        lines.append(
            _("Serata in corso: {result} finora (conta quando si chiude)").format(
                result=signed_chips(figures.running)
            )
        )
    won = sum(figures.won.values())
    by_category = ", ".join(f"{c.name} {figures.won.get(c, 0)}" for c in CATEGORIES)
    lines.append(
        ngettext(
            "Mani vinte: {won} su {count} giocata ({categories})",
            "Mani vinte: {won} su {count} giocate ({categories})",
            figures.hands,
        ).format(won=won, count=figures.hands, categories=by_category)
    )
    if unshown := figures.won.get(None, 0):
        lines.append(
            _("di cui {count} senza showdown (gli altri avevano lasciato)").format(count=unshown)
        )
    jackpots = _("ZERO: {zeros} · jackpot vinti: {jackpots}").format(
        zeros=figures.zeros, jackpots=figures.jackpots
    )
    if figures.jackpots:
        jackpots += f" ({chips(figures.jackpot_chips)})"
    lines.append(jackpots)
    return "\n".join(lines)


def net_ladder(ladder: NetLadder, period: Period, first: date | None) -> str:
    """The net results over ``period`` (from evening ``first``), best first."""
    label = period_label(period, first)
    lines = [_("🏆 Tagò, fiches vinte {period}").format(period=label)]
    for line in ladder.lines:
        nights = ngettext("{count} serata", "{count} serate", line.nights).format(count=line.nights)
        lines.append(f"{line.rank}. {line.player} {signed_chips(line.net)} ({nights})")
    if not ladder.lines and period is Period.ALL:
        lines.append(_("Nessuna serata chiusa, per ora."))
    elif not ladder.lines:
        lines.append(_("Nessuna serata chiusa in questo periodo."))
    if ladder.running:
        lines.append(_("La serata in corso conta quando si chiude (/saldo)."))
    return "\n".join(lines)
