"""A tournament's ``/correggi``: the deal of a table counted again, with ``turno=`` naming
the round anywhere after the command, as every ``key=value`` option elsewhere. Pure: a value,
or the typed error that ``refusals`` puts in words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.macchiavelli.errors import NotANumber
from bot.games.macchiavelli.parsing import TypedDeal, parse_deal
from bot.parsing.words import tokens

#: ``/correggi``'s option naming a tournament's round, in either language.
ROUND_WORDS = frozenset({"turno", "round"})


@dataclass(frozen=True)
class TableFix:
    """``/correggi 2 Anna 0 Bruno 5 Carlo 12 turno=1``: the round named (``None``: the one
    to fix by default), the table's deal number and the deal as typed."""

    round: int | None
    number: int
    deal: TypedDeal


def parse_table_fix(text: str) -> TableFix | None:
    """``2 Anna 0 Bruno 5 Carlo 12``, with ``turno=1`` (``round=1``) anywhere: ``None`` when
    no deal number comes first (the option aside)."""
    round_: int | None = None
    words: list[str] = []
    for word in tokens(text):
        key, equals, value = word.partition("=")
        if equals and key.casefold() in ROUND_WORDS:
            if not re.fullmatch(r"[0-9]{1,3}", value):
                raise NotANumber("turno", value)
            round_ = int(value)
        else:
            words.append(word)
    if not words or not re.fullmatch(r"[0-9]{1,4}", words[0]):
        return None
    return TableFix(round_, int(words[0]), parse_deal(" ".join(words[1:])))
