"""The games the bot keeps score of, one package each (``bot.games.macchiavelli``)."""
