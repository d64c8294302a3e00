"""Tamalo's own commands and the hooks the shared ones call: ``tournament`` (/torneo),
``target`` (the lower target's button at /nuova contro), ``forecast`` (/previsione and the
forecast's line under a hand's reply)."""
