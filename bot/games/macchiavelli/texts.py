"""What the bot says about a home game of Macchiavelli: its start, each deal (each card list's
breakdown, also a tournament table's), the standings, who deals next, the end. A tournament's
words are in ``tournament_texts``. Italian, each text looked up in the chat's language when
called (``bot.i18n``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import _, ngettext, pgettext
from bot.texts.common import command_name, names
from bot.texts.forecast_lines import forecast_line
from scoring.macchiavelli import Deal, Match, Report


def option(word: str) -> str:
    """An option's word as the chat's language writes it: ``smazzate`` or ``deals``."""
    words = {
        "smazzate": pgettext("option", "smazzate"),
        "soglia": pgettext("option", "soglia"),
        "jolly": pgettext("option", "jolly"),
        "singola": pgettext("option", "singola"),
        "carte": pgettext("option", "carte"),
        "mazziere": pgettext("option", "mazziere"),
        "turni": pgettext("option", "turni"),
        "danese": pgettext("option", "danese"),
        "movimento": pgettext("option", "movimento"),
        "misto": pgettext("option", "misto"),
    }
    return words.get(word, word)


def end_rule(match: Match) -> str:
    """How the game ends, in words."""
    rules = match.rules
    if rules.single:
        return _("partita singola: vince chi chiude")
    parts = []
    if rules.deals is not None:
        parts.append(ngettext("{n} smazzata", "{n} smazzate", rules.deals).format(n=rules.deals))
    if rules.target is not None:
        parts.append(_("soglia {target}").format(target=rules.target))
    if not parts:
        return _("a punti, fino a /{end}").format(end=command_name("fine"))
    return _("a punti, fino a {end}").format(end=_(" o ").join(parts))


def match_started(match: Match) -> str:
    jokers = _("con i jolly") if match.rules.jokers else _("senza jolly")
    if (dealt := match.rules.cards_dealt) is not None:
        jokers += ", " + _("{n} carte a testa").format(n=dealt)
    example = example_deal(match.players)
    return _(
        "🃏 Macchiavelli: {players} ({end}, {jokers}).\n"
        "Prima smazzata: distribuisce {dealer}.\n"
        "A fine smazzata scrivete i punti rimasti in mano, un totale o le carte "
        "(chi chiude fa 0): /{command} {example}"
    ).format(
        players=names(match.players),
        end=end_rule(match),
        jokers=jokers,
        dealer=match.dealer_of(1),
        command=command_name("mano"),
        example=example,
    )


#: An example's counts, one per seat (a game seats 8 at most): one closer, a card list.
_EXAMPLE_COUNTS = ("0", "K,A,7", "12", "5", "30", "A,A", "8", "21")


def example_deal(players: Sequence[str]) -> str:
    """``Anna 0 Bruno K,A,7 Carlo 12``: a deal of these players as it is typed."""
    return " ".join(f"{p} {c}" for p, c in zip(players, _EXAMPLE_COUNTS, strict=False))


def count_line(report: Report) -> str:
    """``Bruno K,A,7 = 28``, ``Carlo 12``, ``Anna 0``."""
    if report.cards is None:
        return f"{report.player} {report.points}"
    return f"{report.player} {report.cards.text} = {report.points}"


def deal_lines(deal: Deal, number: int) -> str:
    """A deal's heading (who closed) and each player's count."""
    if deal.closer is None:
        heading = _("Smazzata {n}: nessuno chiude, il tallone è finito.").format(n=number)
    else:
        heading = _("Smazzata {n}: chiude {closer}.").format(n=number, closer=deal.closer)
    return "\n".join([heading, *(count_line(r) for r in deal.reports)])


def standings_lines(match: Match) -> str:
    lines = [f"{s.rank}. {s.player} {s.total}" for s in match.standings()]
    return _("Classifica (vince chi ha meno punti):") + "\n" + "\n".join(lines)


def deal_recorded(match: Match, number: int | None = None) -> str:
    """The reply to ``/mano``: deal ``number`` (default: the last), the standings, and who
    deals next, or the end."""
    number = len(match.deals) if number is None else number
    parts = [deal_lines(match.deals[number - 1], number), standings_lines(match)]
    parts.append(match_over(match) if match.is_over() else next_deal(match))
    return "\n\n".join(parts)


def next_deal(match: Match) -> str:
    upcoming = len(match.deals) + 1
    if (limit := match.rules.deals_in_game) is not None:
        return _("Smazzata {n} di {limit}: distribuisce {dealer}.").format(
            n=upcoming, limit=limit, dealer=match.next_dealer
        )
    return _("Smazzata {n}: distribuisce {dealer}.").format(n=upcoming, dealer=match.next_dealer)


def who_wins(chances: Mapping[str, float]) -> str:
    """The forecast under a deal: "Chi vince? Anna 61% · Bruno 30% · Carlo 9%"."""
    return forecast_line(_("Chi vince?"), chances)


def match_over(match: Match) -> str:
    """The end: who reached the target (if that ended it), and who won."""
    winners = match.winners()
    best = match.totals()[winners[0]] if winners else 0
    reason = ""
    target = match.rules.target
    if target is not None and (over := [p for p, t in match.totals().items() if t >= target]):
        reason = _("{players} a quota {target} o più. ").format(players=names(over), target=target)
    if match.rules.single:
        closer = match.deals[0].closer
        if closer is not None:
            return "🏁 " + _("{closer} chiude e vince la partita!").format(closer=closer)
    if len(winners) == 1:
        won = _("vince {winner} con {points}!").format(winner=winners[0], points=best)
    else:
        won = _("vincono a pari merito {winners} con {points}!").format(
            winners=names(winners), points=best
        )
    played = ngettext("{n} smazzata", "{n} smazzate", len(match.deals)).format(n=len(match.deals))
    return "🏁 " + reason + _("Partita finita dopo {played}: {won}").format(played=played, won=won)


def standings(match: Match, *, running: bool) -> str:
    """``/classifica``: the standings, then who deals next (running) or the end."""
    if not match.deals:
        return match_started(match)
    ending = next_deal(match) if running else match_over(match)
    return standings_lines(match) + "\n\n" + ending


def deal_undone(match: Match, number: int, *, reopened: bool) -> str:
    """The reply to ``/annulla``: the deal taken back, the standings, who deals next."""
    parts = [_("Ho annullato la smazzata {n}.").format(n=number)]
    if reopened:
        parts[0] += " " + _("La partita è di nuovo in corso.")
    if match.deals:
        parts.append(standings_lines(match))
    parts.append(next_deal(match))
    return "\n\n".join(parts)


def deal_fixed(match: Match, number: int, *, reopened: bool) -> str:
    """The reply to ``/correggi N``: deal N as counted now, the standings, and the end or
    who deals next."""
    heading = _("Smazzata {n} corretta.").format(n=number)
    if reopened:
        heading += " " + _("La partita è di nuovo in corso.")
    return heading + "\n\n" + deal_recorded(match, number)


def match_closed(match: Match) -> str:
    """The reply to ``/fine``: the game closed as it stood."""
    if not match.deals:
        return _("Partita di Macchiavelli chiusa, senza smazzate giocate.")
    return _("Partita chiusa.") + "\n\n" + standings_lines(match) + "\n\n" + match_over(match)


def fix_needs_number(match: Match) -> str:
    """``/correggi`` without the deal's number, or without its counts."""
    played = max(len(match.deals), 1)
    which = _("la smazzata 1") if played == 1 else _("da 1 a {played}").format(played=played)
    return _(
        "Scrivi quale smazzata correggere ({which}) e i punti giusti: /{command} {played} "
        "{example}. Non ho cambiato nulla."
    ).format(
        which=which,
        played=played,
        command=command_name("correggi"),
        example=example_deal(match.players),
    )


