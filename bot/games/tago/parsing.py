"""Tagò's commands' arguments to values (RULES-tago.md): pure functions, each refusal a
``UserError`` whose message says what was wrong and what to type instead.

Cards are values in halves (``½`` is 1, ``4`` is 8), amounts are cents, as ``scoring.tago``
counts them. Every rule the engine checks on its own (card counts, the values in the deck,
the number of players, the table) is checked by calling it, and its refusal is put in words
by ``mistakes.refusal``; the chips a hand needs (stacks, the Light maximum) are checked when
the hand is played against the night.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field

from bot import names
from bot.games.tago import mistakes
from bot.refusals import UserError
from scoring.errors import RuleBroken
from scoring.tago import (
    PUNTO,
    Cards,
    CardsNeeded,
    Entry,
    Hand,
    NobodyIn,
    NotAnOption,
    NotPositive,
    NotSeated,
    PlayerCount,
    Playoff,
    Stakes,
    Table,
    WrongNumberOfCards,
    check_counts,
    format_halves,
    parse_amount,
    parse_card,
    parse_cards,
    punto_options,
    read_punto,
)
from scoring.tago.judge import MAX_PLAYERS, MIN_PLAYERS
from scoring.tago.seats import check_buy_in

MAX_NAME = 32
_NAME = re.compile(r"[^\W\d_][\w'.\-]*")
_SPACED_SEPARATOR = re.compile(r"\s*([,=])\s*")
_STAKES = re.compile(r"(\d+(?:[.,]\d{1,2})?)/(\d+(?:[.,]\d{1,2})?)")
_VALUE = re.compile(r"(\d+)(½|[.,]5)?")
_PERCENT = re.compile(r"(\d+)%?")

# Keys typed before ``=`` (or as a word before their value), each to what it stands for.
PUNTO_KEY, CHOICE_KEY, FIRST_KEY, DEALER_KEY = "punto", "scelta", "primo", "mazziere"
ANTE_KEY, JACKPOT_KEY, REBUY_KEY = "ante", "jackpot", "ricarica"
KEYS: Mapping[str, str] = {
    "punto": PUNTO_KEY,
    "point": PUNTO_KEY,
    "scelta": CHOICE_KEY,
    "choice": CHOICE_KEY,
    "primo": FIRST_KEY,
    "first": FIRST_KEY,
    "mazziere": DEALER_KEY,
    "dealer": DEALER_KEY,
    "ante": ANTE_KEY,
    "jackpot": JACKPOT_KEY,
    "ricarica": REBUY_KEY,
    "rebuy": REBUY_KEY,
}
FOLD_WORDS = frozenset({"lascia", "fold"})
PLAYOFF_WORDS = frozenset({"spareggio", "playoff"})
GAME_WORDS = frozenset({"tago"})  # folded: Tagò, tagò, TAGO
STAKES_WORDS: Mapping[str, Stakes] = {"light": Stakes.LIGHT, "heavy": Stakes.HEAVY}
#: The default share of each ante that feeds the jackpot (RULES-tago.md, "Reading — the share").
DEFAULT_JACKPOT_PERCENT = 10

# --- what the commands stand for ---


@dataclass(frozen=True)
class JudgeRequest:
    """``/giudica``: the PUNTO, each player's three cards (in the order typed) and the first
    player's choice of the PUNTO's value when it has a pair."""

    punto: Cards
    hands: Mapping[str, Cards]
    choice: int | None = None

    @property
    def pending_choice(self) -> tuple[int, int] | None:
        return pending_choice(self.punto, self.choice)


@dataclass(frozen=True)
class NewNight:
    """``/nuova tago``: the table, the players in seat order with their buy-in (``None``: the
    table's stack) and the seat of the first dealer."""

    table: Table
    buy_ins: Mapping[str, int | None]
    first_dealer: int = 0


@dataclass(frozen=True)
class OddsRequest:
    """``/quote``: the PUNTO's known cards (two or three), each player's two shown cards (in
    the order of play), the choice when the PUNTO's three cards hold a pair, and who chooses."""

    punto: Cards
    shown: Mapping[str, Cards]
    choice: int | None = None
    first: str | None = None


@dataclass
class _Words:
    """A command's words sorted: its options, each name with the words after it, and the
    words that came before any name."""

    options: dict[str, str] = field(default_factory=dict)
    groups: list[tuple[str, list[str]]] = field(default_factory=list)
    before: list[str] = field(default_factory=list)


# --- the commands ---


def parse_judge(text: str) -> JudgeRequest:
    """``punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ [scelta=2]`` (``point=``, ``choice=``)."""
    usage = mistakes.judge_usage()
    words = _split(text, {PUNTO_KEY, CHOICE_KEY}, usage)
    with _refusals():
        punto = _punto(words, usage, 3)
        hands = {player: _cards(values, 3) for player, values in words.groups}
        choice = _choice(words)
        _check_showdown(punto, hands, 3)
        if choice is not None:
            read_punto(punto, choice)
    return JudgeRequest(punto, hands, choice)


def parse_new_night(text: str) -> NewNight:
    """``[tago] light 5/300 ante=2.5 jackpot=10% Anna Bruno=500 Carlo [mazziere=Bruno]``:
    ``heavy`` for no maximum; ante the minimum bet by default, jackpot 10%."""
    usage = mistakes.night_usage()
    stakes: Stakes | None = None
    levels: tuple[str, str] | None = None
    rest: list[str] = []
    for index, word in enumerate(tokens(text)):
        key = names.fold(word)
        if index == 0 and key in GAME_WORDS:
            continue
        if key in STAKES_WORDS:
            if stakes is not None:
                raise UserError(mistakes.stakes_twice())
            stakes = STAKES_WORDS[key]
        elif match := _STAKES.fullmatch(word):
            if levels is not None:
                raise UserError(mistakes.stakes_twice())
            levels = (match[1], match[2])
        else:
            rest.append(word)
    if levels is None:
        raise UserError(mistakes.stakes_missing())
    words = _split(" ".join(rest), {ANTE_KEY, JACKPOT_KEY, DEALER_KEY}, usage, named_values=True)
    if words.before:
        raise UserError(mistakes.value_before_name(words.before[0], usage))
    with _refusals():
        min_bet, stack = parse_amount(levels[0]), parse_amount(levels[1])
        ante = parse_amount(words.options[ANTE_KEY]) if ANTE_KEY in words.options else min_bet
        share = _percent(words.options.get(JACKPOT_KEY))
        table = Table(stakes or Stakes.LIGHT, min_bet, stack, ante, share)
        buy_ins = {player: _buy_in(table, player, values) for player, values in words.groups}
        if not MIN_PLAYERS <= len(buy_ins) <= MAX_PLAYERS:
            raise PlayerCount(len(buy_ins))
        dealer = _seated(words.options.get(DEALER_KEY), tuple(buy_ins))
    first = tuple(buy_ins).index(dealer) if dealer is not None else 0
    return NewNight(table, buy_ins, first)


def parse_hand(text: str, players: Sequence[str]) -> Hand:
    """``punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Dario 40 lascia [scelta=…]
    [mazziere=…] [spareggio Anna 1,3,2 Bruno lascia]``: for each player of the hand, all
    they put in (the ante included, and any play-off's bets), an in-hand re-buy
    (``ricarica=100``), then their three cards or ``lascia`` (``fold``). Each ``spareggio``
    (``playoff``) is a tie played off: its players' cards at its end, or ``lascia``.
    ``players`` are the night's seats: the entries come back in their order."""
    usage = mistakes.hand_usage()
    main, *sections = _sections(tokens(text))
    words = _split(
        " ".join(main), {PUNTO_KEY, CHOICE_KEY, DEALER_KEY}, usage, per_player={REBUY_KEY}
    )
    if not words.groups:
        raise UserError(mistakes.nothing_typed(usage))
    with _refusals():
        entries = [_entry(_seated(name, players) or name, values) for name, values in words.groups]
        entries.sort(key=lambda entry: players.index(entry.player))
        punto = _cards(words.options[PUNTO_KEY], 3) if PUNTO_KEY in words.options else None
        choice = _choice(words)
        dealer = _seated(words.options.get(DEALER_KEY), players)
        _check_hand(entries, punto, choice)
        playoffs = tuple(_playoff(section, players) for section in sections)
    return Hand(tuple(entries), punto, choice, playoffs, dealer)


def _sections(words: list[str]) -> list[list[str]]:
    """The hand's words, then each play-off's, split at ``spareggio`` (``playoff``)."""
    sections: list[list[str]] = [[]]
    for word in words:
        if names.fold(word) in PLAYOFF_WORDS:
            sections.append([])
        else:
            sections[-1].append(word)
    return sections


def _playoff(words: list[str], players: Sequence[str]) -> Playoff:
    """``Anna 1,3,2 Bruno lascia``: who played the tie off, and the cards of who stayed in."""
    if not words:
        raise UserError(mistakes.playoff_empty())
    groups = _split(" ".join(words), frozenset(), mistakes.hand_usage()).groups
    cards: dict[str, Cards] = {}
    playing: list[str] = []
    for name, values in groups:
        player = _seated(name, players)
        assert player is not None
        playing.append(player)
        if any(value.casefold() in FOLD_WORDS for value in values):
            if len(values) > 1:
                raise UserError(mistakes.fold_with_cards(player))
            continue
        cards[player] = _cards(values, 3)
        if len(cards[player]) != 3:
            raise WrongNumberOfCards(player, len(cards[player]))
    playing.sort(key=players.index)
    return Playoff(tuple(playing), cards)


def parse_rebuy(text: str, players: Sequence[str]) -> tuple[str, int]:
    """``Anna 300`` (or ``Anna=300``): who re-buys, and how much (cents, more than 0)."""
    words = tokens(text)
    if len(words) == 1 and "=" in words[0]:
        words = list(words[0].split("=", 1))
    if len(words) != 2 or not _is_name(words[0]):
        raise UserError(mistakes.rebuy_what(" ".join(words)) if words else mistakes.rebuy_usage())
    with _refusals():
        player = _seated(words[0], players)
        amount = parse_amount(words[1])
        if amount <= 0:
            raise NotPositive(amount)
    assert player is not None
    return player, amount


def parse_curious(text: str, players: Sequence[str]) -> tuple[str, ...]:
    """``Dario`` (or ``Dario Bruno``): who folded and pays one ante each to see their card."""
    words = tokens(text)
    if not words:
        raise UserError(mistakes.curious_what())
    seen: list[str] = []
    with _refusals():
        for word in words:
            if not _is_name(word):
                raise UserError(mistakes.curious_what())
            player = _seated(word, players)
            assert player is not None
            if player in seen:
                raise UserError(mistakes.named_twice(player))
            seen.append(player)
    return tuple(seen)


def parse_odds(text: str) -> OddsRequest:
    """``punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6 [scelta=…] [primo=Anna]``: the PUNTO's two or
    three known cards and each player's two shown cards."""
    usage = mistakes.odds_usage()
    words = _split(text, {PUNTO_KEY, CHOICE_KEY, FIRST_KEY}, usage)
    with _refusals():
        punto = _punto(words, usage, (2, 3))
        shown = {player: _cards(values, 2) for player, values in words.groups}
        choice = _choice(words)
        if not 2 <= len(punto) <= 3:
            raise WrongNumberOfCards(PUNTO, len(punto), 3 if len(punto) > 3 else 2)
        _check_showdown(punto, shown, 2)
        if choice is not None:
            options = punto_options(punto) if len(punto) == 3 else ()
            if choice not in options:
                raise NotAnOption(choice, options)
        first = _seated(words.options.get(FIRST_KEY), tuple(shown))
    return OddsRequest(punto, shown, choice, first)


def pending_choice(punto: Cards | None, choice: int | None) -> tuple[int, int] | None:
    """The PUNTO's two values when it has a pair and the first player's choice is not given:
    the question to ask (the sum first, then the third card alone)."""
    if punto is None or choice is not None or len(punto) != 3:
        return None
    options = punto_options(punto)
    return (options[0], options[1]) if len(options) > 1 else None


# --- the pair question's buttons: stateless callback data ---

#: ``tg:c:<command>:<value in halves>``: the judge's (``g``) or a hand's (``m``) choice of the
#: PUNTO's value. The button's message answers the command's message, which the callback reads
#: again with the choice added: nothing is kept meanwhile.
CHOICE_PREFIX = "tg:c:"
JUDGE_CHOICE, HAND_CHOICE = "g", "m"
_CHOICE_DATA = re.compile(r"tg:c:([gm]):(\d{1,2})")


def choice_data(command: str, halves: int) -> str:
    """The data of the button choosing ``halves`` for the PUNTO (``JUDGE_CHOICE`` or
    ``HAND_CHOICE``)."""
    return f"{CHOICE_PREFIX}{command}:{halves}"


def parse_choice_data(data: str) -> tuple[str, int] | None:
    """(the command, the PUNTO's value in halves) from a choice button's data; ``None`` for
    anything else."""
    match = _CHOICE_DATA.fullmatch(data)
    return (match[1], int(match[2])) if match else None


def with_choice(text: str, halves: int) -> str:
    """The command's arguments with the choice the button made, to be parsed again."""
    return f"{text} scelta={format_halves(halves)}"


# --- words ---


def tokens(text: str) -> list[str]:
    """The arguments split on spaces, ``4, 4, 2`` and ``punto = 4,½,0`` kept together, letters
    and digits in their usual form; a ``½`` stays one (NFKC would make ``4½`` ``41⁄2``)."""
    text = "½".join(names.normal(piece) for piece in text.split("½")).replace("\u2044", "/")
    return _SPACED_SEPARATOR.sub(r"\1", text.strip()).split()


def _is_name(word: str) -> bool:
    """A word starting with a letter that is no card (``m``, ``½``), fold or key."""
    folded = word.casefold()
    if not _NAME.fullmatch(word) or folded in FOLD_WORDS or folded in KEYS:
        return False
    try:
        parse_card(word)
    except RuleBroken:
        return True
    return False


def _name(word: str) -> str:
    if len(word.casefold()) > MAX_NAME or names.invisible(word):
        raise UserError(mistakes.bad_name(word))
    return word


def _split(
    text: str,
    keys: Set[str],
    usage: str,
    *,
    named_values: bool = False,
    per_player: Set[str] = frozenset(),
) -> _Words:
    """Options (``key=value``, or ``key value``) apart; each name with the words after it.
    ``named_values``: ``Anna=500`` is Anna followed by 500; ``per_player`` keys go with the
    player they follow."""
    words = tokens(text)
    if not words:
        raise UserError(mistakes.nothing_typed(usage))
    sorted_ = _Words()
    index = 0
    while index < len(words):
        word = words[index]
        typed, equals, value = word.partition("=")
        key = KEYS.get(typed.casefold(), "")
        if not equals and key in keys and index + 1 < len(words):
            equals, value = "=", words[index + 1]
            index += 1
        index += 1
        if equals and key in keys:
            if key in sorted_.options:
                raise UserError(mistakes.option_twice(typed))
            if not value:
                raise UserError(mistakes.unknown_option(word, usage))
            sorted_.options[key] = value
        elif equals and key in per_player and sorted_.groups:
            sorted_.groups[-1][1].append(word)
        elif equals and named_values and _is_name(typed) and value:
            _add_group(sorted_, typed, [value])
        elif equals:
            raise UserError(mistakes.unknown_option(word, usage))
        elif _is_name(word):
            _add_group(sorted_, word, [])
        elif sorted_.groups:
            sorted_.groups[-1][1].append(word)
        else:
            sorted_.before.append(word)
    if sorted_.before and not named_values:
        raise UserError(mistakes.value_before_name(sorted_.before[0], usage))
    return sorted_


def _add_group(words: _Words, name: str, values: list[str]) -> None:
    name = _name(name)
    if names.same(name, [player for player, _values in words.groups]) is not None:
        raise UserError(mistakes.named_twice(name))
    words.groups.append((name, values))


def _cards(values: str | Sequence[str], count: int | tuple[int, ...]) -> Cards:
    """Cards typed with commas (``4,4,2``) or spaces (``4 4 2``), read as ``count`` cards
    where ``0,5`` could be the half or two cards."""
    text = values if isinstance(values, str) else ",".join(values)
    return parse_cards(text, count) if text else ()


def _punto(words: _Words, usage: str, count: int | tuple[int, ...]) -> Cards:
    if PUNTO_KEY not in words.options:
        raise UserError(mistakes.punto_missing(usage))
    return _cards(words.options[PUNTO_KEY], count)


def _choice(words: _Words) -> int | None:
    typed = words.options.get(CHOICE_KEY)
    if typed is None:
        return None
    return parse_value(typed)


def parse_value(typed: str) -> int:
    """A value of the PUNTO in halves: ``2`` is 4, ``4½``, ``4.5`` and ``4,5`` are 9, ``½``
    (``m``, ``1/2``) is 1."""
    folded = typed.casefold()
    if folded in {"½", "m", "1/2"}:
        return 1
    match = _VALUE.fullmatch(folded)
    if match is None:
        raise UserError(mistakes.not_a_choice(typed))
    return 2 * int(match[1]) + (1 if match[2] else 0)


def _percent(typed: str | None) -> int:
    if typed is None:
        return DEFAULT_JACKPOT_PERCENT
    match = _PERCENT.fullmatch(typed)
    if match is None:
        raise UserError(mistakes.bad_percent(typed))
    return int(match[1])


def _buy_in(table: Table, player: str, values: list[str]) -> int | None:
    if not values:
        return None
    if len(values) > 1:
        raise UserError(mistakes.unknown_option(values[1], mistakes.night_usage()))
    amount = parse_amount(values[0])
    check_buy_in(table, player, amount)
    return amount


def _seated(name: str | None, players: Sequence[str]) -> str | None:
    """The seated player called ``name`` (any case or accents); ``NotSeated`` otherwise."""
    if name is None:
        return None
    found = names.same(name, players)
    if found is None:
        raise NotSeated(name, players)
    return found


def _entry(player: str, values: list[str]) -> Entry:
    """``200 ricarica=100 4,4,2`` or ``40 lascia``."""
    if not values:
        raise UserError(mistakes.amount_missing(player, None))
    try:
        paid = parse_amount(values[0])
    except RuleBroken:
        raise UserError(mistakes.amount_missing(player, values[0])) from None
    rebuy, folded, cards = 0, False, []
    for word in values[1:]:
        _key, equals, amount = word.partition("=")
        if equals:
            rebuy += parse_amount(amount)
        elif word.casefold() in FOLD_WORDS:
            folded = True
        else:
            cards.append(word)
    if folded and cards:
        raise UserError(mistakes.fold_with_cards(player))
    return Entry(player, paid, _cards(cards, 3) if cards else None, folded, rebuy)


def _check_showdown(punto: Cards, hands: Mapping[str, Cards], count: int) -> None:
    """2 to 8 players, each with ``count`` cards, the PUNTO's three (two known, for the
    odds), and no value more than three times in all."""
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise PlayerCount(len(hands))
    if count == 3 and len(punto) != 3:
        raise WrongNumberOfCards(PUNTO, len(punto))
    for player, cards in hands.items():
        if len(cards) != count:
            raise WrongNumberOfCards(player, len(cards), count)
    check_counts(punto, *hands.values())


def _check_hand(entries: Sequence[Entry], punto: Cards | None, choice: int | None) -> None:
    """What the hand's report must hold whatever the chips: 2 to 8 players, someone still in,
    the PUNTO and everyone's cards at a showdown, no value more than three times."""
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise PlayerCount(len(entries))
    live = [entry for entry in entries if not entry.folded]
    if not live:
        raise NobodyIn()
    if punto is not None and len(punto) != 3:
        raise WrongNumberOfCards(PUNTO, len(punto))
    for entry in entries:
        if entry.cards is not None and len(entry.cards) != 3:
            raise WrongNumberOfCards(entry.player, len(entry.cards))
    if len(live) > 1:
        if punto is None:
            raise CardsNeeded(PUNTO)
        for entry in live:
            if entry.cards is None:
                raise CardsNeeded(entry.player)
    check_counts(punto or (), *(entry.cards for entry in entries if entry.cards is not None))
    if punto is not None and choice is not None:
        read_punto(punto, choice)


class _refusals:
    """Inside it, a rule the engine refuses to break becomes the chat's ``UserError``."""

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, _tb: object
    ) -> None:
        if isinstance(error, RuleBroken):
            raise UserError(mistakes.refusal(error)) from error
