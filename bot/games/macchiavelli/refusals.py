"""What the chat is told when a Macchiavelli command is refused: one text per kind of error,
the bot's own (``errors``) and the engine's (``scoring.macchiavelli.errors``), each saying
what was wrong and what to type instead."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar, cast

from bot.games.macchiavelli import errors
from bot.games.macchiavelli.texts import example_deal, option
from bot.i18n import _, ngettext
from bot.refusals import UserError
from bot.texts.common import command_name, euphonic, names
from scoring.errors import RuleBroken
from scoring.macchiavelli import (
    AlreadyWithdrawn,
    DealNotSeated,
    DealOverDecks,
    MatchOver,
    NegativePoints,
    NoJokers,
    NoRoundLeft,
    NoSuchDeal,
    NoSuchTable,
    NotInTournament,
    OptionOutOfRange,
    PlayerCount,
    RoundClosed,
    SingleHasOneDeal,
    TableDone,
    TableLeftAlone,
    TooFewPlayers,
    TooManyCopies,
    TooManyPoints,
    TournamentOver,
    TwoClosers,
    UnknownCard,
)

Mistake = errors.InputError | RuleBroken
E = TypeVar("E", bound=Exception)
Render = Callable[[Mistake], str]


#: The most of what was typed a refusal quotes back (a pasted wall of digits is cut).
QUOTED = 24


def _q(typed: object) -> str:
    """What was typed, as a refusal quotes it: ``12345678901234567890123…``."""
    text = str(typed)
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


def _deal() -> str:
    return "/" + command_name("mano")


def _example(players: Sequence[str] = ("Anna", "Bruno", "Carlo")) -> str:
    """``Per esempio: /mano Anna 0 Bruno K,A,7 Carlo 12``, with the names of ``players``
    (four at most: a tournament's table)."""
    deal = f"{_deal()} {example_deal(players[:4])}"
    return _("Per esempio: {deal}").format(deal=deal)


def _cards() -> str:
    return _("Carte: 2 … 10, J (o F), Q (o D), K (o R), A, JK (o Jolly, Joker).")


def _option_words(key: str) -> str:
    words = {"deals": "smazzate", "round_deals": "smazzate", "target": "soglia",
             "cards": "carte", "rounds": "turni"}  # fmt: skip
    return option(words.get(key, key))


def _out_of_range(e: OptionOutOfRange) -> str:
    option = _option_words(e.option)
    if e.high is None:
        return _("{option}={value} non va: si può da {low} in su.").format(
            option=option, value=e.value, low=e.low
        )
    return _("{option}={value} non va: si può da {low} a {high}.").format(
        option=option, value=e.value, low=e.low, high=e.high
    )


def _not_seated(e: DealNotSeated) -> str:
    if e.strangers:
        return _not_playing(e.strangers[0], e.seated)
    return _missing(e.missing)


def _not_playing(name: str, players: tuple[str, ...]) -> str:
    return _("{name} non gioca qui: i giocatori sono {players}. {example}").format(
        name=_q(name), players=names(players), example=_example(players)
    )


def _missing(missing: tuple[str, ...]) -> str:
    return _("Mancano i punti di {players}: scrivete tutti, chi chiude con 0. {example}").format(
        players=names(missing), example=_example()
    )


def _tables_mixed(e: errors.TablesMixed) -> str:
    if euphonic(e.other, "e"):
        text = _(
            "{first} gioca al tavolo {first_table} ed {other} al tavolo {other_table}: una "
            "smazzata è di un tavolo solo."
        )
    else:
        text = _(
            "{first} gioca al tavolo {first_table} e {other} al tavolo {other_table}: una "
            "smazzata è di un tavolo solo."
        )
    return text.format(
        first=e.first, first_table=e.first_table, other=e.other, other_table=e.other_table
    )


def _says(kind: type[E], render: Callable[[E], str]) -> tuple[type[Mistake], Render]:
    return cast(type[Mistake], kind), cast(Render, render)


TEXTS: Mapping[type[Mistake], Render] = dict(
    [
        _says(errors.UnknownToken, lambda e: _(
            "Non capisco «{token}»: dopo ogni nome va un totale (12) o le carte separate da "
            "virgole (K,A,7). {example}").format(token=_q(e.token), example=_example())),
        _says(errors.EmptyDeal, lambda _e: _(
            "Scrivete i punti rimasti in mano a ciascuno. {example}").format(example=_example())),
        _says(errors.NameWithoutCount, lambda e: _(
            "Manca il conto di {player}: scrivete un totale o le carte dopo il nome "
            "({player} 12, {player} K,A,7).").format(player=_q(e.player))),
        _says(errors.CountWithoutName, lambda e: _(
            "«{count}» non ha un nome davanti: scrivete il nome prima di ogni conto. "
            "{example}").format(count=_q(e.count), example=_example())),
        _says(errors.PlayerTwice, lambda e: _(
            "Hai scritto {player} due volte: ogni giocatore va scritto una volta sola.").format(
            player=e.player)),
        _says(errors.UnknownPlayer, lambda e: _not_playing(e.name, e.players)),
        _says(errors.MissingPlayers, lambda e: _missing(e.missing)),
        _says(errors.WrongCount, lambda e: _(
            "Ho {given} conti per {count} giocatori: in ordine di posto ne va uno a testa "
            "({players}), oppure scriveteli con i nomi.").format(
            given=e.given, count=len(e.players), players=names(e.players))),
        _says(errors.NamesNeeded, lambda _e: _(
            "Nel torneo scrivete le smazzate con i nomi, così capisco il tavolo. "
            "{example}").format(example=_example())),
        _says(errors.TablesMixed, _tables_mixed),
        _says(errors.BadName, lambda e: _(
            "«{name}» non può essere un nome: un nome comincia con una lettera e non è una "
            "carta, un numero o un'opzione.").format(name=_q(e.name))),
        _says(errors.UnknownOption, lambda e: _(
            "Non conosco l'opzione «{option}». Opzioni: {options}.").format(
            option=_q(e.option),
            options=(f"{option('turni')}=4 {option('smazzate')}=4 {option('danese')} "
                     f"{option('movimento')}={option('misto')} {option('jolly')}")
            if e.tournament else
            (f"{option('smazzate')}=3 {option('soglia')}=200 {option('jolly')} "
             f"{option('singola')} {option('carte')}=13 {option('mazziere')}=Bruno"))),
        _says(errors.NotANumber, lambda e: _(
            "{option}= vuole un numero, non «{value}»: per esempio {option}=3.").format(
            option=option(e.option), value=_q(e.value))),
        _says(errors.NoPlayers, lambda e: _(
            "Scrivete i nomi dei giocatori: /{command} macchiavelli {example}").format(
            command=command_name("torneo" if e.tournament else "nuova"),
            example="Anna Bruno Carlo Dario Elena Franco Gino Ida Luca" if e.tournament
            else "Anna Bruno Carlo")),
        _says(errors.DealerNotPlaying, lambda e: _(
            "{dealer} non gioca: il mazziere è uno dei giocatori ({players}).").format(
            dealer=e.dealer, players=names(e.players))),
        _says(UnknownCard, lambda e: _(
            "«{token}» non è una carta. {cards}").format(token=_q(e.token), cards=_cards())),
        _says(NoJokers, lambda e: _(
            "Questa partita si gioca senza jolly: «{token}» non può esserci. Scrivete le "
            "altre carte, o il totale.").format(token=_q(e.token))),
        _says(TooManyCopies, lambda e: _(
            "{count} × {card}: due mazzi ne hanno {limit}. Controllate le carte e "
            "riscrivete la smazzata.").format(count=e.count, card=e.card, limit=e.limit)),
        _says(NegativePoints, lambda e: _(
            "{points}: i punti rimasti in mano non sono mai negativi. Scrivete 0 per chi "
            "chiude.").format(points=_q(e.points))),
        _says(TooManyPoints, lambda e: _(
            "{points} punti: due mazzi interi ne fanno {limit}. Controllate il totale.").format(
            points=_q(e.points), limit=e.limit)),
        _says(DealOverDecks, lambda e: _(
            "In tutto fanno {points} punti, ma due mazzi interi ne fanno {limit}: controllate "
            "i conti e riscrivete la smazzata.").format(points=e.points, limit=e.limit)),
        _says(TwoClosers, lambda e: _(
            "{players} a 0: chiude uno solo. Scrivete i punti rimasti in mano agli altri.").format(
            players=names(e.players))),
        _says(DealNotSeated, _not_seated),
        _says(OptionOutOfRange, _out_of_range),
        _says(SingleHasOneDeal, lambda _e: _(
            "La partita singola è una smazzata sola: senza {deals}= né {target}=.").format(
            deals=option("smazzate"), target=option("soglia"))),
        _says(PlayerCount, lambda e: ngettext(
            "{count} giocatore: al Macchiavelli si gioca da {low} a {high}.",
            "{count} giocatori: al Macchiavelli si gioca da {low} a {high}.", e.count).format(
            count=e.count, low=e.low, high=e.high)),
        _says(TooFewPlayers, lambda e: ngettext(
            "{count} giocatore: un torneo ne vuole almeno {minimum} (tre tavoli da tre).",
            "{count} giocatori: un torneo ne vuole almeno {minimum} (tre tavoli da tre).",
            e.count).format(count=e.count, minimum=e.minimum)),
        _says(MatchOver, lambda _e: _(
            "La partita è finita: /{rematch} per un'altra.").format(
            rematch=command_name("rivincita"))),
        _says(TableDone, lambda e: _(
            "Il tavolo {table} ha giocato le sue {deals} smazzate: aspetta gli altri "
            "(/{tables}).").format(table=e.table, deals=e.deals, tables=command_name("tavoli"))),
        _says(NoSuchTable, lambda e: _("Non c'è il tavolo {table}: sono {tables}.").format(
            table=e.table, tables=e.tables)),
        _says(TournamentOver, lambda _e: _("Il torneo è finito: tutti i turni sono giocati.")),
        _says(NoSuchDeal, lambda e: _(
            "Non c'è la smazzata {number}: ne sono state giocate {played}.").format(
            number=e.number, played=e.played) if e.played else _(
            "Non c'è ancora nessuna smazzata.")),
        _says(RoundClosed, lambda e: _(
            "Il turno {round} non si può più cambiare: si gioca il turno {current}.").format(
            round=e.round, current=e.current)),
        _says(NotInTournament, lambda e: _(
            "{player} non gioca in questo torneo: /{tables} mostra chi gioca.").format(
            player=_q(e.player), tables=command_name("tavoli"))),
        _says(AlreadyWithdrawn, lambda e: _("{player} ha già lasciato il torneo.").format(
            player=e.player)),
        _says(NoRoundLeft, lambda e: _(
            "{player} non può ritirarsi: tutti i turni sono cominciati. Finite il turno "
            "con i suoi punti.").format(player=e.player)),
        _says(TableLeftAlone, lambda e: _(
            "Senza {player} il tavolo {table} del turno {round} resterebbe con un solo "
            "giocatore: non si può ritirare.").format(
            player=e.player, table=e.table, round=e.round)),
    ]
)  # fmt: skip


def refusal(error: Mistake) -> str:
    """What the chat is told for ``error``, in its language."""
    return TEXTS[type(error)](error)


def refused(error: Mistake) -> UserError:
    """``error`` as the mistake a handler raises (``raise refused(e) from e``)."""
    return UserError(refusal(error))
