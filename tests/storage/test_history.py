"""The forecast's history as the database counts it: the same counts as the hands
themselves give (``ChatHistory.from_hands``), for one chat and mode, annulled games aside."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from scoring.tamalo import Hand, Mode, Report, Rules, score_hand
from scoring.tamalo.forecast.history import ChatHistory
from storage import Database, models
from storage.schema import upgrade_schema
from storage.tamalo import flags_of
from storage.tamalo.history import HistoryStore

CHAT, OTHER = -100, -200


def hand(totals: dict[str, int], caller: str | None = None, counter: str | None = None,
         out: frozenset[str] = frozenset()) -> Hand:  # fmt: skip
    return Hand(tuple(Report(p, t) for p, t in totals.items()), caller, counter, out)


CLASSIC = [
    hand({"Anna": 3, "Bruno": 12, "Carla": 7}, "Anna"),
    hand({"Anna": 0, "Bruno": 4, "Carla": 0}, "Bruno", out=frozenset({"Anna", "Carla"})),
    hand({"Anna": 9, "Bruno": 12, "Carla": 7}),
]
FOURS = [hand({"Anna": 5, "Bruno": 12, "Carla": 7, "Dario": 3}, "Dario")]
CONTRO = [
    hand({"Anna": 3, "Bruno": 2, "Carla": 0}, "Anna", "Bruno", frozenset({"Carla"})),
    hand({"Anna": 1, "Bruno": 2, "Carla": 9}, "Carla"),
]


PLAYERS: dict[tuple[int, str], models.Player] = {}


async def store(session: AsyncSession, chat: int, mode: Mode, state: str, hands: Sequence[Hand]):
    """A game with ``hands`` written as the bot writes them."""
    players = {}
    for name in sorted({p for h in hands for p in h.players}):
        if (chat, name) not in PLAYERS:
            PLAYERS[chat, name] = models.Player(chat_id=chat, name=name, name_key=name.lower())
            session.add(PLAYERS[chat, name])
        players[name] = PLAYERS[chat, name]
    game = models.Game(chat_id=chat, kind="tamalo", variant=mode.value, state=state)
    session.add(game)
    await session.flush()
    rules = Rules(mode=mode)
    for number, played in enumerate(hands, start=1):
        row = models.HandRow(game_id=game.id, number=number)
        session.add(row)
        await session.flush()
        points = score_hand(played, rules).points
        for position, report in enumerate(played.reports):
            session.add(
                models.HandResult(
                    hand_id=row.id,
                    player_id=players[report.player].id,
                    position=position,
                    value=report.total,
                    flags=flags_of(
                        report.player == played.caller,
                        report.player == played.counter_caller,
                        report.player in played.out,
                    ),
                    points=points[report.player],
                )
            )
    await session.flush()
    return game.id


def same(stored: ChatHistory, counted: ChatHistory) -> None:
    assert (stored.hands, stored.called) == (counted.hands, counted.called)
    assert set(stored.players) == set(counted.players)
    for name, mine in stored.players.items():
        theirs = counted.players[name]
        assert math.isclose(mine.share, theirs.share), name
        assert (mine.hands, mine.outs, mine.chances) == (theirs.hands, theirs.outs, theirs.chances)
        assert dict(mine.totals) == dict(theirs.totals), name
        assert dict(mine.calls) == dict(theirs.calls), name
        assert dict(mine.counters) == dict(theirs.counters), name


async def test_a_chat_history_counts_its_hands_like_the_hands_do(db: Database) -> None:
    await upgrade_schema(db)
    PLAYERS.clear()
    async with db.transaction() as session:
        session.add_all([models.Chat(id=CHAT), models.Chat(id=OTHER)])
        await session.flush()
        await store(session, CHAT, Mode.CLASSIC, "finished", CLASSIC)
        running = await store(session, CHAT, Mode.CLASSIC, "running", FOURS)
        await store(session, CHAT, Mode.CLASSIC, "annulled", CLASSIC)
        await store(session, CHAT, Mode.CONTRO, "finished", CONTRO)
        await store(session, OTHER, Mode.CLASSIC, "finished", CLASSIC)
    async with db.reading() as session:
        history = HistoryStore(session)
        same(
            await history.chat_history(CHAT, Mode.CLASSIC), ChatHistory.from_hands(CLASSIC + FOURS)
        )
        same(await history.chat_history(CHAT, Mode.CONTRO), ChatHistory.from_hands(CONTRO))
        left_out = await history.chat_history(CHAT, Mode.CLASSIC, leave_out=running)
        same(left_out, ChatHistory.from_hands(CLASSIC))
        same(await history.chat_history(-300, Mode.CLASSIC), ChatHistory())


async def test_only_the_latest_games_count(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    await upgrade_schema(db)
    PLAYERS.clear()
    monkeypatch.setattr("storage.tamalo.history.RECENT_GAMES", 1)
    async with db.transaction() as session:
        session.add(models.Chat(id=CHAT))
        await session.flush()
        await store(session, CHAT, Mode.CLASSIC, "finished", CLASSIC)  # older: left behind
        await store(session, CHAT, Mode.CLASSIC, "finished", FOURS)
        await store(session, CHAT, Mode.CLASSIC, "annulled", CLASSIC)
    async with db.reading() as session:
        history = HistoryStore(session)
        same(await history.chat_history(CHAT, Mode.CLASSIC), ChatHistory.from_hands(FOURS))
