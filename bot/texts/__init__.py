"""The messages every game shares, one module per feature: ``common`` (names, numbers, the
commands' names), ``mistakes`` (names and arguments refused, the shared refusals),
``people`` (/sonoio), ``settings`` (/impostazioni, /lingua), ``vote`` (a vote of a game's
players), ``periods`` (a ladder's period), ``help`` (/aiuto's frame);
``forecast_lines``, language-neutral, lays out any game's "Chi vince?" line. What one game
alone says is in its own ``bot.games.<game>.texts``.

Each text is written in Italian, the default language, and is a message id of the gettext
catalogue (``bot.i18n``). Every text is a function that looks itself up in the catalogue of
the language in force each time it is called: ``texts.common.no_running_game()`` is Italian
or English according to the chat, wherever and however it is imported. A text without
parameters is a function too, never a constant read once: a constant would keep the language
it was read in.
"""

from bot.texts import board, common, help, mistakes, people, periods, settings, vote

__all__ = ["board", "common", "help", "mistakes", "people", "periods", "settings", "vote"]
