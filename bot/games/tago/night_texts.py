"""What the table's bank clerk answers during a night of Tagò: its opening, a hand's pots and
stacks, re-buys, curiosi, standings, the jackpot, and the settle-up. Chips are cents."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tago.amounts import chips, signed_chips, who
from bot.games.tago.seating import left_mark
from bot.games.tago.texts import punto_line, score_line
from bot.i18n import _, ngettext
from scoring.tago import Cashier, Deal, Night, Party, Payment, PotResult, Stakes, Table


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
            jackpot_reply(night.jackpot),
        ]
    )


def hand_reply(night: Night, deal: Deal) -> str:
    """A hand recorded: the showdown, the antes' share to the jackpot, each pot with who
    contested and who won it, odd cents, a ZERO's jackpot, and every stack after it."""
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
    folded = [entry.player for entry in deal.hand.entries if entry.folded]
    if folded:
        lines.append(_("Lasciano la mano: {players}").format(players=who(folded)))
    if result.jackpot_in:
        lines.append(
            _("🎰 Al jackpot dalle ante: {amount} ({count} × {share})").format(
                amount=chips(result.jackpot_in),
                count=len(deal.hand.entries),
                share=chips(night.table.jackpot_share),
            )
        )
    lines += pots_lines(result.pots)
    if result.jackpot_winner is not None:
        lines.append(
            _("🎉 ZERO di {player}: vince il jackpot, {amount}!").format(
                player=result.jackpot_winner, amount=chips(deal.jackpot_won)
            )
        )
    lines.append(_("Fiches dopo la mano:"))
    lines += stacks_after(deal)
    lines.append(jackpot_reply(deal.jackpot))
    return "\n".join(lines)


def pots_lines(pots: Sequence[PotResult]) -> list[str]:
    """``💰 Piatto principale 490 · Anna, Bruno, Carlo → Bruno``, then the side pots; a split
    with each share and the odd cents."""
    lines: list[str] = []
    for index, pot in enumerate(pots):
        name = _("Piatto principale") if index == 0 else _("Piatto laterale {n}").format(n=index)
        if len(pots) == 2 and index == 1:
            name = _("Piatto laterale")
        winners = pot.winners
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
    """``/classifica`` during a night: each player's chips and result, best first (who left
    with the chips they cashed out, marked)."""
    lines = [_("🃏 Fiches al tavolo ({table})").format(table=table_line(night.table))]
    lines += [
        f"{s.rank}. {s.player} {chips(s.stack)} ({signed_chips(s.result)})"
        + (f" · {left_mark()}" if s.player in night.ledger.left else "")
        for s in night.standings()
    ]
    lines.append(jackpot_reply(night.jackpot, night.jackpot_grown))
    return "\n".join(lines)


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
    for s in night.standings():
        lines.append(
            _("{rank}. {player} {result} (fiches {stack}, comprate {bought})").format(
                rank=s.rank,
                player=s.player,
                result=signed_chips(s.result),
                stack=chips(s.stack),
                bought=chips(night.ledger.bought_in[s.player]),
            )
        )
    lines.append(jackpot_reply(night.jackpot, night.jackpot_grown))
    lines.append(_("Pagamenti:"))
    lines += payments_lines(night.settle_up())
    return "\n".join(lines)
