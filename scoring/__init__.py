"""Pure rules engines, one package per game (``scoring.tamalo``, ``scoring.macchiavelli``,
``scoring.tago``), and what every game shares: the rules' base error (``scoring.errors``), the
rating ladder (``scoring.ratings``) and the forecast's shrinkage (``scoring.shrinkage``).

No I/O, no Telegram, no SQL (see docs/rules.md).
"""
