"""Every message the bot sends, one module per feature: ``common``, ``mistakes``, ``setup``,
``hands``, ``game``, ``vote``, ``stats``, ``people``, ``settings``, ``lore``,
``help``; ``forecast_lines``, language-neutral, lays out any game's "Chi vince?" line.
What one game alone says is in its own ``bot.games.<game>.texts``.

``common`` holds what several features say; the others hold what one feature says, and import
only ``common`` and the features listed before them, never in a cycle.

Each text is written in Italian, the default language, and is a message id of the gettext
catalogue (``bot.i18n``). Every text is a function that looks itself up in the catalogue of
the language in force each time it is called: ``texts.common.no_running_game()`` is Italian
or English according to the chat, wherever and however it is imported. A text without
parameters is a function too, never a constant read once: a constant would keep the language
it was read in. Constants that are not texts (``common.CONTRO_TARGET``, word lists) stay
constants.
"""

from bot.texts import (
    common,
    game,
    hands,
    help,
    lore,
    mistakes,
    people,
    periods,
    settings,
    setup,
    stats,
    vote,
)

__all__ = [
    "common",
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
    "vote",
]
