"""Command arguments to values: pure functions, each error a message for the chat.

One module per kind of argument: ``words`` (what every parser shares: words and names),
``new_game`` (/nuova, /torneo), ``hands`` (/mano, /correggi), ``seats`` (/entra,
/esce, which table), ``figures`` (/classifica, /leaderboard, /stats), ``people`` (/sonoio),
``moves`` (/mossa) and ``chat_settings`` (/impostazioni, /lingua). What the handlers use is
named here; ``UserError``, which they raise, is in ``bot.refusals``.
"""

from bot.parsing.chat_settings import parse_language, parse_settings, parse_timezone, parse_yes_no
from bot.parsing.figures import parse_leaderboard, parse_standings, parse_stats
from bot.parsing.hands import parse_fix, parse_hand, parse_value
from bot.parsing.moves import parse_move
from bot.parsing.new_game import MAX_PLAYERS, NewGame, parse_new_game, parse_tournament
from bot.parsing.people import Claim, parse_iam
from bot.parsing.seats import CloseToSeated, parse_join, parse_leave, parse_table, pick_table
from bot.parsing.words import MAX_NAME, parse_help, parse_name, parse_nothing, tokens

__all__ = [
    "MAX_NAME",
    "MAX_PLAYERS",
    "Claim",
    "CloseToSeated",
    "NewGame",
    "UserError",
    "parse_fix",
    "parse_hand",
    "parse_help",
    "parse_iam",
    "parse_join",
    "parse_language",
    "parse_leaderboard",
    "parse_leave",
    "parse_move",
    "parse_name",
    "parse_new_game",
    "parse_nothing",
    "parse_settings",
    "parse_standings",
    "parse_stats",
    "parse_table",
    "parse_timezone",
    "parse_tournament",
    "parse_value",
    "parse_yes_no",
    "pick_table",
    "tokens",
]
