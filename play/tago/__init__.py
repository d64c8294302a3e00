"""A night of Tagò as ``play`` works on it: the night rebuilt from its stored events by the
engine (``scoring.tago.Night``), and each command's change stored (``storage.tago``)."""
