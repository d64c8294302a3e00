"""What the table's bank clerk answers during a night of Tagò: its opening, a hand's pots and
stacks, re-buys, curiosi, standings, the jackpot, and the settle-up. Chips are cents."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tago.amounts import chips, signed_chips, who
from bot.games.tago.seating import left_mark
from bot.games.tago.texts import punto_line, score_line
from bot.i18n import _, ngettext
from bot.texts.common import command_name, euphonic
from scoring.tago import (
    Cashier,
    Completed,
    Deal,
    Night,
    Party,
    Payment,
    PotResult,
    Stakes,
    Standing,
    Table,
)


def table_line(table: Table) -> str:
    """``light 5/300 · ante 2,50 · 10% al jackpot``."""
    stakes = "light" if table.stakes is Stakes.LIGHT else "heavy"
    return _("{stakes} {min_bet}/{stack} · ante {ante} · {percent}% al jackpot").format(
        stakes=stakes,
        min_bet=chips(table.min_bet),
        stack=chips(table.stack),
        ante=chips(table.ante),
        percent=table.jackpot_percent,
    )


def night_opened(night: Night) -> str:
    """``/nuova tago``'s answer: the table, the seats with their stacks, the jackpot."""
    seats = ", ".join(f"{p} {chips(night.ledger.stacks[p])}" for p in night.players)
    return "\n".join(
        [
            _("🃏 Serata di Tagò: {table}").format(table=table_line(night.table)),
            _("Al tavolo: {seats}").format(seats=seats),
            _("Primo mazziere: {dealer}").format(dealer=night.players[night.first_dealer]),
            *share_rounded(night.table),
            jackpot_reply(night.jackpot),
        ]
    )


def share_rounded(table: Table) -> list[str]:
    """When the jackpot's share of an ante is no whole number of cents: what goes, and where
    the rest does (``Table.jackpot_share``)."""
    if not table.ante * table.jackpot_percent % 100:
        return []
    return [
        _(
            "Di ogni ante vanno al jackpot {share} (il {percent}% di {ante}, arrotondato al "
            "centesimo per difetto): il resto resta nel piatto."
        ).format(
            share=chips(table.jackpot_share), percent=table.jackpot_percent, ante=chips(table.ante)
        )
    ]


def hand_reply(night: Night, deal: Deal, completed: Completed | None = None) -> str:
    """A hand recorded: the showdown, who folded (and who, left out of the report, folded
    with the ante or sat out: ``completed``), the antes' share to the jackpot, each pot with
    who contested and who won it, odd cents, a ZERO's jackpot, and every stack after it."""
    unwritten = completed.unwritten if completed is not None else ()
    result = deal.result
    lines = [
        _("🃏 Mano {number} · mazziere {dealer}, primo di mano {first}").format(
            number=deal.number, dealer=deal.dealer, first=deal.first_player
        )
    ]
    if result.showdown is not None:
        lines.append(punto_line(result.showdown.punto))
        lines += [score_line(line) for line in result.showdown.lines]
    else:
        lines.append(
            _("Gli altri hanno lasciato: {player} prende tutto senza mostrare.").format(
                player=deal.hand.live[0]
            )
        )
    for playoff in result.playoffs:
        lines.append(_("⚔️ Spareggio: {players}").format(players=who(playoff.players)))
        lines += [score_line(line) for line in playoff.lines.values()]
        out = [player for player in playoff.players if player not in playoff.lines]
        if out:
            lines.append(_("Lasciano lo spareggio: {players}").format(players=who(out)))
    folded = [e.player for e in deal.hand.entries if e.folded and e.player not in unwritten]
    if folded:
        lines.append(_("Lasciano la mano: {players}").format(players=who(folded)))
    if completed is not None:
        lines += left_out_lines(completed, night.table.stack)
    if result.jackpot_in:
        lines.append(
            _("🎰 Al jackpot dalle ante: {amount} ({count} × {share})").format(
                amount=chips(result.jackpot_in),
                count=len(deal.hand.entries),
                share=chips(night.table.jackpot_share),
            )
        )
    lines += pots_lines(result.pots)
    if result.jackpot_winner is not None and deal.jackpot_won:
        lines.append(
            _("🎉 ZERO di {player}: vince il jackpot, {amount}!").format(
                player=result.jackpot_winner, amount=chips(deal.jackpot_won)
            )
        )
    elif result.jackpot_winner is not None:
        lines.append(
            _("🎉 ZERO di {player}: vincerebbe il jackpot, ma è vuoto.").format(
                player=result.jackpot_winner
            )
        )
    lines.append(_("Fiches dopo la mano:"))
    lines += stacks_after(deal)
    lines.append(jackpot_reply(deal.jackpot))
    return "\n".join(lines)


