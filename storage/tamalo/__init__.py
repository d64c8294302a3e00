"""What only Tamalo stores: its kind, its hands' lines with their flags (caller,
counter-caller, out, call won) and points (``hands``), the named moves (``named``), the
forecast's history (``history``), its statistics (``stats``). Plain values: Tamalo's engine
is run by ``play``."""

from storage.tamalo.hands import CALLER, COUNTER, OUT, TAMALO, WON, HandLine, flags_of

__all__ = ["CALLER", "COUNTER", "OUT", "TAMALO", "WON", "HandLine", "flags_of"]
