"""/mano throughput over a long game night in many chats, against its durable floor.

The night's hands go four ways, measured in the same run: the real Application (/mano); a
bare echo handler; the durable floor, raw ``sqlite3`` writing the rows one hand writes with
a durable commit; and the same statements through the project's stack (``storage.Database``:
SQLAlchemy's async engine and aiosqlite), the smallest unit of work a hand needs there
(``bench.floor`` says what they write). /mano is judged against the floor (≤ 10×); the echo
and the stack's unit are reported beside it.

Both Applications get the same updates (built beforehand, the same way) and talk to the
same kind of instant Bot API. /mano runs the real Application on an SQLite file in WAL mode
in a temporary directory; the echo Application has one CommandHandler that replies with the
message's text. The floor and the stack's unit write on files of their own in the same
directory, same schema (the project's migrations), same WAL and ``synchronous=FULL``. The
night is fed in blocks, the four taking turns, so that a noisy moment of the machine weighs
on all of them.

/mano is measured without the forecast's line ("Chi vince? …", issue 18), as the floor writes
nothing of it; a fifth Application on a database of its own, fed the same night in the same
blocks, measures /mano with the line, as a chat has it by default (what it reads read in the
hand's own unit of work, the chances worked out in a thread, the chat's history read once a
game and kept), judged against /mano without it (≤ 1.5×, issue 22).

A game's last hand also sends the game's chart: here the chart is a fixed tiny PNG, since
drawing it is measured on its own (``/grafico``) and would otherwise be most of the night.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar, cast

from telegram import Update
from telegram.ext import Application

from bench import floor
from bench.common import (
    Figure,
    InstantRequest,
    Typist,
    bot_running,
    echo_application,
    median,
    percentile,
    sqlite_url,
    to_update,
)
from bot.render import Renderer
from scoring import tamalo

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca", "Marta",
         "Nino", "Olga", "Piero")  # fmt: skip
#: The floor's warm-up chats: the night's, this far away.
WARM = 1_000_000
#: The smallest PNG there is (1×1, white): what the stand-in renderer "draws".
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c4944415408d763f8ffff3f0005fe02fea7d6a4d80000000049454e44ae426082"
)

T = TypeVar("T")


class NoCharts(Renderer):
    """Charts already drawn: the final chart of each game costs nothing here."""

    async def draw(self, draw: Callable[..., T], *args: object) -> T:
        if draw.__name__ in {"draw_game", "draw_night"}:  # a game's or a night's chart
            return cast(T, TINY_PNG)
        return await super().draw(draw, *args)


def random_hand(rng: random.Random, players: Sequence[str]) -> tuple[dict[str, int], str | None]:
    totals = {p: rng.choice([0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 18, 23]) for p in players}
    caller = rng.choice([None, None, *players])
    if caller is not None:
        totals[caller] = rng.choice([0, 1, 2, 3, 4, 6])
    return totals, caller


def chat_script(rng: random.Random, hands: int) -> list[str]:
    """One chat's evening: a game of 4 to 6 friends, another when it ends, ``hands`` hands
    in all. The rules engine says when a game ends."""
    texts: list[str] = []
    players = rng.sample(NAMES, rng.randint(4, 6))
    game: tamalo.Game | None = None
    for _ in range(hands):
        if game is None or game.is_over():
            game = tamalo.Game(tuple(players))
            texts.append("/nuova " + " ".join(players))
        totals, caller = random_hand(rng, players)
        hand = tamalo.Hand(tuple(tamalo.Report(p, t) for p, t in totals.items()), caller)
        game = game.with_hand(hand)
        called = f" t={caller}" if caller else ""
        texts.append("/mano " + " ".join(f"{p} {t}" for p, t in totals.items()) + called)
    return texts


def game_night(chats: int, hands: int, seed: int = 6) -> list[tuple[int, str]]:
    """(chat, text) in the order they arrive: the chats take turns, as at a busy night."""
    rng = random.Random(seed)
    scripts = [(-100_000 - n, chat_script(rng, hands)) for n in range(chats)]
    night: list[tuple[int, str]] = []
    for turn in range(max(len(texts) for _, texts in scripts)):
        night += [(chat, texts[turn]) for chat, texts in scripts if turn < len(texts)]
    return night


@dataclass
class Feed:
    """Updates of one Application and the time its /mano updates took."""

    app: Application[Any, Any, Any, Any, Any, Any]
    updates: list[Update]
    #: Seconds each /mano took, in order.
    times: list[float] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return sum(self.times)

    @property
    def hands(self) -> int:
        return len(self.times)

    async def run(self, block: slice) -> None:
        for update in self.updates[block]:
            start = time.perf_counter()
            await self.app.process_update(update)
            if update.message is not None and (update.message.text or "").startswith("/mano"):
                self.times.append(time.perf_counter() - start)


async def measure(quick: bool = False) -> list[Figure]:
    chats, hands, blocks = (6, 10, 2) if quick else (20, 20, 6)
    night = game_night(chats, hands)
    typist = Typist()
    messages = [typist.message(chat, text) for chat, text in night]
    # The same hands for the floor and the stack's unit (None where the night starts a game:
    # they keep one game a chat, which writes the same rows a hand).
    written = [
        floor.parse_mano(chat, message["message"]["message_id"], text)
        if text.startswith("/mano")
        else None
        for (chat, text), message in zip(night, messages, strict=True)
    ]
    players = {chat: text.split()[1:] for chat, text in reversed(night) if text[:6] == "/nuova"}
    # Their warm-up: the night's first hands again, in chats of their own.
    warm_hands = [replace(hand, chat_id=hand.chat_id - WARM) for hand in written[:60] if hand]
    players |= {chat - WARM: names for chat, names in players.items()}
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        database = Path(directory) / "tamalo.db"
        floor_file, unit_file = Path(directory) / "floor.db", Path(directory) / "unit.db"
        tables = await floor.prepare(floor_file, players)
        shutil.copyfile(floor_file, unit_file)  # closed and checkpointed: one whole file
        raw, unit = floor.Floor(floor_file, tables), floor.StackUnit(unit_file, tables)
        request, echo_request = InstantRequest(), InstantRequest()
        forecast_request = InstantRequest()
        bare = echo_application(echo_request, ("mano", "nuova"))
        with_line = Path(directory) / "forecast"
        with_line.mkdir()
        async with (
            bot_running(sqlite_url(Path(directory)), request) as app,
            bot_running(sqlite_url(with_line), forecast_request) as forecasting,
            bare,
        ):
            app.bot_data.renderer = NoCharts(0)
            app.bot_data.forecast_lines = False  # the floor writes nothing of it
            forecasting.bot_data.renderer = NoCharts(0)
            synchronous = await _pragma(app.bot_data.db.engine, "synchronous")
            same = {synchronous, str(raw.synchronous()), str(await unit.synchronous())}
            assert same == {"2"}, f"not all synchronous=FULL: {same}"
            tamalo = Feed(app, [to_update(app.bot, m) for m in messages])
            reference = Feed(bare, [to_update(bare.bot, m) for m in messages])
            lined = Feed(forecasting, [to_update(forecasting.bot, m) for m in messages])
            # A warm-up night in chats of their own: first-use costs (compiled queries,
            # the first connection) are not part of a long night.
            warm = [typist.message(-1 - n % 3, t) for n, (_, t) in enumerate(night[:60])]
            await Feed(app, [to_update(app.bot, m) for m in warm]).run(slice(None))
            await Feed(bare, [to_update(bare.bot, m) for m in warm]).run(slice(None))
            await Feed(forecasting, [to_update(forecasting.bot, m) for m in warm]).run(slice(None))
            for hand in warm_hands:
                raw.record(hand)
                await unit.record(hand)
            raw.times.clear()
            unit.times.clear()
            step = -(-len(messages) // blocks)
            for start in range(0, len(messages), step):
                block = slice(start, start + step)
                await reference.run(block)
                await tamalo.run(block)
                await lined.run(block)
                for mano in written[block]:
                    if mano is not None:
                        raw.record(mano)
                for mano in written[block]:
                    if mano is not None:
                        await unit.record(mano)
        raw.close()
        await unit.close()
        replies = request.calls["sendMessage"] - echo_request.calls["sendMessage"]
        lined_replies = forecast_request.calls["sendMessage"] - echo_request.calls["sendMessage"]
        stored = _stored_hands(database, [chat for chat, _ in night])
        stored_lined = _stored_hands(with_line / "tamalo.db", [chat for chat, _ in night])
        kept = {
            name: floor.stored(path) for name, path in (("floor", floor_file), ("unit", unit_file))
        }
    assert replies == 0, f"/mano sent {replies} replies more than the echo: a mistake?"
    assert stored == tamalo.hands, f"{tamalo.hands} hands sent, {stored} stored"
    assert lined_replies == 0, f"/mano with the line sent {lined_replies} replies more"
    assert stored_lined == lined.hands == tamalo.hands, f"{stored_lined} stored with the line"
    lines = sum(len(mano.totals) for mano in [*warm_hands, *written] if mano is not None)
    recorded = len(warm_hands) + tamalo.hands
    expected = {"hands": recorded, "lines": lines, "replies": recorded}
    for name, rows in kept.items():
        assert rows == expected, f"{name}: {rows} stored, {expected} written"
    assert raw.hands == unit.hands == tamalo.hands
    # Medians: a hand's fsync now and then waits behind the other tenants' disk writes,
    # for up to a hundred times the floor's own cost; a mean would judge that, not the code.
    # The means, and how the times spread, are kept in the details.
    spread = {
        "/mano": _spread(tamalo.times),
        "/mano with the forecast line": _spread(lined.times),
        "echo": _spread(reference.times),
        "floor": _spread(raw.times),
        "stack unit": _spread(unit.times),
    }
    per_hand, per_echo = spread["/mano"]["median"], spread["echo"]["median"]
    per_lined = spread["/mano with the forecast line"]["median"]
    per_floor, per_unit = spread["floor"]["median"], spread["stack unit"]["median"]
    means = {name: figures["mean"] for name, figures in spread.items()}
    details: dict[str, object] = {"hands": tamalo.hands, "chats": chats, "ms": spread}
    summary = (
        f"forecast line off; median of {tamalo.hands} hands in {chats} chats "
        f"(mean {means['/mano']:.2f} ms, "
        f"{means['/mano'] / means['floor']:.1f}× the floor's {means['floor']:.2f}); "
        f"all {stored} hands read back after shutdown; WAL, synchronous={synchronous}"
    )
    floor_note = (
        "raw sqlite3 on the project's schema: claim the message, read the game (its "
        "snapshot) with the chat's language, insert the hand and its lines, write the game's "
        "snapshot, keep the answer; one durable commit a hand, every row read back"
    )
    return [
        Figure(
            "/mano per hand",
            per_hand,
            "ms",
            "durable floor",
            per_floor,
            8.0,
            note=f"{summary}. Floor: {floor_note}",
            details=details,
        ),
        Figure(
            "/mano with the forecast line",
            per_lined,
            "ms",
            "/mano without",
            per_hand,
            1.5,
            note="the same night on a database of its own, each reply ending with "
            f'"Chi vince? …" as chats have it by default (mean '
            f"{means['/mano with the forecast line']:.2f} ms, "
            f"{means['/mano with the forecast line'] / means['floor']:.1f}× the floor's); "
            "what the line reads is read in the hand's own unit of work, its chances worked "
            "out in a thread",
        ),
        Figure(
            "/mano per hand, against the echo",
            per_hand,
            "ms",
            "echo handler",
            per_echo,
            note=f"bare PTB echo command (mean {means['echo']:.2f} ms)",
        ),
        Figure(
            "stack's smallest unit per hand",
            per_unit,
            "ms",
            "durable floor",
            per_floor,
            note="the floor's statements through storage.Database (SQLAlchemy async engine, "
            f"aiosqlite), one transaction a hand (mean {means['stack unit']:.2f} ms)",
        ),
    ]


def _spread(times: Sequence[float]) -> dict[str, float]:
    """How long the hands took, in ms: mean, median, 90th and 99th percentile, longest."""
    ms = [t * 1000 for t in times]
    return {
        "mean": round(sum(ms) / len(ms), 4),
        "median": round(median(ms), 4),
        "p90": round(percentile(ms, 0.9), 4),
        "p99": round(percentile(ms, 0.99), 4),
        "max": round(max(ms), 4),
    }


async def _pragma(engine: Any, name: str) -> str:
    async with engine.connect() as connection:
        value = (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
    return str(value)


def _stored_hands(database: Path, chats: Sequence[int]) -> int:
    """Hands stored in the night's chats, read back by a new connection after shutdown."""
    connection = sqlite3.connect(database)
    try:
        mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal", mode
        marks = ",".join("?" * len(set(chats)))
        query = (
            "SELECT count(*) FROM hands JOIN games ON games.id = hands.game_id "
            f"WHERE games.chat_id IN ({marks})"
        )
        count: int = connection.execute(query, sorted(set(chats))).fetchone()[0]
        return count
    finally:
        connection.close()