def left_out_lines(completed: Completed, stack: int) -> list[str]:
    """Who the report left out: folded before betting, paying the ante (RULES-tago.md,
    "Each hand, every player pays the ante"), or sitting out without chips for it."""
    lines = []
    if unwritten := completed.unwritten:
        lines.append(
            ngettext(
                "{players} lascia (non era nella mano scritta: paga l'ante).",
                "{players} lasciano (non erano nella mano scritta: pagano l'ante).",
                len(unwritten),
            ).format(players=who(unwritten))
        )
    if out := completed.sitting_out:
        lines.append(
            ngettext(
                "{players} non gioca: ha meno dell'ante (per tornare in gioco: /{rebuy} "
                "{player} {amount}).",
                "{players} non giocano: hanno meno dell'ante (per tornare in gioco: /{rebuy} "
                "{player} {amount}).",
                len(out),
            ).format(
                players=who(out), player=out[0], amount=chips(stack), rebuy=command_name("ricarica")
            )
        )
    return lines


def pots_lines(pots: Sequence[PotResult]) -> list[str]:
    """``💰 Piatto principale 490 · Anna, Bruno, Carlo → Bruno``, then the side pots; a split
    with each share and the odd cents; a bet nobody called, handed back."""
    called = [pot for pot in pots if not pot.pot.uncalled]
    lines: list[str] = []
    for pot in pots:
        winners = pot.winners
        if pot.pot.uncalled:  # no pot: the chips go back to who bet them
            lines.append(handed_back(winners[0], pot.pot.amount))
            continue
        index = called.index(pot)
        name = _("Piatto principale") if index == 0 else _("Piatto laterale {n}").format(n=index)
        if len(called) == 2 and index == 1:
            name = _("Piatto laterale")
        if len(pot.pot.contestants) == 1:  # the others folded: their chips are in it
            lines.append(
                _("💰 {pot} {amount} → {winner}").format(
                    pot=name, amount=chips(pot.pot.amount), winner=winners[0]
                )
            )
            continue
        line = _("💰 {pot} {amount} · {contestants} → {winners}").format(
            pot=name,
            amount=chips(pot.pot.amount),
            contestants=", ".join(pot.pot.contestants),
            winners=who(winners),
        )
        if len(winners) > 1:
            line += " " + split_text(pot)
        lines.append(line)
    return lines


def handed_back(player: str, amount: int) -> str:
    """``↩️ Fiches restituite ad Anna: 5 (nessuno le ha coperte)``."""
    if euphonic(player, "a"):
        line = _("↩️ Fiches restituite ad {player}: {amount} (nessuno le ha coperte)")
    else:
        line = _("↩️ Fiches restituite a {player}: {amount} (nessuno le ha coperte)")
    return line.format(player=player, amount=chips(amount))


def split_text(pot: PotResult) -> str:
    """``(diviso: Anna 2,51, Carlo 2,50; 1 centesimo dispari ad Anna)``."""
    shares = ", ".join(f"{p} {chips(pot.shares[p])}" for p in pot.winners)
    if not pot.odd_cents:
        return _("(diviso: {shares})").format(shares=shares)
    least = min(pot.shares.values())
    extra = [p for p in pot.winners if pot.shares[p] > least]
    odd = ngettext(
        "{count} centesimo in più: {players}",
        "{count} centesimi in più, uno a testa: {players}",
        pot.odd_cents,
    ).format(count=pot.odd_cents, players=who(extra))
    return _("(diviso: {shares}; {odd})").format(shares=shares, odd=odd)


