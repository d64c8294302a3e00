"""Refusals checked at the parsers, without a bot: what each command's parser answers."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.tamalo.parsing import NewGame, parse_hand, parse_join, parse_new_game
from bot.refusals import UserError

#: What each command's parser is given in a game of plain seats (no tournament, nobody left).
PARSERS: dict[str, Callable[[str, NewGame], object]] = {
    "/mano": lambda args, game: parse_hand(args, game.players, game.rules),
    "/entra": lambda args, game: parse_join(args, game.players),
}


def at_the_parser(typed: str) -> bool:
    """Whether the refusal of ``typed`` is its parser's (a game's rules, or a game running
    or not, are the bot's: only the chat tests see them)."""
    return typed.split()[0] in PARSERS


def refusal(new_game: str, typed: str) -> str:
    """What the parser of ``typed`` answers in a game started with ``new_game``, as the bot
    hands it the command's arguments."""
    command, *args = typed.split()
    game = parse_new_game(" ".join(new_game.split()[1:]))
    with pytest.raises(UserError) as refused:
        PARSERS[command](" ".join(args), game)
    return refused.value.message
