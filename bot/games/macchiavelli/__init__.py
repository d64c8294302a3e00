"""Macchiavelli in the bot: what is typed read into values (``parsing``), what is said
(``texts``), and the printable cards and score sheets of a tournament (``sheets``, drawn by
``printing``). Pure functions over the rules engine ``scoring.macchiavelli``; nothing here
reads the database or Telegram."""
