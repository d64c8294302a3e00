"""What the chat looks at in Tamalo (``/classifica``, ``/grafico``): the running game, every
table of a tournament, or else the last game played (``play.tamalo.views.shown_games``)."""

from __future__ import annotations

from bot.table import Turn
from play.tamalo import views
from play.tamalo.records import GameRecord


async def shown_games(turn: Turn) -> list[GameRecord]:
    return await views.shown_games(turn.work, turn.front)
