"""Tagò in the bot, as pure functions over ``scoring.tago`` for the handlers wired through the
table of games: ``parsing`` reads each command's arguments (``words`` is what its parsers
share, ``choice`` the pair question's buttons), ``mistakes`` and ``refusals`` say what cannot
be taken, ``texts`` (the judge, the odds) and ``night_texts`` (the bank clerk) are the replies,
written with ``amounts``; ``answers`` are the replies that need no night, the odds worked out
off the event loop."""
