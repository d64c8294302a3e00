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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bot import names
from bot.games.tago import mistakes
from bot.games.tago.choice import pending_choice
from bot.games.tago.seating import at_the_table_now
from bot.games.tago.words import (
    ANTE_KEY,
    CHOICE_KEY,
    DEALER_KEY,
    FIRST_KEY,
    FOLD_WORDS,
    JACKPOT_KEY,
    PLAYOFF_WORDS,
    PUNTO_KEY,
    REBUY_KEY,
    Words,
    is_name,
    parse_value,
    read_amount,
    read_cards,
    refusals,
    seated,
    split_words,
    tokens,
)
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
    PlayerCount,
    Playoff,
    Stakes,
    Table,
    WrongNumberOfCards,
    check_counts,
    punto_options,
    read_punto,
)
from scoring.tago.judge import MAX_PLAYERS, MIN_PLAYERS
from scoring.tago.seats import check_buy_in

_STAKES = re.compile(r"(\d+(?:[.,]\d{1,2})?)/(\d+(?:[.,]\d{1,2})?)")
_PERCENT = re.compile(r"(\d{1,3})%?")
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


# --- the commands ---


def parse_judge(text: str) -> JudgeRequest:
    """``punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ [scelta=2]`` (``point=``, ``choice=``)."""
    usage = mistakes.judge_usage()
    words = split_words(text, {PUNTO_KEY, CHOICE_KEY}, usage)
    with refusals():
        punto = _punto(words, usage, 3)
        hands = {player: read_cards(values, 3) for player, values in words.groups}
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
    typed = tokens(text)
    if typed and names.fold(typed[0]) in GAME_WORDS:
        typed = typed[1:]
    for index, word in enumerate(typed):
        key = names.fold(word)
        if key in STAKES_WORDS:
            if stakes is not None:
                raise UserError(mistakes.stakes_twice())
            stakes = STAKES_WORDS[key]
        elif match := _STAKES.fullmatch(word):
            if levels is not None:
                raise UserError(mistakes.stakes_twice())
            levels = (match[1], match[2])
        elif "=" not in word and index + 1 < len(typed) and _STAKES.fullmatch(typed[index + 1]):
            raise UserError(mistakes.unknown_stakes(word))  # ``lite 5/300``: not a player
        else:
            rest.append(word)
    if levels is None:
        raise UserError(mistakes.stakes_missing())
    if not rest:
        raise UserError(mistakes.players_missing())
    words = split_words(
        " ".join(rest), {ANTE_KEY, JACKPOT_KEY, DEALER_KEY}, usage, named_values=True
    )
    if words.before:
        raise UserError(mistakes.value_before_name(words.before[0], usage))
    with refusals():
        min_bet, stack = read_amount(levels[0]), read_amount(levels[1])
        ante = read_amount(words.options[ANTE_KEY]) if ANTE_KEY in words.options else min_bet
        share = _percent(words.options.get(JACKPOT_KEY))
        table = Table(stakes or Stakes.LIGHT, min_bet, stack, ante, share)
        buy_ins = {player: _buy_in(table, player, values) for player, values in words.groups}
        if not MIN_PLAYERS <= len(buy_ins) <= MAX_PLAYERS:
            raise PlayerCount(len(buy_ins))
        dealer = seated(words.options.get(DEALER_KEY), tuple(buy_ins))
    first = tuple(buy_ins).index(dealer) if dealer is not None else 0
    return NewNight(table, buy_ins, first)


def parse_hand(text: str, players: Sequence[str], left: Collection[str] = ()) -> Hand:
    """``punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Dario 40 lascia [scelta=…]
    [mazziere=…] [spareggio Anna 1,3,2 Bruno lascia]``: for each player of the hand, all
    they put in (the ante included, and any play-off's bets), an in-hand re-buy
    (``ricarica=100``), then their three cards or ``lascia`` (``fold``). Each ``spareggio``
    (``playoff``) is a tie played off: its players' cards at its end, or ``lascia``.
    ``players`` are the night's seats (who ``left`` included): the entries come back in
    their order."""
    usage = mistakes.hand_usage()
    main, *sections = _sections(tokens(text))
    if not main:
        raise UserError(usage)
    words = split_words(
        " ".join(main), {PUNTO_KEY, CHOICE_KEY, DEALER_KEY}, usage, per_player={REBUY_KEY}
    )
    if not words.groups:
        raise UserError(mistakes.nothing_typed(usage))
    with refusals():
        entries = [
            _entry(at_the_table_now(name, players, left), values) for name, values in words.groups
        ]
        entries.sort(key=lambda entry: players.index(entry.player))
        punto = read_cards(words.options[PUNTO_KEY], 3) if PUNTO_KEY in words.options else None
        choice = _choice(words)
        dealer = seated(words.options.get(DEALER_KEY), players)
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
    groups = split_words(" ".join(words), frozenset(), mistakes.hand_usage()).groups
    cards: dict[str, Cards] = {}
    playing: list[str] = []
    for name, values in groups:
        player = seated(name, players)
        assert player is not None
        playing.append(player)
        if any(value.casefold() in FOLD_WORDS for value in values):
            if len(values) > 1:
                raise UserError(mistakes.fold_with_cards(player))
            continue
        cards[player] = read_cards(values, 3)
        if len(cards[player]) != 3:
            raise WrongNumberOfCards(player, len(cards[player]))
    playing.sort(key=players.index)
    return Playoff(tuple(playing), cards)


