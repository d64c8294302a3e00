"""Tamalo's command arguments to values: ``new_game`` (its modes and options at /nuova, and
/torneo) and ``hands`` (a hand's totals and its markers ``t=``, ``ct=``, ``f=``)."""

from bot.games.tamalo.parsing.hands import parse_hand, parse_value
from bot.games.tamalo.parsing.new_game import (
    MAX_PLAYERS,
    NewGame,
    parse_new_game,
    parse_tournament,
)

__all__ = [
    "MAX_PLAYERS",
    "NewGame",
    "parse_hand",
    "parse_new_game",
    "parse_tournament",
    "parse_value",
]