def stacks_after(deal: Deal) -> list[str]:
    """Every stack after the hand, with what the hand won or lost (re-buys aside)."""
    lines = []
    played = {entry.player: entry for entry in deal.hand.entries}
    for player, stack in deal.stacks.items():
        if player in deal.left:  # cashed out before the hand
            continue
        line = f"{player} {chips(stack)}"
        entry = played.get(player)
        if entry is not None:
            change = deal.result.winnings[player] - entry.paid
            if player == deal.result.jackpot_winner:
                change += deal.jackpot_won
            line += f" ({signed_chips(change)})"
            if entry.rebuy:
                line += " " + _("ricarica {amount}").format(amount=chips(entry.rebuy))
        lines.append(line)
    return lines


def rebuy_reply(night: Night, player: str, amount: int) -> str:
    return _(
        "💶 {player} ricarica {amount}: ora ha {stack} (fiches comprate in tutto: {bought})."
    ).format(
        player=player,
        amount=chips(amount),
        stack=chips(night.ledger.stacks[player]),
        bought=chips(night.ledger.bought_in[player]),
    )


def curious_reply(night: Night, players: Sequence[str]) -> str:
    paid = ngettext(
        "👀 {players} paga {ante} per vedere la carta coperta: va al jackpot.",
        "👀 {players} pagano {ante} a testa per vedere la carta coperta: va al jackpot.",
        len(players),
    ).format(players=who(players), ante=chips(night.table.ante))
    return paid + "\n" + jackpot_reply(night.jackpot)


def jackpot_reply(jackpot: int, grown: int | None = None) -> str:
    """``/jackpot``: the chat's jackpot, which carries over from night to night; with a night
    running, what it grew by tonight."""
    line = _("🎰 Jackpot: {amount}").format(amount=chips(jackpot))
    if grown:
        line += " " + _("(stasera {change})").format(change=signed_chips(grown))
    return line


def stacks_reply(night: Night) -> str:
    """``/classifica`` during a night: best result first (chips − bought in), each with their
    chips and what they bought (who left with the chips they cashed out, marked)."""
    lines = [
        _("🃏 Classifica della serata, per risultato ({table})").format(
            table=table_line(night.table)
        )
    ]
    lines += [
        result_line(night, s) + (f" · {left_mark()}" if s.player in night.ledger.left else "")
        for s in night.standings()
    ]
    lines.append(jackpot_reply(night.jackpot, night.jackpot_grown))
    return "\n".join(lines)


def result_line(night: Night, standing: Standing) -> str:
    """``1. Anna +300 (fiches 900, comprate 600)``."""
    return _("{rank}. {player} {result} (fiches {stack}, comprate {bought})").format(
        rank=standing.rank,
        player=standing.player,
        result=signed_chips(standing.result),
        stack=chips(standing.stack),
        bought=chips(night.ledger.bought_in[standing.player]),
    )


def party(who_: Party) -> str:
    return _("Cassa del jackpot") if isinstance(who_, Cashier) else who_


def payments_lines(payments: Sequence[Payment]) -> list[str]:
    if not payments:
        return [_("Nessun pagamento: tutti pari.")]
    return [f"{party(p.payer)} → {party(p.payee)} {chips(p.amount)}" for p in payments]


def night_end(night: Night) -> str:
    """``/saldo`` (``/fine``): each player's result (chips − bought in), the jackpot's part,
    and the fewest payments that settle everything, the jackpot's cashier included."""
    lines = [_("🏁 Fine della serata di Tagò. Risultati:")]
    lines += [result_line(night, s) for s in night.standings()]
    lines.append(jackpot_reply(night.jackpot, night.jackpot_grown))
    lines.append(_("Pagamenti:"))
    lines += payments_lines(night.settle_up())
    return "\n".join(lines)