def parse_rebuy(text: str, players: Sequence[str], left: Collection[str] = ()) -> tuple[str, int]:
    """``Anna 300`` (or ``Anna=300``): who re-buys, and how much (cents, more than 0)."""
    words = tokens(text)
    if len(words) == 1 and "=" in words[0]:
        words = list(words[0].split("=", 1))
    if len(words) == 1 and is_name(words[0]):
        raise UserError(mistakes.rebuy_how_much(words[0]))
    if len(words) != 2 or not is_name(words[0]):
        raise UserError(mistakes.rebuy_what(" ".join(words)) if words else mistakes.rebuy_usage())
    with refusals():
        player = at_the_table_now(words[0], players, left)
        amount = read_amount(words[1])
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
    with refusals():
        for word in words:
            if not is_name(word):
                raise UserError(mistakes.curious_what())
            player = seated(word, players)
            assert player is not None
            if player in seen:
                raise UserError(mistakes.named_twice(player))
            seen.append(player)
    return tuple(seen)


def parse_odds(text: str) -> OddsRequest:
    """``punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6 [scelta=…] [primo=Anna]``: the PUNTO's two or
    three known cards and each player's two shown cards."""
    usage = mistakes.odds_usage()
    words = split_words(text, {PUNTO_KEY, CHOICE_KEY, FIRST_KEY}, usage)
    with refusals():
        punto = _punto(words, usage, (2, 3))
        shown = {player: read_cards(values, 2) for player, values in words.groups}
        choice = _choice(words)
        if not 2 <= len(punto) <= 3:
            raise WrongNumberOfCards(PUNTO, len(punto), 3 if len(punto) > 3 else 2)
        _check_showdown(punto, shown, 2)
        if choice is not None:
            options = punto_options(punto) if len(punto) == 3 else ()
            if choice not in options:
                raise NotAnOption(choice, options)
        first = seated(words.options.get(FIRST_KEY), tuple(shown))
    return OddsRequest(punto, shown, choice, first)


def _punto(words: Words, usage: str, count: int | tuple[int, ...]) -> Cards:
    if PUNTO_KEY not in words.options:
        raise UserError(mistakes.punto_missing(usage))
    return read_cards(words.options[PUNTO_KEY], count)


def _choice(words: Words) -> int | None:
    typed = words.options.get(CHOICE_KEY)
    if typed is None:
        return None
    return parse_value(typed)


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
    amount = read_amount(values[0])
    check_buy_in(table, player, amount)
    return amount


def _entry(player: str, values: list[str]) -> Entry:
    """``200 ricarica=100 4,4,2`` or ``40 lascia``."""
    if not values:
        raise UserError(mistakes.amount_missing(player, None))
    try:
        paid = read_amount(values[0])
    except RuleBroken:
        raise UserError(mistakes.amount_missing(player, values[0])) from None
    rebuy, folded, cards = 0, False, []
    for word in values[1:]:
        _key, equals, amount = word.partition("=")
        if equals:
            rebuy += read_amount(amount)
        elif word.casefold() in FOLD_WORDS:
            folded = True
        else:
            cards.append(word)
    if folded and cards:
        raise UserError(mistakes.fold_with_cards(player))
    return Entry(player, paid, read_cards(cards, 3) if cards else None, folded, rebuy)


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
    """What the hand's report must hold whatever the chips: at most 8 players (who it leaves
    out folded: ``Night.completed``), someone still in, the PUNTO and everyone's cards at a
    showdown, no value more than three times."""
    if len(entries) > MAX_PLAYERS:
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
