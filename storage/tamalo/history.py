"""A chat's past hands in one scoring mode, counted by the database for the forecast
(``scoring.tamalo.forecast.history``): a few grouped rows whatever the number of hands.

Every hand of the chat's latest ``RECENT_GAMES`` games in the mode that are not annulled
counts, the running game's included, unless the caller leaves a game out (the one being
forecast: then the history only changes when a game ends, and can be kept until then).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from scoring.tamalo import forecast as engine  # loads (with NumPy) at the first forecast
from scoring.tamalo.model import Mode
from storage import models
from storage.db import run
from storage.tamalo.hands import CALLER, COUNTER, OUT, TAMALO

if TYPE_CHECKING:
    from scoring.tamalo.forecast import ChatHistory, PlayerHistory

#: The state of a game annulled by a tres-sex vote (``storage.games.GameState.ANNULLED``).
ANNULLED = "annulled"
#: The state of a game played to its end or closed (``storage.games.GameState.FINISHED``).
FINISHED = "finished"
#: The chat's games counted: its latest, so that a player's form is recent and a chat with
#: years of games reads as fast as a young one.
RECENT_GAMES = 300


_GAMES: Any = models.Game.__table__
_CHATS: Any = models.Chat.__table__
_ENDED = (
    _GAMES.c.chat_id == bindparam("chat"),
    _GAMES.c.kind == TAMALO,
    _GAMES.c.variant == bindparam("mode"),
    _GAMES.c.state == FINISHED,
)
#: What a hand's forecast reads, in one statement built once: whether the chat wants it
#: (``/impostazioni previsione``), and ``games_ended``.
_FORECAST_KEY = select(
    select(_CHATS.c.forecast).where(_CHATS.c.id == bindparam("chat")).scalar_subquery(),
    select(func.count()).select_from(_GAMES).where(*_ENDED).scalar_subquery(),
    select(func.coalesce(func.max(_GAMES.c.id), 0)).where(*_ENDED).scalar_subquery(),
)


class HistoryStore:
    """Read-only: what the forecast knows of a chat's players."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def games_ended(self, chat_id: int, mode: Mode) -> tuple[int, int]:
        """How many of the chat's games in ``mode`` are finished, and the latest one's id: a
        history that leaves the running game out changes when these do (a cache's key)."""
        game = models.Game
        row = (
            await self.session.execute(
                select(func.count(), func.coalesce(func.max(game.id), 0)).where(
                    game.chat_id == chat_id,
                    game.kind == TAMALO,
                    game.variant == mode.value,
                    game.state == FINISHED,
                )
            )
        ).one()
        return int(row[0]), int(row[1])

    async def forecast_key(self, chat_id: int, mode: Mode) -> tuple[bool, tuple[int, int]]:
        """Whether the chat's hand replies carry the forecast's line, and ``games_ended``:
        one statement (on SQLite straight to aiosqlite, ``storage.db.run``), read by every
        hand."""
        connection = await self.session.connection()
        rows = await run(connection, _FORECAST_KEY, {"chat": chat_id, "mode": mode.value})
        wanted, ended, latest = rows[0]
        return wanted is None or bool(wanted), (int(ended), int(latest))

    async def chat_history(
        self, chat_id: int, mode: Mode, *, leave_out: int | None = None
    ) -> ChatHistory:
        line, hand, game = models.HandResult, models.HandRow, models.Game
        where = [
            game.chat_id == chat_id,
            game.kind == TAMALO,
            game.variant == mode.value,
            game.state != ANNULLED,
        ]
        if leave_out is not None:
            where.append(game.id != leave_out)
        # Recent form, and a read that stays cheap however old the chat: its last games only.
        oldest = (
            select(game.id)
            .where(*where)
            .order_by(game.id.desc())
            .limit(1)
            .offset(RECENT_GAMES - 1)
            .scalar_subquery()
        )
        # Each line with its hand's players and whether anyone called, in one pass.
        lines = (
            select(
                line.player_id,
                line.value,
                (line.flags.op("&")(CALLER) != 0).label("is_caller"),
                (line.flags.op("&")(COUNTER) != 0).label("is_counter_caller"),
                (line.flags.op("&")(OUT) != 0).label("is_out"),
                line.flags.op("&")(CALLER).label("caller"),
                func.count().over(partition_by=line.hand_id).label("seated"),
                func.max(line.flags.op("&")(CALLER))
                .over(partition_by=line.hand_id)
                .label("called"),
            )
            .join(hand, hand.id == line.hand_id)
            .join(game, game.id == hand.game_id)
            .where(*where, game.id >= func.coalesce(oldest, 0))
            .subquery()
        )
        chance = case((lines.c.called == CALLER, 1), else_=0) - lines.c.caller
        rows = await self.session.execute(
            select(
                models.Player.name,
                lines.c.value,
                lines.c.is_caller,
                lines.c.is_counter_caller,
                lines.c.is_out,
                func.count(),
                func.sum(1.0 / lines.c.seated),
                func.sum(chance),
            )
            .join(models.Player, models.Player.id == lines.c.player_id)
            .group_by(
                models.Player.name,
                lines.c.value,
                lines.c.is_caller,
                lines.c.is_counter_caller,
                lines.c.is_out,
            )
        )
        players = _players(rows)
        # Each hand's lines share one hand among its players, and each hand has one caller
        # at most: the chat's hands and calls add up from the players'.
        hands = round(sum(p.share for p in players.values()))
        called = sum(sum(p.calls.values()) for p in players.values())
        return engine.ChatHistory(players, hands, called)


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
        return engine.PlayerHistory(
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
