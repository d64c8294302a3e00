"""The words of a form on the table's screen (``/tavolo``'s Mini App): what a game asks for a
hand, each answer given by taps alone. A game builds its ``Form`` from its running game
(``bot.table.Game.form``); the page draws it (``bot.board.forms``), sends back what was
tapped, and the game turns that into the command a player would have typed, which is then
handled as that player's message in the chat: the same parsing, rules, replies and
refusals.

Every field has a ``name`` unique in its form; what comes back is a text per name, checked
against the field before the game reads it (a choice among its options, digits, cards of
the palette), so a game's ``command`` reads only values its form offered."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.refusals import UserError
from bot.texts import board as texts

if TYPE_CHECKING:
    from storage import Front, UnitOfWork


@dataclass(frozen=True)
class Choice:
    """One of ``options`` (value, label), tapped; ``value``: the one chosen at first (``""``:
    none yet, and then the form is not sent until one is)."""

    name: str
    label: str
    options: tuple[tuple[str, str], ...]
    value: str = ""


@dataclass(frozen=True)
class Number:
    """A whole number from 0 to ``most``, on the page's number pad."""

    name: str
    label: str
    most: int = 999


@dataclass(frozen=True)
class Cards:
    """Up to ``most`` cards of ``palette`` (value, label), tapped in turn (the same card
    more than once if the game's deck has it more than once)."""

    name: str
    label: str
    palette: tuple[tuple[str, str], ...]
    most: int


Field = Choice | Number | Cards


@dataclass(frozen=True)
class Row:
    """A line of the form: a player and their fields, or the hand's own (``heading`` says
    which)."""

    heading: str
    fields: tuple[Field, ...]


#: A form's preview: (the read the form was built in, the chat's games in front, the command
#: the taps stand for) → what it would do.
Preview = Callable[["UnitOfWork", "Front", str], Awaitable[str]]


@dataclass(frozen=True)
class Form:
    """A game's form for its next hand.

    ``stamp``: what the form was built from (the hand's number, the players), sent back with
    the taps: a form built before a hand was recorded or a player joined is refused, not
    recorded as the next one. ``command``: the taps, checked, as the command typed (with
    its ``/``). ``hint``: a line under the title. ``preview``: what the command would do,
    worked out in the form's read and recorded nowhere (Tagò's pots), shown on request
    before the hand is sent; a ``UserError`` or a rule broken says why it would be refused."""

    title: str
    rows: tuple[Row, ...]
    stamp: str
    command: Callable[[Mapping[str, str]], str]
    hint: str = ""
    preview: Preview | None = None

    def fields(self) -> dict[str, Field]:
        return {field.name: field for row in self.rows for field in row.fields}


def cards_of(value: str) -> list[str]:
    """A ``Cards`` field's answer as its cards (the page sends them with commas)."""
    return [card for card in value.split(",") if card]


def required(field: Field, values: Mapping[str, str]) -> str:
    """``field``'s answer, or the refusal naming it if it was left empty."""
    if not (value := values.get(field.name, "")):
        raise UserError(texts.missing(field.label))
    return value
