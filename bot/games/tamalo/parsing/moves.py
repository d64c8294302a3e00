"""A legendary move and who made it: ``/mossa``."""

from __future__ import annotations

import functools
import re

from bot import i18n
from bot.games.tamalo import texts
from bot.games.tamalo.lore import MOVE_BY_SLUG, MOVES, Move, slug
from bot.parsing.words import parse_name, tokens
from bot.refusals import UserError
from scoring.tamalo import is_card

#: The longest move name, in words (``O' Babbà servito``, ``Il Ratto delle Sabine``).
MOVE_WORDS = 4


def parse_move(text: str) -> tuple[Move, str]:
    """``coppiona Anna`` → the move Coppiona, made by "Anna"; the move's name may have
    several words, any case, with or without accents and apostrophes."""
    words = tokens(text)
    if not words:
        raise UserError(texts.lore.move_empty())
    moves = _moves_by_slug()
    for length in range(min(MOVE_WORDS, len(words)), 0, -1):
        move = moves.get(slug(" ".join(words[:length])))
        if move is None:
            continue
        who = words[length:]
        if len(who) != 1:
            raise UserError(texts.lore.move_who(move))
        return move, parse_name(who[0], is_card)
    raise UserError(texts.lore.unknown_move(" ".join(words[: len(words) - 1] or words)))


@functools.cache
def _moves_by_slug() -> dict[str, Move]:
    """Every way a move may be typed, in any chat: its key, its Italian name, and its name in
    every other language ("The Quickie", "quickie")."""
    translated: dict[str, Move] = {}
    for language in i18n.LANGUAGES:
        with i18n.speaking(language):
            for move in MOVES:
                name = i18n._(move.name)
                translated[slug(name)] = move
                translated[slug(re.sub(r"^the\s+", "", name, flags=re.IGNORECASE))] = move
    return translated | MOVE_BY_SLUG
