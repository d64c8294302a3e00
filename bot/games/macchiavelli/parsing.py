"""Macchiavelli's command arguments to values: ``/nuova macchiavelli``, ``/torneo
macchiavelli`` and a deal (``/mano``). Pure functions; each refusal is a typed error
(``errors`` here, or the engine's where the engine checks the rule) that ``texts.refusal``
puts in words.

A deal is read without its game (``parse_deal``), then matched to the game's players by
``resolve`` (a home game, or one table) or ``resolve_at_table`` (a tournament: the names
tell the table).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot import names
from bot.games.macchiavelli.errors import (
    BadName,
    CountWithoutName,
    DealerNotPlaying,
    EmptyDeal,
    MissingPlayers,
    NamesNeeded,
    NameWithoutCount,
    NoPlayers,
    NotANumber,
    PlayerTwice,
    TablesMixed,
    UnknownOption,
    UnknownPlayer,
    UnknownToken,
    WrongCount,
)
from bot.parsing.words import tokens
from scoring.macchiavelli import (
    MIN_PLAYERS,
    Card,
    CardList,
    Deal,
    HomeRules,
    Match,
    Movement,
    NegativePoints,
    PlayerCount,
    Report,
    Seating,
    TooFewPlayers,
    TournamentRules,
    UnknownCard,
    is_total,
    parse_cards,
)
from scoring.macchiavelli import home as _home
from scoring.macchiavelli.cards import card, check_copies

MAX_NAME = 32
_NAME = re.compile(r"[^\W\d_][\w'.\-]*")
#: The game's own name, which may come first (``/nuova macchiavelli Anna …``).
GAME_WORDS = frozenset({"macchiavelli", "machiavelli"})

#: ``key=value`` options of ``/nuova macchiavelli``, in either language, as the field they set.
HOME_KEYS = {"smazzate": "deals", "deals": "deals", "soglia": "target", "target": "target",
             "carte": "cards", "cards": "cards",
             "mazziere": "dealer", "dealer": "dealer"}  # fmt: skip
HOME_FLAGS = {"jolly": "jokers", "jokers": "jokers", "singola": "single", "single": "single"}
#: ``key=value`` options and flags of ``/torneo macchiavelli``.
TOURNAMENT_KEYS = {"turni": "rounds", "rounds": "rounds", "smazzate": "deals", "deals": "deals",
                   "movimento": "movement", "movement": "movement"}  # fmt: skip
TOURNAMENT_FLAGS = {"danese": "danese", "jolly": "jokers", "jokers": "jokers"}
MOVEMENT_WORDS = {"nava": Movement.NAVA, "misto": Movement.MIXED, "mixed": Movement.MIXED}
#: Words never taken for a name: every option's, in any language.
OPTION_WORDS = (
    frozenset(HOME_KEYS)
    | frozenset(HOME_FLAGS)
    | frozenset(TOURNAMENT_KEYS)
    | (frozenset(TOURNAMENT_FLAGS) | GAME_WORDS)
)

#: One player's count: a total, or the cards left in hand.
Count = int | CardList


@dataclass(frozen=True)
class NewMatch:
    """What ``/nuova macchiavelli`` asks for: the seats in clockwise order, the rules, the
    seat of the first dealer."""

    players: tuple[str, ...]
    rules: HomeRules
    first_dealer: int = 0

    def match(self) -> Match:
        return Match(self.players, self.rules, first_dealer=self.first_dealer)


@dataclass(frozen=True)
class NewTournament:
    """What ``/torneo macchiavelli`` asks for: everyone playing, and the rules."""

    players: tuple[str, ...]
    rules: TournamentRules


@dataclass(frozen=True)
class DealByName:
    """``Anna 0 Bruno K,A,7 Carlo 12``: each name as typed, with its count (``None``: none
    after it, for ``resolve`` to say what was wrong, knowing who plays)."""

    counts: tuple[tuple[str, Count | None], ...]


@dataclass(frozen=True)
class DealBySeat:
    """``0 28 12``: the counts in seat order."""

    counts: tuple[Count, ...]


TypedDeal = DealByName | DealBySeat


class Deck(Protocol):
    """What a deal is checked against: whether the game is played with jokers."""

    @property
    def jokers(self) -> bool: ...


# --- /nuova macchiavelli, /torneo macchiavelli ---


def parse_new_game(text: str) -> NewMatch:
    """``Anna Bruno Carlo smazzate=3 jolly mazziere=Bruno`` → seats, rules, first dealer."""
    values: dict[str, str] = {}
    flags: set[str] = set()
    players: list[str] = []
    for word in _words(text):
        key, equals, value = word.partition("=")
        folded = key.casefold()
        if equals and folded in HOME_KEYS:
            values[HOME_KEYS[folded]] = value
        elif not equals and folded in HOME_FLAGS:
            flags.add(HOME_FLAGS[folded])
        elif equals or folded in OPTION_WORDS:
            raise UnknownOption(word)
        else:
            players.append(parse_name(word))
    seats = _seats(players, tournament=False)
    if not _home.MIN_PLAYERS <= len(seats) <= _home.MAX_PLAYERS:
        raise PlayerCount(len(seats), _home.MIN_PLAYERS, _home.MAX_PLAYERS)
    rules = HomeRules(
        single="single" in flags,
        deals=_number(values, "deals", word="smazzate"),
        target=_number(values, "target", word="soglia"),
        jokers="jokers" in flags,
        cards_dealt=_number(values, "cards", word="carte"),
    )
    first = 0
    if (dealer := values.get("dealer")) is not None:
        if (found := names.same(dealer, seats)) is None:
            raise DealerNotPlaying(dealer, seats)
        first = seats.index(found)
    return NewMatch(seats, rules, first)


def parse_tournament(text: str) -> NewTournament:
    """``turni=4 smazzate=4 danese movimento=misto Anna Bruno …`` (at least 9 names)."""
    values: dict[str, str] = {}
    flags: set[str] = set()
    players: list[str] = []
    for word in _words(text):
        key, equals, value = word.partition("=")
        folded = key.casefold()
        if equals and folded in TOURNAMENT_KEYS:
            values[TOURNAMENT_KEYS[folded]] = value
        elif not equals and folded in TOURNAMENT_FLAGS:
            flags.add(TOURNAMENT_FLAGS[folded])
        elif equals or folded in OPTION_WORDS:
            raise UnknownOption(word, tournament=True)
        else:
            players.append(parse_name(word))
    seats = _seats(players, tournament=True)
    if len(seats) < MIN_PLAYERS:
        raise TooFewPlayers(len(seats), MIN_PLAYERS)
    movement = Movement.NAVA
    if (typed := values.get("movement")) is not None:
        if (found := MOVEMENT_WORDS.get(typed.casefold())) is None:
            raise UnknownOption(f"movimento={typed}", tournament=True)
        movement = found
    defaults = TournamentRules()
    rules = TournamentRules(
        rounds=_number(values, "rounds", word="turni") or defaults.rounds,
        deals=_number(values, "deals", word="smazzate") or defaults.deals,
        danese="danese" in flags,
        movement=movement,
        jokers="jokers" in flags,
    )
    return NewTournament(seats, rules)


def parse_name(token: str) -> str:
    """A player's name: a word starting with a letter, never a card (``K``, ``Jolly``), a
    number or an option's word, and nothing in it that cannot be seen."""
    token = names.normal(token)
    if (
        names.invisible(token)
        or len(token.casefold()) > MAX_NAME
        or not _NAME.fullmatch(token)
        or _is_card(token)
        or token.casefold() in OPTION_WORDS
    ):
        raise BadName(token)
    return token


