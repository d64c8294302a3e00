"""Each rule of Tagò the engine (``scoring.tago``) refuses to break, in the chat's words: one
entry a kind of error, so that no handler checks a rule again to say it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.tago.amounts import chips, value, who
from bot.games.tago.mistakes import cards_hint, clipped, punto_needed_at_showdown
from bot.i18n import _
from bot.texts.common import command_name
from scoring.errors import RuleBroken
from scoring.tago import (
    PUNTO,
    AlreadyAtTable,
    AmbiguousCards,
    BadAnte,
    BadJackpotShare,
    BadTable,
    BelowAnte,
    CardsNeeded,
    ChoiceNeeded,
    HasLeft,
    NightClosed,
    NobodyIn,
    NoSuchDeal,
    NotAnOption,
    NotCurious,
    NoTieToPlayOff,
    NotPositive,
    NotSeated,
    OverChips,
    OverTableMaximum,
    PlayerCount,
    RebuyTooLarge,
    StackTooSmall,
    TableFull,
    TooFewLeft,
    TooManyOfValue,
    UnknownAmount,
    UnknownCard,
    WrongNumberOfCards,
)


def _player(player: str) -> str:
    return _("Il PUNTO") if player == PUNTO else player


def _wrong_count(e: WrongNumberOfCards) -> str:
    if e.count == 0 and e.player == PUNTO:
        return _("Mancano le carte del PUNTO: ne servono {expected}. {hint}").format(
            expected=e.expected, hint=cards_hint()
        )
    if e.count == 0:
        return _("Mancano le carte di {player}: ne servono {expected}. {hint}").format(
            player=e.player, expected=e.expected, hint=cards_hint()
        )
    return _("{who} ha {count} carte, ne servono {expected}. {hint}").format(
        who=_player(e.player), count=e.count, expected=e.expected, hint=cards_hint()
    )


def _too_many(e: TooManyOfValue) -> str:
    return _(
        "Il {value} compare {count} volte, ma nel mazzo ce ne sono solo tre: controlla le carte."
    ).format(value=value(e.value), count=e.count)


def _player_count(e: PlayerCount) -> str:
    return _("Al Tagò si gioca da 2 a 8: qui ce ne sono {count}.").format(count=e.count)


def _choice_needed(e: ChoiceNeeded) -> str:
    total, third = e.options
    return _(
        "Il PUNTO ha una coppia: vale {total} o {third}, sceglie il primo di mano. "
        "Aggiungi scelta={total} o scelta={third}."
    ).format(total=value(total), third=value(third))


def _not_an_option(e: NotAnOption) -> str:
    if not e.options:
        return _("scelta= va solo con le tre carte del PUNTO scoperte, quando hanno una coppia.")
    if len(e.options) < 2:
        return _("Il PUNTO non ha coppie: non c'è nulla da scegliere, togli scelta=.")
    return _("Il PUNTO non può valere {choice}: vale {total} o {third}.").format(
        choice=value(e.choice), total=value(e.options[0]), third=value(e.options[1])
    )


_ENGINE: dict[type[RuleBroken], Callable[[Any], str]] = {
    UnknownCard: lambda e: _("«{token}» non è una carta del Tagò. {hint}").format(
        token=clipped(e.token), hint=cards_hint()
    ),
    AmbiguousCards: lambda e: _(
        "«{text}» si legge in due modi, perché 0,5 è anche il mezzo: scrivi il mezzo come ½ o m."
    ).format(text=clipped(e.text)),
    WrongNumberOfCards: _wrong_count,
    TooManyOfValue: _too_many,
    PlayerCount: _player_count,
    ChoiceNeeded: _choice_needed,
    NotAnOption: _not_an_option,
    UnknownAmount: lambda e: _(
        "«{token}» non è un importo: scrivi le fiches come 200 o 2.5."
    ).format(token=clipped(e.token)),
    BadTable: lambda e: _(
        "Un tavolo {min_bet}/{stack} non si può giocare: il minimo va da più di 0 allo stack, "
        "come in light 5/300."
    ).format(min_bet=chips(e.min_bet), stack=chips(e.stack)),
    BadAnte: lambda e: _("L'ante è il minimo o la sua metà: ante={min_bet} o ante={half}.").format(
        min_bet=chips(e.min_bet), half=chips(e.min_bet // 2)
    ),
    BadJackpotShare: lambda e: _(
        "La quota del jackpot va da 0% a 50% di ogni ante, non {percent}%: jackpot=10%."
    ).format(percent=e.percent),
    StackTooSmall: lambda e: _(
        "{player} entra con {amount}, ma al tavolo servono almeno {minimum}: "
        "{player}={minimum} o di più."
    ).format(player=e.player, amount=chips(e.amount), minimum=chips(e.minimum)),
    NotSeated: lambda e: _("{player} non è al tavolo stasera: ci sono {players}.").format(
        player=clipped(e.player), players=who(e.players)
    ),
    AlreadyAtTable: lambda e: _("{player} è già al tavolo (o il nome è scritto due volte).").format(
        player=e.player
    ),
    BelowAnte: lambda e: _(
        "{player} ha messo {paid}, meno dell'ante ({ante}): ognuno mette almeno l'ante."
    ).format(player=e.player, paid=chips(e.paid), ante=chips(e.ante)),
    OverChips: lambda e: _(
        "{player} ha messo {paid} ma ha solo {chips} fiches: controlla, o prima /{command}."
    ).format(
        player=e.player, paid=chips(e.paid), chips=chips(e.chips), command=command_name("ricarica")
    ),
    OverTableMaximum: lambda e: _(
        "{player} ha messo {amount}: al tavolo light si arriva al massimo a {maximum} "
        "(ante e una puntata massima per giro)."
    ).format(player=e.player, amount=chips(e.amount), maximum=chips(e.maximum)),
    RebuyTooLarge: lambda e: _(
        "Durante la mano {player} può ricaricare solo quanto basta a coprire la puntata: "
        "{needed}, non {amount}."
    ).format(player=e.player, needed=chips(e.needed), amount=chips(e.amount)),
    NotPositive: lambda e: _("{amount} non va bene: serve un importo più di 0.").format(
        amount=chips(e.amount)
    ),
    NobodyIn: lambda e: _("Hanno lasciato tutti: almeno uno resta in gioco fino alla fine."),
    CardsNeeded: lambda e: (
        punto_needed_at_showdown()
        if e.player == PUNTO
        else _(
            "{player} arriva allo showdown: scrivi le sue tre carte, o lascia se ha lasciato."
        ).format(player=e.player)
    ),
    NoTieToPlayOff: lambda e: _("{players} non sono pari per nessun piatto.").format(
        players=who(e.players)
    ),
    NotCurious: lambda e: _(
        "{player} non ha lasciato nell'ultima mano, o ha già visto la sua carta."
    ).format(player=e.player),
    HasLeft: lambda e: _(
        "{player} ha lasciato la serata con {stack}: il suo risultato è già nel saldo, e non "
        "torna al tavolo. Se l'uscita era l'ultima cosa fatta e va tolta: /{undo}."
    ).format(player=e.player, stack=chips(e.stack), undo=command_name("annulla")),
    TooFewLeft: lambda e: _(
        "{player} non può lasciare: al tavolo restano {players}, e al Tagò si gioca almeno in "
        "due. Per finire la serata: /{settle}."
    ).format(player=e.player, players=who(e.seated), settle=command_name("saldo")),
    TableFull: lambda e: _(
        "Il tavolo è pieno: al Tagò si gioca al massimo in 8 ({players}). {player} entra "
        "quando qualcuno lascia la serata (/{leave} Nome)."
    ).format(player=e.player, players=who(e.seated), leave=command_name("esci")),
    NightClosed: lambda e: _("La serata è chiusa: per giocare ancora apri una serata nuova."),
    NoSuchDeal: lambda e: _("Non c'è la mano {number}: ne sono state giocate {played}.").format(
        number=e.number, played=e.played
    ),
}


def refusal(error: RuleBroken) -> str:
    """The chat's words for a rule of Tagò the engine refused to break."""
    for kind in type(error).__mro__:
        if kind in _ENGINE:
            return _ENGINE[kind](error)
    raise error


def kinds() -> Sequence[type[RuleBroken]]:
    """Every kind of the engine's errors put in words here (a test checks none is missing)."""
    return tuple(_ENGINE)
