"""A chat's past hands in one scoring mode, counted by the database for the forecast
(``scoring.history``): a few grouped rows whatever the number of hands.

Every hand of the chat's games in the mode that are not annulled counts, the running game's
included, unless the caller leaves a game out (the one being forecast, to backtest).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import Integer, case, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from scoring.history import ChatHistory, PlayerHistory
from scoring.model import Mode
from storage import models

#: The state of a game annulled by a tres-sex vote (``storage.games.GameState.ANNULLED``).
ANNULLED = "annulled"


class HistoryStore:
    """Read-only: what the forecast knows of a chat's players."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def chat_history(
        self, chat_id: int, mode: Mode, *, leave_out: int | None = None
    ) -> ChatHistory:
        line, hand, game = models.HandResult, models.HandRow, models.Game
        where = [game.chat_id == chat_id, game.mode == mode.value, game.state != ANNULLED]
        if leave_out is not None:
            where.append(game.id != leave_out)
        # Each hand: how many were seated, and whether anyone called Tamalo.
        hands = (
            select(
                line.hand_id.label("hand_id"),
                func.count().label("seated"),
                func.max(cast(line.is_caller, Integer)).label("called"),
            )
            .join(hand, hand.id == line.hand_id)
            .join(game, game.id == hand.game_id)
            .where(*where)
            .group_by(line.hand_id)
            .subquery()
        )
        count, called = (
            await self.session.execute(
                select(func.count(), func.coalesce(func.sum(hands.c.called), 0))
            )
        ).one()
        chance = case((hands.c.called == 1, 1), else_=0) - cast(line.is_caller, Integer)
        rows = await self.session.execute(
            select(
                models.Player.name,
                line.reported_total,
                line.is_caller,
                line.is_counter_caller,
                line.is_out,
                func.count(),
                func.sum(1.0 / hands.c.seated),
                func.sum(chance),
            )
            .join(hands, hands.c.hand_id == line.hand_id)
            .join(models.Player, models.Player.id == line.player_id)
            .group_by(
                models.Player.name,
                line.reported_total,
                line.is_caller,
                line.is_counter_caller,
                line.is_out,
            )
        )
        return ChatHistory(_players(rows), int(count), int(called))


@dataclass
class _Counts:
    hands: int = 0
    share: float = 0.0
    totals: dict[int, int] = field(default_factory=dict)
    outs: int = 0
    calls: dict[int, int] = field(default_factory=dict)
    chances: int = 0
    counters: dict[int, int] = field(default_factory=dict)

    def add(self, total: int, caller: bool, counter: bool, out: bool, lines: int) -> None:
        if caller:
            self.calls[total] = self.calls.get(total, 0) + lines
        elif counter:
            self.counters[total] = self.counters.get(total, 0) + lines
        elif out:
            self.outs += lines
        else:
            self.totals[total] = self.totals.get(total, 0) + lines

    def history(self) -> PlayerHistory:
        return PlayerHistory(
            self.hands, self.share, self.totals, self.outs, self.calls, self.chances, self.counters
        )


def _players(
    rows: Iterable[tuple[str, int, bool, bool, bool, int, float, int]],
) -> dict[str, PlayerHistory]:
    """Grouped lines → each player's counts, as ``ChatHistory.from_hands`` counts them."""
    counts: dict[str, _Counts] = defaultdict(_Counts)
    for name, total, caller, counter, out, lines, share, chances in rows:
        player = counts[name]
        player.hands += int(lines)
        player.share += float(share)
        player.chances += int(chances or 0)
        player.add(int(total), bool(caller), bool(counter), bool(out), int(lines))
    return {name: player.history() for name, player in counts.items()}
