"""Who comes and goes during a night of Tagò: ``/entra Elena`` (``Elena=500`` buys in more)
and ``/esci Dario``, read from what is typed (pure: a value, or a ``UserError`` saying what to
type instead), and what the bank clerk answers. Amounts are cents."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot import names
from bot.games.tago import mistakes
from bot.games.tago.amounts import chips, signed_chips, who
from bot.games.tago.words import is_name, read_amount, refusals, split_words, tokens
from bot.i18n import _, ngettext
from bot.refusals import UserError
from bot.texts.common import command_name
from scoring.tago import MAX_PLAYERS, Join, Leave, Night, NotSeated


@dataclass(frozen=True)
class Arrival:
    """Who sits down, and the chips they buy (``None``: the table's stack)."""

    player: str
    buy_in: int | None = None


def parse_join(text: str, players: Sequence[str]) -> tuple[Arrival, ...]:
    """``Elena`` (``Elena=500``, ``Elena 500``; more than one: ``Elena Fabio=400``). A name
    already at the table, in any case or accents, comes back as the table writes it (for the
    engine to refuse it, or to say that they left)."""
    usage = join_usage()
    words = split_words(text, frozenset(), usage, named_values=True) if text.strip() else None
    if words is None or not words.groups:
        raise UserError(usage)
    if words.before:
        raise UserError(mistakes.value_before_name(words.before[0], usage))
    arrivals: list[Arrival] = []
    with refusals():
        for name, values in words.groups:
            if len(values) > 1:
                raise UserError(mistakes.unknown_option(values[1], usage))
            amount = read_amount(values[0]) if values else None
            arrivals.append(Arrival(names.same(name, players) or name, amount))
    return tuple(arrivals)


def parse_leave(text: str, players: Sequence[str], left: Collection[str] = ()) -> tuple[str, ...]:
    """``Dario`` (or ``Dario Bruno``): who leaves the night, cashing out (``players``: the
    night's, who ``left`` included, for the engine to say they left already)."""
    words = tokens(text)
    if not words or not all(is_name(word) for word in words):
        raise UserError(leave_usage())
    leaving: list[str] = []
    with refusals():
        for word in words:
            player = names.same(word, players)
            if player is None:
                raise NotSeated(word, [p for p in players if p not in left])
            if player in leaving:
                raise UserError(mistakes.named_twice(player))
            leaving.append(player)
    return tuple(leaving)


def at_the_table_now(name: str, players: Sequence[str], left: Collection[str] = ()) -> str:
    """The night's player called ``name`` (any case or accents; who ``left`` too, for the
    engine to say so); someone else is told who is seated, and how to sit them down first
    (``/entra Elena``)."""
    found = names.same(name, players)
    if found is None:
        raise UserError(not_seated_yet(name, [p for p in players if p not in left]))
    return found


def joins(arrivals: Sequence[Arrival], night: Night) -> list[Join]:
    """The arrivals as the night's events, each at the table's stack unless said; more
    newcomers than the seats left are refused together, none seated."""
    newcomers = [a for a in arrivals if a.player not in night.players]
    free = MAX_PLAYERS - len(night.ledger.seated)
    if len(newcomers) > 1 and len(newcomers) > free:
        raise UserError(too_many_arrivals(night, newcomers, free))
    stack = night.table.stack
    return [Join(a.player, stack if a.buy_in is None else a.buy_in) for a in arrivals]


def leaves(players: Sequence[str]) -> list[Leave]:
    return [Leave(player) for player in players]


# --- its words ---


def join_usage() -> str:
    return _(
        "Scrivi chi arriva, per esempio: /{command} Elena (con lo stack del tavolo) o "
        "/{command} Elena=500 per entrare con di più."
    ).format(command=command_name("entra"))


def leave_usage() -> str:
    return _("Scrivi chi lascia la serata, per esempio: /{command} Dario").format(
        command=command_name("esci")
    )


def joined_reply(night: Night, arrivals: Sequence[Arrival]) -> str:
    """``🪑 Elena entra con 300: gioca dalla prossima mano.`` and who is at the table."""
    players = [arrival.player for arrival in arrivals]
    bought = ", ".join(f"{p} {chips(night.ledger.bought_in[p])}" for p in players)
    lines = [
        ngettext(
            "🪑 Entra {bought}: gioca dalla prossima mano.",
            "🪑 Entrano {bought}: giocano dalla prossima mano.",
            len(players),
        ).format(bought=bought),
        at_the_table(night),
    ]
    return "\n".join(lines)


def left_reply(night: Night, players: Sequence[str]) -> str:
    """``🚪 Dario lascia la serata con 260 (fiches comprate 300: −40): resta nel saldo.``"""
    lines = [
        _(
            "🚪 {player} lascia la serata con {stack} (fiches comprate {bought}: {result}): "
            "il suo risultato resta nel saldo finale."
        ).format(
            player=player,
            stack=chips(night.ledger.stacks[player]),
            bought=chips(night.ledger.bought_in[player]),
            result=signed_chips(night.results()[player]),
        )
        for player in players
    ]
    lines.append(at_the_table(night))
    return "\n".join(lines)


def at_the_table(night: Night) -> str:
    seats = ", ".join(f"{p} {chips(night.ledger.stacks[p])}" for p in night.ledger.seated)
    return _("Al tavolo: {seats}").format(seats=seats)


def undone_join(event: Join) -> str:
    return _("↩️ Annullato l'ingresso di {player} ({amount}).").format(
        player=event.player, amount=chips(event.buy_in)
    )


def undone_leave(event: Leave) -> str:
    return _("↩️ Annullata l'uscita di {player}: torna al tavolo.").format(player=event.player)


def too_many_arrivals(night: Night, arrivals: Sequence[Arrival], free: int) -> str:
    """Several arrive and the seats left are fewer: nobody sat down, say who could."""
    seated = who(night.ledger.seated)
    if free <= 0:
        return _(
            "Il tavolo è pieno: al Tagò si gioca al massimo in {most} ({seated}). Non è entrato "
            "nessuno: {players} entrano quando qualcuno lascia la serata (/{leave} Nome)."
        ).format(
            most=MAX_PLAYERS,
            seated=seated,
            players=who([a.player for a in arrivals]),
            leave=command_name("esci"),
        )
    fitting = " ".join(
        a.player if a.buy_in is None else f"{a.player}={chips(a.buy_in)}" for a in arrivals[:free]
    )
    return ngettext(
        "Al tavolo c'è posto per un solo giocatore (al Tagò si gioca al massimo in {most}, e ci "
        "sono {seated}), non per {count}: non è entrato nessuno. Scrivi un nome solo, per "
        "esempio /{join} {fitting}; gli altri entrano quando qualcuno lascia la serata.",
        "Al tavolo c'è posto per {free} giocatori (al Tagò si gioca al massimo in {most}, e ci "
        "sono {seated}), non per {count}: non è entrato nessuno. Scrivi al massimo {free} nomi, "
        "per esempio /{join} {fitting}; gli altri entrano quando qualcuno lascia la serata.",
        free,
    ).format(
        free=free,
        most=MAX_PLAYERS,
        seated=seated,
        count=len(arrivals),
        fitting=fitting,
        join=command_name("entra"),
    )


def not_seated_yet(player: str, players: Sequence[str]) -> str:
    return _(
        "{player} non è al tavolo stasera: ci sono {players}. Se arriva ora, prima "
        "/{command} {player}."
    ).format(player=player, players=who(players), command=command_name("entra"))


def left_mark() -> str:
    """After a player's line in the standings: they left the night."""
    return _("ha lasciato la serata")