def edit_changes_nothing() -> str:
    """A ``/mano`` edited in a Macchiavelli game: the deal is fixed with ``/correggi``."""
    return _(
        "Modificare il messaggio non cambia la smazzata: per correggerla scrivi /{command} "
        "N e i punti giusti (/{command} 2 Anna 0 Bruno K,A,7 Carlo 12). Non ho cambiato nulla."
    ).format(command=command_name("correggi"))


def match_reopened(match: Match) -> str:
    """The reply to ``/riapri``: the game runs again from its next deal."""
    heading = _("↩️ Partita riaperta: si riprende dalla smazzata {n}.").format(
        n=len(match.deals) + 1
    )
    if not match.deals:
        return heading + "\n\n" + next_deal(match)
    return heading + "\n\n" + standings_lines(match) + "\n\n" + next_deal(match)


def reopen_ended_by_rules() -> str:
    return _(
        "L'ultima partita è finita secondo le sue regole (smazzate o soglia): per riaprirla "
        "togli l'ultima smazzata con /{command}."
    ).format(command=command_name("annulla"))


def not_for_macchiavelli(command: str) -> str:
    """A shared command the Macchiavelli home game does not take (yet)."""
    return _(
        "/{command} non vale per la partita di Macchiavelli in corso. Per giocarla: "
        "/{deal}, /{undo}, /{fix}, /{standings}, /{end}. Non ho cambiato nulla."
    ).format(
        command=command_name(command),
        deal=command_name("mano"),
        undo=command_name("annulla"),
        fix=command_name("correggi"),
        standings=command_name("classifica"),
        end=command_name("fine"),
    )