def _words(text: str) -> list[str]:
    words = tokens(text)
    if words and words[0].casefold() in GAME_WORDS:
        return words[1:]
    return words


def _seats(players: Sequence[str], *, tournament: bool) -> tuple[str, ...]:
    if not players:
        raise NoPlayers(tournament)
    seen: dict[str, str] = {}
    for player in players:
        if names.skeleton(player) in seen:
            raise PlayerTwice(player)
        seen[names.skeleton(player)] = player
    return tuple(players)


def _number(values: dict[str, str], field: str, *, word: str) -> int | None:
    if (value := values.get(field)) is None:
        return None
    if not re.fullmatch(r"[0-9]{1,6}", value):
        raise NotANumber(word, value)
    return int(value)


# --- /mano ---


def parse_deal(text: str) -> TypedDeal:
    """``Anna 0 Bruno K,A,7 Carlo 12`` (by names) or ``0 28 12`` (in seat order). After a
    name, cards may also come apart (``Bruno K A 7``). Card lists are read as with jokers:
    whether the game has them is ``resolve``'s to check."""
    words = tokens(text)
    if not words:
        raise EmptyDeal()
    if len(words[-1]) > 1 and words[-1].endswith("."):  # the full stop ending a sentence
        words[-1] = words[-1][:-1]
    if len(words) == 1 and all(is_total(piece) for piece in words[0].split(",")):
        words = words[0].split(",")  # ``0, 5, 3, 5``: totals in seat order, with commas
    read = [_read(word) for word in words]
    if not any(isinstance(item, str) for item in read):
        return DealBySeat(tuple(item for item in read if not isinstance(item, str)))
    pairs: list[tuple[str, list[tuple[str, Count]]]] = []  # each name, the words after it
    for word, item in zip(words, read, strict=True):
        if isinstance(item, str):
            if any(names.fold(item) == names.fold(seen) for seen, _ in pairs):
                raise PlayerTwice(item)
            pairs.append((item, []))
        elif not pairs:
            raise CountWithoutName(word, None)
        else:
            pairs[-1][1].append((word, item))
    return DealByName(tuple((name, _one_count(name, counts)) for name, counts in pairs))


