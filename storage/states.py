"""Where a game stands: running, finished or annulled, and its stage in a tournament."""

from __future__ import annotations

import enum


class GameState(enum.StrEnum):
    RUNNING = "running"
    FINISHED = "finished"
    #: Annulled by a tres-sex vote: kept, counted in no standings.
    ANNULLED = "annulled"


class Stage(enum.StrEnum):
    """Where a game stands in its tournament."""

    TABLE_1 = "1"
    TABLE_2 = "2"
    FINAL = "finale"
