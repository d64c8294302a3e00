"""What Tamalo says: ``words`` (its modes, options, points and the commands that type a hand
again), ``setup`` (/nuova's options and players refused), ``hands`` (a hand's reply, the
standings), ``game`` (a game started, closed, reopened; who joins and leaves), ``mistakes``
(its markers and hands refused), ``stats`` (its figures), ``lore`` (its named moves, rules and
rumours), ``entry`` (its keypad's hand entry), ``forecast`` (the forecast's line and chart
words) and ``tournament`` (/torneo's tables and final). Written like ``bot.texts``: each text
a function, its Italian a message id of the one catalogue; the shared texts are named here
too (``common``, ``people``, ``settings``, ``vote``, ``help``, ``periods``), so that a Tamalo
module reads every text it says through one name."""

from bot.games.tamalo.texts import (
    entry,
    forecast,
    game,
    hands,
    lore,
    mistakes,
    setup,
    stats,
    tournament,
    words,
)
from bot.texts import common, help, people, periods, settings, vote

__all__ = [
    "common",
    "entry",
    "forecast",
    "game",
    "hands",
    "help",
    "lore",
    "mistakes",
    "people",
    "periods",
    "settings",
    "setup",
    "stats",
    "tournament",
    "vote",
    "words",
]
