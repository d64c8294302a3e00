"""Command arguments to values: pure functions, each error a message for the chat.

One module per kind of argument: ``words`` (what every parser shares: words and names),
``figures`` (/classifica, /leaderboard, /stats), ``people`` (/sonoio) and ``chat_settings``
(/impostazioni, /lingua). What the handlers use is named here; a game's own
arguments (its options at /nuova, its hands at /mano) are parsed by its own module,
``bot.games.<game>.parsing``. ``UserError``, which they raise, is in ``bot.refusals``.
"""

from bot.parsing.chat_settings import parse_language, parse_settings, parse_timezone, parse_yes_no
from bot.parsing.figures import parse_leaderboard, parse_standings, parse_stats
from bot.parsing.people import Claim, parse_iam
from bot.parsing.words import MAX_NAME, parse_help, parse_name, parse_nothing, tokens

__all__ = [
    "MAX_NAME",
    "Claim",
    "UserError",
    "parse_help",
    "parse_iam",
    "parse_language",
    "parse_leaderboard",
    "parse_name",
    "parse_nothing",
    "parse_settings",
    "parse_standings",
    "parse_stats",
    "parse_timezone",
    "parse_yes_no",
    "tokens",
]
