"""What Tagò's parsers share: the arguments split into words, the options apart from each
player's words, names, cards and values, and the engine's refusals turned into the chat's."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence, Set
from contextlib import contextmanager
from dataclasses import dataclass, field

from bot import names
from bot.games.tago import mistakes
from bot.games.tago.refusals import refusal
from bot.refusals import UserError
from scoring.errors import RuleBroken
from scoring.tago import MAX_AMOUNT, Cards, NotSeated, parse_amount, parse_card, parse_cards

MAX_NAME = 32
_NAME = re.compile(r"[^\W\d_][\w'.\-]*")
_SPACED_SEPARATOR = re.compile(r"\s*([,=])\s*")
_VALUE = re.compile(r"(\d{1,2})(½|[.,]5)?")
_WHOLE = re.compile(r"(\d+)(?:[.,]\d*)?")

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


@dataclass
class Words:
    """A command's words sorted: its options, each name with the words after it, and the
    words that came before any name."""

    options: dict[str, str] = field(default_factory=dict)
    groups: list[tuple[str, list[str]]] = field(default_factory=list)
    before: list[str] = field(default_factory=list)


def tokens(text: str) -> list[str]:
    """The arguments split on spaces, ``4, 4, 2`` and ``punto = 4,½,0`` kept together, letters
    and digits in their usual form; a ``½`` stays one (NFKC would make ``4½`` ``41⁄2``)."""
    text = "½".join(names.normal(piece) for piece in text.split("½")).replace("\u2044", "/")
    return _SPACED_SEPARATOR.sub(r"\1", text.strip()).split()


def is_name(word: str) -> bool:
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


def split_words(
    text: str,
    keys: Set[str],
    usage: str,
    *,
    named_values: bool = False,
    per_player: Set[str] = frozenset(),
) -> Words:
    """Options (``key=value``, or ``key value``) apart; each name with the words after it.
    ``named_values``: ``Anna=500`` is Anna followed by 500; ``per_player`` keys go with the
    player they follow. The PUNTO's cards may come apart, as a player's do: ``punto=4 ½ 0``."""
    words = tokens(text)
    if not words:
        raise UserError(mistakes.nothing_typed(usage))
    sorted_ = Words()
    index = 0
    cards_of: str | None = None  # the option whose cards the next loose words are
    while index < len(words):
        word = words[index]
        typed, equals, value = word.partition("=")
        key = KEYS.get(typed.casefold(), "")
        if cards_of is not None and not equals and not key and not is_name(word):
            sorted_.options[cards_of] += "," + word
            index += 1
            continue
        cards_of = None
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
            cards_of = key if key == PUNTO_KEY else None
        elif equals and key in per_player and sorted_.groups:
            sorted_.groups[-1][1].append(word)
        elif equals and named_values and is_name(typed) and value:
            _add_group(sorted_, typed, [value])
        elif equals:
            raise UserError(mistakes.unknown_option(word, usage))
        elif is_name(word):
            _add_group(sorted_, word, [])
        elif sorted_.groups:
            sorted_.groups[-1][1].append(word)
        else:
            sorted_.before.append(word)
    if sorted_.before and not named_values:
        raise UserError(mistakes.value_before_name(sorted_.before[0], usage))
    return sorted_


def _add_group(words: Words, name: str, values: list[str]) -> None:
    name = _name(name)
    if names.same(name, [player for player, _values in words.groups]) is not None:
        raise UserError(mistakes.named_twice(name))
    words.groups.append((name, values))


def read_cards(values: str | Sequence[str], count: int | tuple[int, ...]) -> Cards:
    """Cards typed with commas (``4,4,2``) or spaces (``4 4 2``), read as ``count`` cards
    where ``0,5`` could be the half or two cards."""
    text = values if isinstance(values, str) else ",".join(values)
    return parse_cards(text, count) if text else ()


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


def read_amount(token: str) -> int:
    """An amount of chips typed (``parse_amount``), in cents, up to ``MAX_AMOUNT``: more is
    refused naming the limit, before it is ever a number."""
    whole = _WHOLE.fullmatch(token.strip())
    if whole is not None and len(whole[1].lstrip("0")) > len(str(MAX_AMOUNT // 100)):
        raise UserError(mistakes.amount_too_large(token, MAX_AMOUNT))
    amount = parse_amount(token)
    if amount > MAX_AMOUNT:
        raise UserError(mistakes.amount_too_large(token, MAX_AMOUNT))
    return amount


def seated(name: str | None, players: Sequence[str]) -> str | None:
    """The seated player called ``name`` (any case or accents); ``NotSeated`` otherwise."""
    if name is None:
        return None
    found = names.same(name, players)
    if found is None:
        raise NotSeated(name, players)
    return found


@contextmanager
def refusals() -> Iterator[None]:
    """Inside it, a rule the engine refuses to break becomes the chat's ``UserError``."""
    try:
        yield
    except RuleBroken as error:
        raise UserError(refusal(error)) from error
