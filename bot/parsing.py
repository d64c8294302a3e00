"""Command arguments to values: pure functions, each error a message for the chat."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot import texts
from scoring import CardError, Hand, Report, Rules, is_card, parse_cards

MAX_NAME = 32
#: More than a table holds; it also keeps every reply well under Telegram's 4096 characters.
MAX_PLAYERS = 12
#: No real hand comes near this; a bigger number is a typo.
MAX_TOTAL = 500
CALLER_KEYS = frozenset({"t", "tamalo"})

_NAME = re.compile(r"[^\W\d_][\w'.\-]*")
_NUMBER = re.compile(r"[+-]?[0-9]+")
_SPACED_SEPARATOR = re.compile(r"\s*([,=])\s*")


class UserError(ValueError):
    """Something typed that the bot cannot take; ``message`` tells the chat what to type."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def tokens(text: str) -> list[str]:
    """Split arguments on spaces, keeping ``A, 7, KN`` and ``t = Anna`` together."""
    return _SPACED_SEPARATOR.sub(r"\1", text.strip()).split()


def parse_name(token: str) -> str:
    """A player's name as typed: a word starting with a letter, never a card or a number."""
    if len(token.casefold()) > MAX_NAME or not _NAME.fullmatch(token):
        raise UserError(texts.bad_name(token))
    if is_card(token):
        raise UserError(texts.name_is_a_card(token))
    return token


def parse_new_game(text: str) -> tuple[str, ...]:
    """``Anna Bruno Carlo`` → the seats in order, each name once."""
    players = tuple(parse_name(token) for token in tokens(text))
    if not players:
        raise UserError(texts.NEW_GAME_EMPTY)
    _refuse_duplicates(players)
    if len(players) < 2:
        raise UserError(texts.NEW_GAME_ONE_PLAYER)
    if len(players) > MAX_PLAYERS:
        raise UserError(texts.too_many_players(MAX_PLAYERS))
    return players


def parse_join(text: str, players: Sequence[str]) -> str:
    """``Dario`` → the late joiner's name, who must not be playing already."""
    words = tokens(text)
    if not words:
        raise UserError(texts.JOIN_EMPTY)
    if len(words) > 1:
        raise UserError(texts.JOIN_MANY)
    name = parse_name(words[0])
    if (seated := _find(name, players)) is not None:
        raise UserError(texts.already_seated(seated))
    return name


def parse_value(token: str, rules: Rules) -> int:
    """A hand total: a number (``21``) or a card list (``A,7,KN``)."""
    if _NUMBER.fullmatch(token):
        value = int(token)
        if value < 0:
            raise UserError(texts.negative_value(token))
    elif re.fullmatch(r"[\w,]+", token):
        value = _cards(token, rules)
    else:
        raise UserError(texts.not_a_value(token))
    if value > MAX_TOTAL:
        raise UserError(texts.value_too_high(token, MAX_TOTAL))
    return value


def _cards(token: str, rules: Rules) -> int:
    try:
        return parse_cards(token, jokers=rules.jokers)
    except CardError as error:
        if error.joker:
            raise UserError(texts.joker_not_allowed()) from error
        if "," not in token:
            raise UserError(texts.not_a_value(token)) from error
        raise UserError(texts.unknown_card(error.token.strip() or token)) from error


def parse_hand(text: str, players: Sequence[str], rules: Rules) -> Hand:
    """``Anna 3 Bruno 12 t=Anna`` or ``3 12 t=Anna`` (seat order) → a hand of every player."""
    caller: str | None = None
    values: list[str] = []
    for token in _split_at_names(tokens(text), players):
        if token.casefold() in CALLER_KEYS and _find(token, players) is None:
            raise UserError(texts.CALLER_EMPTY)
        if "=" not in token:
            values.append(token)
            continue
        key, _, name = token.partition("=")
        if key.casefold() not in CALLER_KEYS:
            raise UserError(texts.unknown_option(token))
        if not name:
            raise UserError(texts.CALLER_EMPTY)
        found = _find(name, players)
        if found is None:
            raise UserError(texts.caller_not_playing(name, players))
        if caller is not None and caller != found:
            raise UserError(texts.two_callers(caller, found))
        caller = found
    if not values:
        raise UserError(texts.HAND_EMPTY)
    if _looks_like_name(values[0]):
        totals = _by_name(values, players, rules)
    else:
        totals = _by_seat(values, players, rules)
    return Hand(tuple(Report(p, totals[p]) for p in players), caller)


def _by_name(values: list[str], players: Sequence[str], rules: Rules) -> dict[str, int]:
    totals: dict[str, int] = {}
    pairs = iter(values)
    for token in pairs:
        player = _find(token, players)
        if player is None:
            if not _looks_like_name(token):
                raise UserError(texts.value_without_name(token))
            raise UserError(texts.unknown_player(token, players))
        if player in totals:
            raise UserError(texts.duplicate_player(player))
        value = next(pairs, None)
        if value is None or _find(value, players) is not None:
            raise UserError(texts.missing_value(player))
        totals[player] = parse_value(value, rules)
    if missing := [p for p in players if p not in totals]:
        raise UserError(texts.missing_players(missing))
    return totals


def _by_seat(values: list[str], players: Sequence[str], rules: Rules) -> dict[str, int]:
    parsed = [parse_value(token, rules) for token in values]
    if len(parsed) != len(players):
        raise UserError(texts.wrong_count(len(parsed), players))
    return dict(zip(players, parsed, strict=True))


def _split_at_names(words: list[str], players: Sequence[str]) -> list[str]:
    """``Anna 3, Bruno 12,`` reads as ``Anna 3 Bruno 12``: a comma before a seated player's
    name separates pairs, while ``A,7,KN`` stays one card list."""
    split: list[str] = []
    for word in words:
        pieces: list[str] = []
        for piece in word.split(","):
            if pieces and _find(piece, players) is None:
                pieces[-1] += "," + piece
            else:
                pieces.append(piece)
        split.extend(piece.strip(",") for piece in pieces if piece.strip(","))
    return split


def _looks_like_name(token: str) -> bool:
    return bool(_NAME.fullmatch(token)) and not is_card(token)


def _find(name: str, players: Sequence[str]) -> str | None:
    """The seated player with this name, whatever its case."""
    key = name.casefold()
    return next((p for p in players if p.casefold() == key), None)


def _refuse_duplicates(players: Sequence[str]) -> None:
    seen: set[str] = set()
    for player in players:
        if player.casefold() in seen:
            raise UserError(texts.duplicate_player(player))
        seen.add(player.casefold())
