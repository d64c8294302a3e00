"""Tagò in the bot: its commands' arguments read (``parsing``), the refusals of its rules
in words (``mistakes``), its replies (``texts``, ``amounts``) and the odds run off the event
loop (``figures``). Pure functions over ``scoring.tago``: the handlers that call them are
wired through the table of games."""
