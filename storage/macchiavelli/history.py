"""A chat's past Macchiavelli deals, counted by the database for "Chi vince?"
(``scoring.macchiavelli.forecast.history``): a few grouped rows whatever the number of deals.

Every deal of the chat's latest ``RECENT_GAMES`` Macchiavelli games that are not annulled
counts, but for the game being forecast (left out by the caller: its own deals are in its
match, and the history then changes only when a game ends, so it can be kept until then).
Only games with the same ``jokers`` setting count: a jolly left in hand is 25 points, and a
game with jokers is scored on other counts than one without.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from scoring.macchiavelli.forecast.history import DealHistory, PlayerDeals
from storage import models
from storage.db import run
from storage.macchiavelli import CLOSED, MACCHIAVELLI
from storage.states import GameState

#: The chat's games counted: its latest, so that a player's form is recent and a chat with
#: years of games reads as fast as a young one.
RECENT_GAMES = 300

_GAMES: Any = models.Game.__table__
_CHATS: Any = models.Chat.__table__
_ENDED = (
    _GAMES.c.chat_id == bindparam("chat"),
    _GAMES.c.kind == MACCHIAVELLI,
    _GAMES.c.state == GameState.FINISHED.value,
)
#: What a deal's forecast reads first, in one statement built once: whether the chat wants
#: it (``/impostazioni previsione``), and how many of its Macchiavelli games are finished and
#: the latest one's id (what a kept history is keyed by).
_FORECAST_KEY = select(
    select(_CHATS.c.forecast).where(_CHATS.c.id == bindparam("chat")).scalar_subquery(),
    select(func.count()).select_from(_GAMES).where(*_ENDED).scalar_subquery(),
    select(func.coalesce(func.max(_GAMES.c.id), 0)).where(*_ENDED).scalar_subquery(),
)


class DealHistoryStore:
    """Read-only: what the forecast knows of a chat's Macchiavelli players."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def forecast_key(self, chat_id: int) -> tuple[bool, tuple[int, int]]:
        """Whether the chat's deal replies carry the forecast's line, and how many of its
        Macchiavelli games are finished with the latest one's id: one statement, read by
        every deal of a game with an end."""
        connection = await self.session.connection()
        rows = await run(connection, _FORECAST_KEY, {"chat": chat_id})
        wanted, ended, latest = rows[0]
        return wanted is None or bool(wanted), (int(ended), int(latest))

    async def deal_history(
        self, chat_id: int, *, jokers: bool, leave_out: int | None = None
    ) -> DealHistory:
        """The chat's deals in its games with this ``jokers`` setting, but ``leave_out``'s:
        one grouped statement (by player, points, closed and the game's options, read as
        JSON here: the options' text is the same for the same rules)."""
        line, hand, game = models.HandResult, models.HandRow, models.Game
        where = [
            game.chat_id == chat_id,
            game.kind == MACCHIAVELLI,
            game.state != GameState.ANNULLED.value,
        ]
        if leave_out is not None:
            where.append(game.id != leave_out)
        oldest = (
            select(game.id)
            .where(*where)
            .order_by(game.id.desc())
            .limit(1)
            .offset(RECENT_GAMES - 1)
            .scalar_subquery()
        )
        # Each line with its game's options and its deal's players, in one pass.
        lines = (
            select(
                line.player_id,
                line.points,
                (line.flags.op("&")(CLOSED) != 0).label("closed"),
                game.options,
                func.count().over(partition_by=line.hand_id).label("seated"),
            )
            .join(hand, hand.id == line.hand_id)
            .join(game, game.id == hand.game_id)
            .where(*where, game.id >= func.coalesce(oldest, 0))
            .subquery()
        )
        rows = await self.session.execute(
            select(
                models.Player.name,
                lines.c.options,
                lines.c.points,
                lines.c.closed,
                func.count(),
                func.sum(1.0 / lines.c.seated),
            )
            .join(models.Player, models.Player.id == lines.c.player_id)
            .group_by(models.Player.name, lines.c.options, lines.c.points, lines.c.closed)
        )
        return _history(rows, jokers)


def _history(rows: Iterable[Any], jokers: bool) -> DealHistory:
    """Grouped lines → the counts ``DealHistory.from_deals`` makes of the same deals."""
    points: dict[str, Counter[int]] = defaultdict(Counter)
    share: dict[str, float] = defaultdict(float)
    closed = 0
    with_jokers: dict[str | None, bool] = {}
    for name, options, total, out, count, shared in rows:
        if options not in with_jokers:
            with_jokers[options] = bool(json.loads(options or "{}").get("jokers", False))
        if with_jokers[options] != jokers:
            continue
        points[name][int(total)] += int(count)
        share[name] += float(shared)
        closed += int(count) if out else 0
    players = {name: PlayerDeals(dict(row), share[name]) for name, row in points.items()}
    # Each deal's lines share one deal among its players: the deals add up from the shares.
    deals = round(sum(share.values()))
    return DealHistory(players, deals, closed)
