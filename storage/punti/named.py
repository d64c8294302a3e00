"""The points games of a chat by the name it gave them (``nome=Scopa``): each game stores its
name as its ``variant`` (casefolded, what its history is grouped by) and its rules in its
``options``; a name's rules are those it was first declared with."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage import models
from storage.snapshots import StoredLine
from storage.states import GameState

KIND = "punti"


@dataclass(frozen=True)
class RoundLine:
    """A player's line of a round: their side's points (a team's on each of its players)."""

    player: str
    points: int

    def stored(self, player_id: int) -> StoredLine:
        return StoredLine(player_id, self.points, 0)

    def row(self, hand_id: int, player_id: int, position: int) -> dict[str, object]:
        return {
            "hand_id": hand_id,
            "player_id": player_id,
            "position": position,
            "value": self.points,
            "flags": 0,
            "points": self.points,
        }


@dataclass(frozen=True)
class NamedGame:
    """A name a chat gave its points games: as first typed, its rules (the first game's
    options) and how many games were played under it."""

    key: str  # casefolded: the word ``/nuova`` takes
    name: str
    options: dict[str, object]
    played: int


class NamedGames:
    """The chat's named points games, inside the caller's unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def of_chat(self, chat_id: int) -> dict[str, NamedGame]:
        """Every name the chat gave its points games, by its key, in the order first given
        (one statement)."""
        game = models.Game
        first = (
            select(game.variant, func.min(game.id).label("first"), func.count().label("played"))
            .where(
                game.chat_id == chat_id,
                game.kind == KIND,
                game.variant.is_not(None),
                game.state != GameState.ANNULLED.value,
            )
            .group_by(game.variant)
            .subquery()
        )
        rows = await self.session.execute(
            select(first.c.variant, game.options, first.c.played)
            .join(game, game.id == first.c.first)
            .order_by(first.c.first)
        )
        named: dict[str, NamedGame] = {}
        for key, text, played in rows:
            options = json.loads(text) if text else {}
            named[key] = NamedGame(key, str(options.get("name", key)), options, played)
        return named
