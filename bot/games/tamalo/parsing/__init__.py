"""Tamalo's command arguments to values: ``new_game`` (its modes and options at /nuova, and
/torneo), ``hands`` (a hand's totals and its markers ``t=``, ``ct=``, ``f=``), ``fixes``
(which hand /correggi fixes), ``seats`` (/entra, /esci, which table of a tournament) and
``moves`` (/mossa)."""

from bot.games.tamalo.parsing.fixes import parse_fix
from bot.games.tamalo.parsing.hands import parse_hand, parse_value
from bot.games.tamalo.parsing.moves import parse_move
from bot.games.tamalo.parsing.new_game import (
    MAX_PLAYERS,
    NewGame,
    parse_new_game,
    parse_tournament,
)
from bot.games.tamalo.parsing.seats import (
    CloseToSeated,
    parse_join,
    parse_leave,
    parse_table,
    pick_table,
)

__all__ = [
    "MAX_PLAYERS",
    "CloseToSeated",
    "NewGame",
    "parse_fix",
    "parse_hand",
    "parse_join",
    "parse_leave",
    "parse_move",
    "parse_new_game",
    "parse_table",
    "parse_tournament",
    "parse_value",
    "pick_table",
]
