"""What a points game's commands take, read into plain values; each mistake a ``UserError``
saying what to type instead. ``/nuova punti soglia=11 nome=Scopa Anna+Carla Bruno+Dario``,
``/mano Anna 4 Bruno 7`` (or ``/mano 4 7``, in seat order), ``/correggi 2 Anna 4 Bruno 7``,
``/entra Elena`` (``Elena+Franco``), ``/esci Anna``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.punti import texts
from bot.parsing.words import parse_name, tokens
from bot.refusals import UserError
from bot.texts.mistakes import did_you_mean
from scoring.punti import DEFAULT_TARGET, Match, Rules, Side

#: Points in a round, at most this far from zero (a typo of many digits is no round).
MOST_POINTS = 1_000_000
_POINTS = re.compile(r"[+-−]?\d{1,7}")
_OPTION_WORDS = {
    "soglia": "target", "target": "target", "smazzate": "rounds", "rounds": "rounds",
    "nome": "name", "name": "name", "pari": "tie", "tie": "tie",
}  # fmt: skip
_LOWEST = frozenset({"basso", "low"})
_HIGHEST = frozenset({"alto", "high"})
_SHARED = frozenset({"condivisa", "condiviso", "shared"})
_PLAYED_ON = frozenset({"spareggio", "playoff"})


@dataclass(frozen=True)
class NewGame:
    """``/nuova punti``'s arguments: the sides (each a player, or a team's members), the
    rules, and the name to remember them by; ``typed_rules``: whether any rule was typed."""

    sides: tuple[tuple[str, ...], ...]
    rules: Rules
    name: str | None = None
    typed_rules: bool = False


def parse_new(text: str) -> NewGame:
    """Options (``soglia=N``, ``smazzate=N``, ``basso``, ``pari=condivisa``, ``nome=X``) and
    sides (``Anna``, ``Anna+Carla``) in any order."""
    target: int | None = None
    rounds: int | None = None
    lowest = shared = False
    name: str | None = None
    typed = False
    sides: list[tuple[str, ...]] = []
    for word in tokens(text):
        key, equals, value = word.partition("=")
        folded = key.casefold()
        if equals:
            option = _OPTION_WORDS.get(folded)
            if option is None:
                raise UserError(texts.unknown_option(word))
            if option == "name":
                name = parse_name(value)
                continue
            typed = True
            if option == "target":
                target = _positive(word, value)
            elif option == "rounds":
                rounds = _positive(word, value)
            elif value.casefold() in _SHARED | _PLAYED_ON:
                shared = value.casefold() in _SHARED
            else:
                raise UserError(texts.bad_tie(word))
        elif folded in _LOWEST | _HIGHEST:
            typed, lowest = True, folded in _LOWEST
        else:
            sides.append(tuple(parse_name(member) for member in word.split("+")))
    if target is None and rounds is None:
        target = DEFAULT_TARGET
    return NewGame(tuple(sides), Rules(target, rounds, lowest, shared), name, typed)


def _positive(word: str, value: str) -> int:
    if not value.isdecimal() or not 0 < int(value) <= MOST_POINTS:
        raise UserError(texts.not_a_positive_number(word))
    return int(value)


def parse_points(word: str) -> int | None:
    """``7``, ``-150``, ``+5``: points (``None``: not a number)."""
    if not _POINTS.fullmatch(word):
        return None
    return int(word.replace("−", "-"))


def parse_round(text: str, match: Match, number: int) -> dict[str, int]:
    """Round ``number``'s points by side: ``Anna 4 Bruno 7`` (a team by any of its players,
    or ``Anna+Carla``), or ``4 7`` in seat order."""
    words = tokens(text)
    playing = match.playing(number)
    if not words:
        raise UserError(texts.how_to_write_a_round(playing))
    numbers = [parse_points(word) for word in words]
    if all(points is not None for points in numbers):  # in seat order
        if len(numbers) != len(playing):
            raise UserError(texts.points_in_order(len(numbers), playing))
        return {side.name: points for side, points in zip(playing, numbers, strict=True) if
                points is not None}  # fmt: skip
    if len(words) % 2:
        raise UserError(texts.how_to_write_a_round(playing))
    points: dict[str, int] = {}
    for name, value in zip(words[::2], words[1::2], strict=True):
        side = _side_named(name, match)
        figure = parse_points(value)
        if figure is None:
            raise UserError(texts.not_points(name, value))
        if side.name in points:
            raise UserError(texts.side_twice(side))
        points[side.name] = figure
    return points


def _side_named(name: str, match: Match) -> Side:
    side = match.side_of(name)
    if side is None:
        players = match.players
        raise UserError(texts.not_playing(name, players) + did_you_mean(name, players))
    return side


def parse_fix(text: str, match: Match) -> tuple[int, dict[str, int]]:
    """``/correggi 2 Anna 4 Bruno 7``: the round's number, then its points."""
    number, _, rest = text.strip().partition(" ")
    if not number.isdecimal() or not 1 <= int(number) <= len(match.rounds):
        raise UserError(texts.how_to_fix(len(match.rounds)))
    return int(number), parse_round(rest, match, int(number))


def parse_joining(text: str) -> tuple[str, ...]:
    """``/entra Elena`` or ``/entra Elena+Franco`` (a team)."""
    words = tokens(text)
    if len(words) != 1:
        raise UserError(texts.how_to_join())
    return tuple(parse_name(member) for member in words[0].split("+"))


def parse_leaving(text: str, match: Match) -> Side:
    """``/esci Anna``: her side (a team leaves together)."""
    words = tokens(text)
    if len(words) != 1:
        raise UserError(texts.how_to_leave())
    return _side_named(words[0], match)
