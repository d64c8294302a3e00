"""What only Tamalo stores: its rules as the games' columns and its hands' lines with their
markers (caller, counter-caller, out) and points (``hands``), the entries with the buttons
(``entries``), the named moves (``named``), the forecast's history (``history``). Plain
values: Tamalo's engine is run by ``play``."""

from storage.tamalo.hands import TAMALO, HandLine, options_of, rules_columns

__all__ = ["TAMALO", "HandLine", "options_of", "rules_columns"]
