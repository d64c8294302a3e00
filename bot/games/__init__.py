"""The games the bot keeps score of, one package each (``bot.games.tago``). The table of
games is the per-game seam's; this module stands in for it until that is merged."""
