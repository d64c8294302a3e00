"""What Tagò's commands answer: the judge's verdict and the pair question, a hand's pots and
stacks, a night's opening, re-buys, curiosi, standings and settle-up, the jackpot, the odds.

Each text is a function of the engine's values (``scoring.tago``), written in Italian and
looked up in the language in force (``bot.i18n``); chips are cents, card values halves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.tago.amounts import cards, chips, percent, signed_chips, value, who
from bot.games.tago.parsing import choice_data
from bot.i18n import _, ngettext
from scoring.tago import (
    Cashier,
    Category,
    Deal,
    Line,
    Night,
    Odds,
    Party,
    Payment,
    PotResult,
    Punto,
    Showdown,
    Stakes,
    Table,
    punto_options,
)

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


# --- a night ---


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
        "💶 {player} ricarica {amount}: ora ha {stack} (entrato in tutto con {bought})."
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
    """``/classifica`` during a night: each player's chips and result, best first."""
    lines = [_("🃏 Fiches al tavolo ({table})").format(table=table_line(night.table))]
    lines += [
        f"{s.rank}. {s.player} {chips(s.stack)} ({signed_chips(s.result)})"
        for s in night.standings()
    ]
    lines.append(jackpot_reply(night.jackpot, night.jackpot_grown))
    return "\n".join(lines)


def party(who_: Party) -> str:
    return _("la cassa del jackpot") if isinstance(who_, Cashier) else who_


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
            _("{rank}. {player} {result} (fiches {stack}, entrato con {bought})").format(
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
            _("Con una coppia nel PUNTO, {player} sceglie il valore che gli conviene.").format(
                player=chooser
            )
        )
    lines.append(_("Un pari conta come parte del piatto diviso."))
    return "\n".join(lines)
