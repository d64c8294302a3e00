"""What only Tamalo stores: its rules as the games' columns, its hands' lines with their
markers (caller, counter-caller, out) and points, the entries with the buttons, the hands
kept waiting, the named moves. Plain values: Tamalo's engine is run by ``play``."""

from storage.tamalo.hands import TAMALO, HandLine, options_of, rules_columns

__all__ = ["TAMALO", "HandLine", "options_of", "rules_columns"]