def _read(word: str) -> str | Count:
    """A word of a deal: a total, a card list, or a name (``str``)."""
    if is_total(word):
        if (points := int(word)) < 0:
            raise NegativePoints(points)
        return points
    if "," in word or _is_card(word):
        return parse_cards(word, jokers=True)
    if _NAME.fullmatch(names.normal(word)):
        return names.normal(word)
    raise UnknownToken(word)


def _one_count(name: str, counts: list[tuple[str, Count]]) -> Count | None:
    """A name's count: one word, or cards typed apart (``K A 7``, ``K 10``), made one list;
    none (``None``) after it."""
    if not counts:
        return None
    if len(counts) == 1:
        return counts[0][1]
    if not any(isinstance(count, CardList) for _, count in counts):
        raise CountWithoutName(counts[1][0], name)  # ``Anna 3 5``: a name left out?
    cards: list[Card] = []
    for word, count in counts:
        if isinstance(count, CardList):
            cards += count.cards
        elif _is_card(word):  # among cards, a number is a card too: ``K 10 7``
            cards.append(card(word, jokers=True))
        else:
            raise CountWithoutName(word, name)
    merged = CardList(tuple(cards))
    check_copies([merged])
    return merged


def _is_card(word: str) -> bool:
    try:
        card(word, jokers=True)
    except UnknownCard:
        return False
    return True


def resolve(deal: TypedDeal, players: Sequence[str], rules: Deck) -> Deal:
    """The deal of ``players`` (a game's seats, or one table's), in seat order, checked
    against the rules: one closer at most, no more copies than two decks hold, a jolly only
    with jokers, no more points in all than two decks hold, nobody missing."""
    if isinstance(deal, DealBySeat):
        if len(deal.counts) != len(players):
            raise WrongCount(len(deal.counts), players)
        counts = dict(zip(players, deal.counts, strict=True))
    else:
        check_names(deal, players)
        counts = {}
        for typed, count in deal.counts:
            player = names.same(typed, players)
            assert player is not None  # checked
            if count is None:
                raise NameWithoutCount(player)
            if player in counts:
                raise PlayerTwice(player)
            counts[player] = count
        if missing := [p for p in players if p not in counts]:
            raise MissingPlayers(missing)
    checked = Deal(tuple(Report.of(p, counts[p]) for p in players))
    checked.check(jokers=rules.jokers)
    checked.check_total(jokers=rules.jokers)
    return checked


def check_names(deal: DealByName, players: Sequence[str]) -> None:
    """Every name of ``deal`` is one of ``players``'. A word that is not, with no count, just
    after a name with none, stood where a count goes: it is no card (``B1 X``), not a name;
    any other is someone who does not play (``Rita 5 extra``)."""
    after_no_count = False
    for typed, count in deal.counts:
        if names.same(typed, players) is None:
            if count is None and after_no_count:
                raise UnknownCard(typed)
            raise UnknownPlayer(typed, players)
        after_no_count = count is None


def resolve_at_table(deal: TypedDeal, seating: Seating, rules: Deck) -> tuple[int, Deal]:
    """A tournament's deal: the table its names sit at in ``seating``, and the deal there."""
    if not isinstance(deal, DealByName):
        raise NamesNeeded()
    check_names(deal, seating.players)
    where: tuple[str, int] | None = None
    for typed, _count in deal.counts:
        if (player := names.same(typed, seating.players)) is None:
            raise UnknownPlayer(typed, seating.players)
        table = seating.where(player)[0]
        if where is None:
            where = (player, table)
        elif where[1] != table:
            raise TablesMixed(where[0], where[1], player, table)
    assert where is not None  # a deal by names names someone
    table = where[1]
    return table, resolve(deal, seating.players_at(table), rules)
